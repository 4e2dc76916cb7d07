/**
 * The two column forms most admin sections list: a field of the row, and a reference shown by the
 * name of the row it points at. Both export the field as stored (a reference by its id), so the
 * CSV of a section reads back into its API; a section passes only what differs (a header, a cell
 * that formats, a sort, a column hidden on a phone).
 */
import type { ReactNode } from 'react';
import type { ResourceName, ResourceRow } from '../../../shared/schemas/index.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { RefName } from './RefName.tsx';

type Stored = string | number | null | undefined;
/** The fields of a row a cell shows as they are: text, numbers, ids. */
type StoredKey<Row> = { [K in keyof Row]: Row[K] extends Stored ? K : never }[keyof Row] & string;
type Options<Row> = Omit<Partial<Column<Row>>, 'id' | 'header' | 'sortField'> & {
  /** Sorted by the field of the same name (one of the registry's sort fields). */
  sortable?: boolean;
};

export type ColumnForms<Name extends ResourceName> = ReturnType<typeof columnsOf<Name>>;

/** The column forms for the rows of one resource (the declaration's), typed from the registry. */
export function columnsOf<Name extends ResourceName>(_resource: Name) {
  type Row = ResourceRow<Name>;
  const stored = (row: Row, key: StoredKey<Row>) => row[key] as Stored;
  /** A field of the row, shown as stored unless `cell` formats it. */
  const field = (key: StoredKey<Row>, header: string, { sortable = false, ...options }: Options<Row> = {}) =>
    ({
      id: key,
      header,
      sortField: sortable ? key : undefined,
      csv: (row) => stored(row, key),
      cell: (row): ReactNode => stored(row, key),
      ...options,
    }) satisfies Column<Row>;
  /** A reference, shown by the referenced row's name; `none` is what an empty one says. */
  const reference = (
    key: StoredKey<Row>,
    header: string,
    resource: ResourceName,
    { none, ...options }: Options<Row> & { none?: string } = {},
  ) =>
    field(key, header, {
      cell: (row) => <RefName resource={resource} id={(stored(row, key) ?? null) as string | null} none={none} />,
      ...options,
    });
  return { field, reference };
}
