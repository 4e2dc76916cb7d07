/**
 * The header row of the app's plain data tables (row errors, upload results): small uppercase
 * column names, the first flush with the card's edge from the small breakpoint up.
 */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
      <tr>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={index === 0 ? 'px-4 py-2 sm:pl-0' : 'px-4 py-2'}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
