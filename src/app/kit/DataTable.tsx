/**
 * The kit's table: TanStack Table (headless) for the column model and row selection; the server
 * does paging and sorting (manual mode), the URL holds both. Sorting headers are buttons with
 * aria-sort; selection uses React Aria checkboxes. Empty, loading and error states are built in.
 */
import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
import { EmptyState, Skeleton } from '../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../shared/ErrorPlaceholder.tsx';
import { Pager } from './Pager.tsx';
import { useCanWriteRow } from './useCanWriteRow.ts';
import type { Identified, ResourceList } from './useResourceList.ts';

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
}

const features = tableFeatures({ rowSelectionFeature });

export interface DataTableProps<T extends Identified> {
  list: ResourceList<T>;
  columns: readonly Column<T>[];
  /** Row selection for bulk actions: controlled by the page. */
  selection?: { selected: RowSelectionState; onChange: (next: RowSelectionState) => void };
  /** Label of a row for its checkbox and screen readers. */
  rowLabel: (row: T) => string;
  empty: { title: string; body?: ReactNode };
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

function Box({
  label,
  isSelected,
  isIndeterminate,
  isDisabled,
  onChange,
}: {
  label: string;
  isSelected: boolean;
  isIndeterminate?: boolean;
  isDisabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Checkbox
      aria-label={label}
      isSelected={isSelected}
      isIndeterminate={isIndeterminate}
      isDisabled={isDisabled}
      onChange={onChange}
      className="group flex size-6 cursor-pointer items-center justify-center data-[disabled]:cursor-default data-[disabled]:opacity-40"
    >
      <span
        aria-hidden="true"
        className="flex size-4 items-center justify-center rounded border border-slate-400 bg-white text-[10px] leading-none text-white group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary group-data-[indeterminate]:border-slate-800 group-data-[indeterminate]:bg-slate-800 group-data-[selected]:border-slate-800 group-data-[selected]:bg-slate-800"
      >
        {isIndeterminate ? '–' : isSelected ? '✓' : ''}
      </span>
    </Checkbox>
  );
}

/**
 * Measures the time from a page's data arriving to its rows committed on screen (issue 11 budget:
 * 100 ms for 25 rows), as a `kit:render:{resource}` performance measure a benchmark can read.
 * React's Profiler is silent in production builds, so this is a plain effect after the commit.
 */
function useRenderMeasure(resource: string, rows: readonly unknown[]) {
  useEffect(() => {
    const mark = performance.getEntriesByName(`kit:data:${resource}`, 'mark').at(-1);
    if (!mark) return;
    performance.measure(`kit:render:${resource}`, { start: mark.startTime, end: performance.now() });
    performance.clearMarks(mark.name);
  }, [resource, rows]);
}

export function DataTable<T extends Identified>({ list, columns, selection, rowLabel, empty }: DataTableProps<T>) {
  const { state, set } = list;
  useRenderMeasure(list.spec.resource, list.rows);
  // Only rows the user may delete can be selected for a bulk action (the server's own rule).
  const canWrite = useCanWriteRow(list.spec.resource);
  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({ id: column.id, header: column.header, cell: (ctx) => column.cell(ctx.row.original) })),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: list.rows,
    getRowId: (row) => row.id,
    enableRowSelection: selection ? (row) => canWrite(row.original) : false,
    state: { rowSelection: selection?.selected ?? {} },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
  });

  // A new page, sort or filter clears what was selected: the selection names rows on screen.
  const { onChange } = selection ?? {};
  useEffect(() => onChange?.({}), [onChange, list.rows]);

  if (list.error) return <ErrorPlaceholder name={list.spec.noun} error={list.error} />;
  const loadingFirst = list.loading && list.rows.length === 0;
  const rows = table.getRowModel().rows;
  const columnCount = columns.length + (selection ? 1 : 0);

  return (
    <div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm" aria-busy={list.loading || undefined}>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              {selection ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <Box
                    label="Select all rows on this page"
                    isSelected={rows.length > 0 && table.getIsAllPageRowsSelected()}
                    isIndeterminate={table.getIsSomePageRowsSelected()}
                    onChange={(value) => table.toggleAllPageRowsSelected(value)}
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
                    className={`px-4 py-2 font-semibold whitespace-nowrap ${column.align === 'right' ? 'text-right' : ''} ${column.wide ? 'hidden sm:table-cell' : ''}`}
                  >
                    {column.sortField ? (
                      <SortButton
                        label={column.header}
                        direction={sorted}
                        onPress={() =>
                          set({
                            sort: {
                              id: column.sortField as string,
                              direction: sorted === 'asc' ? 'desc' : 'asc',
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
          <tbody className="divide-y divide-slate-100">
            {loadingFirst
              ? Array.from({ length: Math.min(state.size, 5) }, (_, i) => (
                  <tr key={i}>
                    <td colSpan={columnCount} className="px-4 py-3">
                      <Skeleton className="h-4 w-full" />
                    </td>
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={row.id} className={row.getIsSelected() ? 'bg-primary-faded-1' : 'hover:bg-slate-50'}>
                    {selection ? (
                      <td className="w-10 px-3 py-2">
                        <Box
                          label={`Select ${rowLabel(row.original)}`}
                          isSelected={row.getIsSelected()}
                          isDisabled={!row.getCanSelect()}
                          onChange={(value) => row.toggleSelected(value)}
                        />
                      </td>
                    ) : null}
                    {row.getAllCells().map((cell, index) => {
                      const column = columns[index] as Column<T>;
                      return (
                        <td
                          key={cell.id}
                          className={`px-4 py-2.5 align-top text-slate-800 ${column.align === 'right' ? 'text-right tabular-nums' : ''} ${column.wide ? 'hidden sm:table-cell' : ''}`}
                        >
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
          </tbody>
        </table>
        {!list.loading && list.rows.length === 0 ? (
          <div className="p-4">
            <EmptyState title={empty.title}>{empty.body}</EmptyState>
          </div>
        ) : null}
      </div>
      <Pager list={list} />
    </div>
  );
}

export interface RowSelection {
  selected: RowSelectionState;
  onChange: (next: RowSelectionState) => void;
  ids: string[];
  clear: () => void;
}

/** The selection a page keeps for a table's bulk actions. */
export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<RowSelectionState>({});
  const clear = useCallback(() => setSelected({}), []);
  return { selected, onChange: setSelected, ids: Object.keys(selected), clear };
}
