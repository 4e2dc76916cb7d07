import { Link } from 'wouter';
import { paths, type PageProps } from '../routes/index.ts';

export default function NotFoundPage(_props: PageProps) {
  return (
    <main className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="mb-2 text-2xl font-semibold text-slate-800">Page not found</h1>
      <p className="mb-6 text-slate-600">The page you asked for does not exist or has moved.</p>
      <Link href={paths.home()} className="font-medium">
        Go to the home page
      </Link>
    </main>
  );
}
