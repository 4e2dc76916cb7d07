/**
 * The grid of link tiles the admin area opens with: the sections on /admin, the seven tables on
 * /admin/lookup-tables. One column on a phone, up to three on a laptop; each tile is one link.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export function LinkTiles<T>({
  items,
  label,
  keyOf,
  href,
  layout,
  children,
}: {
  items: readonly T[];
  /** The list's name, where no heading names it. */
  label?: string;
  keyOf: (item: T) => string;
  href: (item: T) => string;
  /** How a tile lays out what it holds (stacked, or side by side). */
  layout: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>
          <Link
            href={href(item)}
            className={`flex h-full ${layout} rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-900 no-underline shadow-sm hover:border-primary hover:bg-primary-faded-1`}
          >
            {children(item)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
