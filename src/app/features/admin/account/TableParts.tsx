/**
 * The header row of the account sections' plain tables, as the shared TableHead draws it, with
 * columns that a phone leaves out (`wide`), as the kit's DataTable does, so no table is wider
 * than the screen.
 */
export interface HeadColumn {
  label: string;
  wide?: boolean;
}

export const WIDE_CELL = 'hidden sm:table-cell';

export function ResponsiveTableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
      <tr>
        {columns.map((column, index) => (
          <th
            key={column.label}
            scope="col"
            className={`${index === 0 ? 'px-4 py-2 sm:pl-0' : 'px-4 py-2'} ${column.wide ? WIDE_CELL : ''}`}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
