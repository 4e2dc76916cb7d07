/**
 * CSV of a whole filtered list: every row the list's search, filters and sort select (its source
 * fetches them, in pages of 5000 from the resource API, spec §7), written with the shared RFC 4180
 * writer.
 */
import { toCsv } from '../../shared/csv.ts';
import type { Column } from './DataTable.tsx';

export function listCsv<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const exported = columns.filter((column) => column.csv);
  return toCsv(
    exported.map((column) => column.header),
    rows.map((row) => exported.map((column) => (column.csv as NonNullable<Column<T>['csv']>)(row))),
  );
}
