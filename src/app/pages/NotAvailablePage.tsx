import { Link, useLocation } from 'wouter';
import { findRoute, paths, type PageProps } from '../routes/index.ts';
import { buttonClass } from '../shared/Button.tsx';

/**
 * What a route shows while its feature is not built yet: honest, inside the shell, with the
 * route's title, breadcrumbs, guard and sidebar all working around it.
 */
export default function NotAvailablePage(_props: PageProps) {
  const [location] = useLocation();
  return (
    <section
      aria-labelledby="not-available-title"
      className="mx-auto mt-6 max-w-xl rounded-xl border border-dashed border-slate-300 bg-white px-8 py-12 text-center"
      data-testid="not-available"
    >
      <h1 id="not-available-title" className="mb-2 text-xl font-semibold text-slate-900">
        {findRoute(location).route.title.replace(/ \| Admin$/, '')}
      </h1>
      <p className="mb-6 text-slate-700">This area is not available yet.</p>
      <Link href={paths.home()} className={buttonClass('secondary')}>
        Go to the home page
      </Link>
    </section>
  );
}
