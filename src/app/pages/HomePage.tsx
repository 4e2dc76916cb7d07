import { usePageTitle } from '../usePageTitle.ts';

export function HomePage() {
  usePageTitle('Home');
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <h1 className="text-2xl font-semibold text-slate-800">Home</h1>
    </main>
  );
}
