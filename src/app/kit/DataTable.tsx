/**
 * The kit's table: the server does paging and sorting, the URL holds both. Sorting headers are
 * buttons with aria-sort; selection uses React Aria checkboxes. Empty, loading and error states
 * are built in.
 *
 * Speed (a budget, `npm run bench:ui`): rows are memoised components whose props stay equal
 * while the selection changes elsewhere, so ticking one row re-renders that row and the header,
 * not the page; cells are the columns' own render functions, called once per row.
 */
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { CardList } from './CardList.tsx';
import { TableBox } from './RowCheckboxes.tsx';
import { EmptyState, Skeleton } from '../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../shared/ErrorPlaceholder.tsx';
import { ScrollRegion } from '../shared/ScrollRegion.tsx';
import { capitalise } from '../routes/index.ts';
import { ListPager } from './Pager.tsx';
import { useProgressiveRows, useRenderMeasure } from './useTableRows.ts';
import type { Identified, ListModel } from './usePagedList.ts';

/** The ids of the selected rows. */
export type RowSelectionState = Readonly<Record<string, true>>;
const NONE: RowSelectionState = {};
const NO_ROWS: never[] = [];
/** Placeholder rows while the first page loads: a page's worth on a laptop's screen. */
const SKELETON_ROWS = 10;

/** The first page is not drawn yet: its rows, or what they show, are still on their way. */
function isFirstLoad(
  list: { loading: boolean; rows: readonly unknown[] },
  pending: boolean,
  drewRows: { current: boolean },
): boolean {
  return (list.loading && list.rows.length === 0) || (pending && !drewRows.current && list.rows.length > 0);
}

export interface Column<T> {
  id: string;
  header: string;
  /** The server field this column sorts by (one of the registry's sortFields); absent: not sortable. */
  sortField?: string;
  cell: (row: T) => ReactNode;
  /** The column's CSV value; absent: the column is not exported. */
  csv?: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right';
  /** Hide below the small breakpoint, so a phone shows the columns that matter. */
  wide?: boolean;
  /** The cell names its row for screen readers (a `th scope="row"`). */
  rowHeader?: boolean;
  /**
   * A long value kept to one line, cut with an ellipsis and shown whole in the cell's `title`, so
   * a laptop fits the table without a scroll bar.
   */
  truncate?: (row: T) => string;
  /** Keep the cell on one line (dates, buttons). */
  nowrap?: boolean;
  /** The direction a first press on the header sorts in (figures and dates: largest first). */
  firstDirection?: 'asc' | 'desc';
  /** Only in the CSV: the table shows the value elsewhere (in another column's detail line). */
  csvOnly?: boolean;
}

/** The classes of a column's cells, header or body. */
function cellClass<T>(column: Column<T>): string {
  return [
    'px-3 sm:px-4',
    column.align === 'right' ? 'text-right tabular-nums' : '',
    column.wide ? 'hidden sm:table-cell' : '',
    column.nowrap ? 'whitespace-nowrap' : '',
    column.truncate ? 'max-w-[18rem]' : '',
  ].join(' ');
}

/**
 * A row's name is the person's own text, sometimes one long word (a file-like report name): it may
 * break anywhere, or its widest word would set the column's least width and push the table out of
 * its card. 10rem keeps ordinary names from being broken mid-word to squeeze the other columns.
 */
const ROW_HEADER_CLASS = 'font-medium text-slate-900 min-w-40 wrap-anywhere';

/** One body cell: a truncated value carries its whole text as a title. */
function Cell<T>({ column, row }: { column: Column<T>; row: T }) {
  const Tag = column.rowHeader ? 'th' : 'td';
  const content = column.truncate ? (
    <span className="block truncate" title={column.truncate(row)}>
      {column.cell(row)}
    </span>
  ) : (
    column.cell(row)
  );
  return (
    <Tag
      scope={column.rowHeader ? 'row' : undefined}
      className={`py-2.5 align-top ${column.rowHeader ? ROW_HEADER_CLASS : 'text-slate-800'} ${cellClass(column)}`}
    >
      {content}
    </Tag>
  );
}

export interface DataTableProps<T extends Identified> {
  list: ListModel<T>;
  columns: readonly Column<T>[];
  /** Row selection for bulk actions: controlled by the page. */
  selection?: { selected: RowSelectionState; onChange: Dispatch<SetStateAction<RowSelectionState>> };
  /** Label of a row for its checkbox and screen readers. */
  rowLabel: (row: T) => string;
  empty: { title: string; body?: ReactNode };
  /** What the table is, for screen readers. */
  caption?: string;
  /** A test id on every body row (older specs find rows by it). */
  rowTestId?: string;
  /**
   * A row as a card, for phones: given, a list of cards (named like the table) replaces the table
   * below the small breakpoint, where even the columns that matter do not fit 390 px.
   */
  card?: (row: T) => ReactNode;
  /**
   * What the rows show is still on its way (the names of the records they point at): the first
   * page keeps its placeholder rows until it is in, so rows do not grow under the reader.
   */
  pending?: boolean;
}

/**
 * The first page's placeholder: rows of the table's own columns, with their cells' padding and one
 * line of text's height, so the header stays where it is and the rows only fill in.
 */
function SkeletonRows<T>({
  columns,
  rows,
  selecting,
}: {
  columns: readonly Column<T>[];
  rows: number;
  selecting: boolean;
}) {
  return Array.from({ length: rows }, (_, i) => (
    <tr key={i}>
      {selecting ? <td className="w-10 px-3 py-2" /> : null}
      {columns.map((column) => (
        <td key={column.id} className={`py-2.5 ${cellClass(column)}`}>
          <Skeleton className="my-0.5 h-4 w-full" />
        </td>
      ))}
    </tr>
  ));
}

function SortButton({
  label,
  direction,
  onPress,
}: {
  label: string;
  direction: 'asc' | 'desc' | null;
  onPress: () => void;
}) {
  return (
    <button type="button" onClick={onPress} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
      {label}
      <span aria-hidden="true" className={direction ? 'text-slate-900' : 'text-slate-300'}>
        {direction === 'desc' ? '▼' : '▲'}
      </span>
    </button>
  );
}

/** One body row. Memoised: a selection change re-renders the row it touches, not the page. */
function DataRowImpl<T extends Identified>({
  row,
  columns,
  label,
  selected,
  selectable,
  onToggle,
  testId,
}: {
  testId?: string;
  row: T;
  columns: readonly Column<T>[];
  label: string;
  /** Absent: the table has no selection column. */
  selected?: boolean;
  selectable?: boolean;
  onToggle: (id: string, value: boolean) => void;
}) {
  return (
    <tr className={selected ? 'bg-primary-faded-1' : 'hover:bg-slate-50'} data-testid={testId}>
      {selected !== undefined ? (
        <td className="w-10 px-3 py-2">
          <TableBox
            label={`Select ${label}`}
            isSelected={selected}
            isDisabled={!selectable}
            onChange={(value) => onToggle(row.id, value)}
          />
        </td>
      ) : null}
      {columns.map((column) => (
        <Cell key={column.id} column={column} row={row} />
      ))}
    </tr>
  );
}
const DataRow = memo(DataRowImpl) as typeof DataRowImpl;

export function DataTable<T extends Identified>({
  list,
  columns,
  selection,
  rowLabel,
  empty,
  caption,
  rowTestId,
  card,
  pending = false,
}: DataTableProps<T>) {
  const { state, set } = list;
  const drawn = useProgressiveRows(list.rows);
  useRenderMeasure(list.name, list.rows, drawn === list.rows);
  const { canWrite } = list;
  const selected = selection?.selected ?? NONE;
  const selecting = selection !== undefined;
  const writable = useMemo(
    () => new Set(selecting ? list.rows.filter((row) => canWrite(row)).map((row) => row.id) : []),
    [selecting, list.rows, canWrite],
  );
  const selectable = useMemo(() => [...writable], [writable]);

  // A row toggles itself through the page's state setter (stable), so its props stay equal and
  // the other rows skip rendering.
  const onChange = selection?.onChange;
  const onToggle = useCallback(
    (id: string, value: boolean) =>
      onChange?.((previous) => {
        const next: Record<string, true> = { ...previous };
        if (value) next[id] = true;
        else delete next[id];
        return next;
      }),
    [onChange],
  );

  // A new page, sort or filter clears what was selected: the selection names rows on screen.
  useEffect(() => onChange?.({}), [onChange, list.rows]);

  // Whether rows have been drawn: a later page waits for nothing (it replaces rows already there).
  const drewRows = useRef(false);
  useEffect(() => {
    if (!isFirstLoad(list, pending, drewRows)) drewRows.current = true;
  });

  if (list.error) return <ErrorPlaceholder name={list.spec.noun} error={list.error} />;
  const loadingFirst = isFirstLoad(list, pending, drewRows);
  const selectedCount = selectable.filter((id) => selected[id]).length;
  const emptyNote =
    !list.loading && list.rows.length === 0 ? (
      <div className="p-4">
        <EmptyState title={empty.title}>{empty.body}</EmptyState>
      </div>
    ) : null;

  return (
    <div>
      {card ? (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm sm:hidden">
          <CardList
            rows={loadingFirst ? NO_ROWS : drawn}
            card={card}
            label={caption ?? list.spec.noun}
            loading={list.loading || loadingFirst}
          />
          {emptyNote}
        </div>
      ) : null}
      <ScrollRegion
        label={caption ?? capitalise(list.spec.noun)}
        className={`rounded-xl border border-slate-200 bg-white shadow-sm ${card ? 'hidden sm:block' : ''}`}
      >
        <table className="w-full text-left text-sm" aria-busy={list.loading || undefined}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              {selection ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <TableBox
                    label="Select all rows on this page"
                    isSelected={selectable.length > 0 && selectedCount === selectable.length}
                    isIndeterminate={selectedCount > 0 && selectedCount < selectable.length}
                    isDisabled={selectable.length === 0}
                    onChange={(value) =>
                      selection.onChange(value ? Object.fromEntries(selectable.map((id) => [id, true] as const)) : {})
                    }
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const sorted = column.sortField && state.sort.id === column.sortField ? state.sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={`py-2 font-semibold ${cellClass(column)}`}
                  >
                    {column.sortField ? (
                      <SortButton
                        label={column.header}
                        direction={sorted}
                        onPress={() =>
                          set({
                            sort: {
                              id: column.sortField as string,
                              direction: sorted
                                ? sorted === 'asc'
                                  ? 'desc'
                                  : 'asc'
                                : (column.firstDirection ?? 'asc'),
                            },
                          })
                        }
                      />
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          {/* The rows replace the placeholder's body rather than move it. */}
          <tbody className="divide-y divide-slate-100" key={loadingFirst ? 'placeholder' : 'rows'}>
            {loadingFirst ? (
              <SkeletonRows columns={columns} rows={Math.min(state.size, SKELETON_ROWS)} selecting={selecting} />
            ) : (
              drawn.map((row) => (
                <DataRow
                  key={row.id}
                  row={row}
                  columns={columns}
                  label={rowLabel(row)}
                  selected={selection ? selected[row.id] === true : undefined}
                  selectable={writable.has(row.id)}
                  onToggle={onToggle}
                  testId={rowTestId}
                />
              ))
            )}
          </tbody>
        </table>
        {emptyNote}
      </ScrollRegion>
      {/* Drawn with the rows: while they load it would only say 'No rows', then move below them. */}
      {loadingFirst ? null : <ListPager list={list} />}
    </div>
  );
}

export interface RowSelection {
  selected: RowSelectionState;
  onChange: Dispatch<SetStateAction<RowSelectionState>>;
  ids: string[];
  clear: () => void;
}

/** The selection a page keeps for a table's bulk actions. */
export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<RowSelectionState>({});
  const clear = useCallback(() => setSelected({}), []);
  return { selected, onChange: setSelected, ids: Object.keys(selected), clear };
}
