/**
 * A grid of cards, each one link: the admin home's sections, the lookup tables, the home page's
 * recent measurements. One column on a phone, two from the small breakpoint, three on a laptop.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The admin tiles' look: a title with a note or an arrow on one line. */
const TILE =
  'flex h-full rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-900 no-underline shadow-sm hover:border-primary hover:bg-primary-faded-1';

export function LinkCards<T>({
  items,
  keyOf,
  href,
  children,
  label,
  grid = 'lg:grid-cols-3',
  card,
  layout = 'flex-col gap-1',
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  href: (item: T) => string;
  /** A card's content. */
  children: (item: T) => ReactNode;
  /** The list's accessible name. */
  label?: string;
  /** The breakpoint at which three cards stand in a row. */
  grid?: string;
  /** The card's own look instead of the admin tile's. */
  card?: string;
  /** How an admin tile lays out its content. */
  layout?: string;
}) {
  return (
    <ul className={`grid gap-3 sm:grid-cols-2 ${grid}`} aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>
          <Link href={href(item)} className={card ?? `${TILE} ${layout}`}>
            {children(item)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** An admin tile: a page's title and a note beside or under it (a count, a badge, an arrow). */
export interface LinkTile {
  href: string;
  title: ReactNode;
  note: ReactNode;
}

/** Admin tiles, each one link; `layout` puts the note under the title (default) or at its right. */
export function LinkTiles({ tiles, label, layout }: { tiles: readonly LinkTile[]; label?: string; layout?: string }) {
  return (
    <LinkCards items={tiles} keyOf={(tile) => tile.href} href={(tile) => tile.href} label={label} layout={layout}>
      {(tile) => (
        <>
          <span className="font-medium">{tile.title}</span>
          {tile.note}
        </>
      )}
    </LinkCards>
  );
}
