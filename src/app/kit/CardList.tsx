import type { ReactNode } from 'react';
import { Skeleton } from '../shared/EmptyState.tsx';
import type { Identified } from './usePagedList.ts';

/** The rows as cards, for phones (DataTableProps.card); placeholders while the first page loads. */
export function CardList<T extends Identified>({
  rows,
  card,
  label,
  loading,
}: {
  rows: readonly T[];
  card: (row: T) => ReactNode;
  label: string;
  loading: boolean;
}) {
  if (loading && rows.length === 0)
    return (
      <div className="space-y-3 p-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  if (rows.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100" aria-label={label} aria-busy={loading || undefined}>
      {rows.map((row) => (
        <li key={row.id} className="p-3">
          {card(row)}
        </li>
      ))}
    </ul>
  );
}
