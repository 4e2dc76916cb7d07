/**
 * The plain tables of the account sections (access grants, a bulk-create report): the header row
 * as the shared TableHead draws it, with the columns a phone leaves out (`wide`, as the kit's
 * DataTable does), so no table is wider than the screen; and a table that scrolls sideways inside
 * its card, its scroll region named so a keyboard user can reach and scroll it.
 */
import type { ReactNode } from 'react';

export const WIDE_CELL = 'hidden sm:table-cell';

export function ScrollTable({
  label,
  region = label,
  columns,
  wide,
  children,
}: {
  label: string;
  /** What the scroll region is called, when it is not the table's name. */
  region?: string;
  /** The header labels, in order. */
  columns: readonly string[];
  /** The columns a phone leaves out (their cells carry WIDE_CELL). */
  wide: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={`${region}, scrollable`} tabIndex={0}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`${index === 0 ? 'px-4 py-2 sm:pl-0' : 'px-4 py-2'} ${wide.includes(column) ? WIDE_CELL : ''}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
