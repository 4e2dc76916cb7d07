/**
 * CSV export of a whole filtered list: every row the list's search, filters and sort select,
 * fetched in pages of 5000 (spec §7), written with the shared RFC 4180 writer.
 */
import { listAll, type Query } from '../../lib/api.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { toCsv } from '../../shared/csv.ts';
import type { Column } from './DataTable.tsx';

export async function exportCsv<T>(
  resource: ResourceName,
  query: Query,
  columns: readonly Column<T>[],
): Promise<string> {
  // The columns were declared for this resource's rows (the list that shows them is typed by it).
  const rows = (await listAll(resource, query)) as unknown as T[];
  const exported = columns.filter((column) => column.csv);
  return toCsv(
    exported.map((column) => column.header),
    rows.map((row) => exported.map((column) => (column.csv as NonNullable<Column<T>['csv']>)(row))),
  );
}
