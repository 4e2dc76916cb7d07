/**
 * The list composite: a page declares its list (useResourceList), columns, filters and actions;
 * this draws the rest the same way on every list: a toolbar (search, filters, the page's
 * actions, bulk actions on a selection, CSV of the whole filtered list), the table with its row
 * actions, the pager, and empty and error states that say why nothing shows.
 *
 * Fit: cells wrap (or truncate with a title) rather than widen the table, so a list fits its card
 * from 1280 px up; below that the card scrolls sideways inside itself, never the page, or a list
 * that declares a row's card shows cards on a phone.
 */
import { useMemo, type ReactNode } from 'react';
import { DataTable, useRowSelection, type Column, type RowSelection } from './DataTable.tsx';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import type { ListFilter } from './ListFilters.tsx';
import { ListFiltersLater } from './ListFiltersLater.tsx';
import { SearchBox } from './SearchBox.tsx';
import type { Identified, ListModel } from './usePagedList.ts';

export interface EmptyText {
  title: string;
  body?: ReactNode;
}

export interface ListViewProps<T extends Identified> {
  list: ListModel<T>;
  columns: readonly Column<T>[];
  /** How a row is named (its checkbox, its actions, the bulk report). */
  rowLabel: (row: T) => string;
  /** The search box's label; absent: the list has no search. */
  search?: string;
  filters?: readonly ListFilter[];
  /** The page's own toolbar content after the filters (a pinned filter's chip, a New button). */
  actions?: ReactNode;
  /** The CSV file's name (without .csv); absent: no export. */
  csv?: string;
  /** Bulk actions on the selected rows (kept mounted, disabled on none); given, the table gets a checkbox column. */
  bulk?: (selection: RowSelection) => ReactNode;
  /** The buttons of one row, in a last 'Actions' column; null for a row without any. */
  rowActions?: (row: T) => ReactNode;
  /** What an empty list says, depending on whether a search or filter narrowed it. */
  empty: (filtered: boolean) => EmptyText;
  caption?: string;
  rowTestId?: string;
  /** A row as a card: phones get a list of cards instead of the table (DataTable). */
  card?: (row: T) => ReactNode;
}

/**
 * The last column: a row's own actions at the right, on one line where the table has room and
 * wrapping onto a second where it has not (a laptop then sees every button whole).
 */
function actionsColumn<T>(render: (row: T) => ReactNode): Column<T> {
  return {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (row) => <div className="flex flex-wrap justify-end gap-2 whitespace-nowrap">{render(row)}</div>,
  };
}

export function ListView<T extends Identified>({
  list,
  columns,
  rowLabel,
  search,
  filters = [],
  actions,
  csv,
  bulk,
  rowActions,
  empty,
  caption,
  rowTestId,
  card,
}: ListViewProps<T>) {
  const selection = useRowSelection();
  const shown = useMemo(() => {
    const visible = columns.filter((column) => !column.csvOnly);
    return rowActions ? [...visible, actionsColumn(rowActions)] : visible;
  }, [columns, rowActions]);
  const filtered = Boolean(list.state.search) || Object.values(list.state.filters).some(Boolean);
  const toolbar = search || filters.length > 0 || actions || csv || bulk;
  return (
    // A region named like its table: a page with two lists tells their toolbars and pagers apart.
    <section className="space-y-3" aria-label={caption ?? list.spec.noun}>
      {toolbar ? (
        <div className="flex flex-wrap items-end gap-3">
          {search ? <SearchBox list={list} label={search} /> : null}
          <ListFiltersLater list={list} filters={filters} />
          <div className="ml-auto flex flex-wrap items-end gap-2">
            {/* Always there (disabled with nothing selected): its dialog reports each row after the list reloads. */}
            {bulk ? bulk(selection) : null}
            {actions}
            {csv ? <ExportCsvButton list={list} columns={columns} fileName={csv} /> : null}
          </div>
        </div>
      ) : null}
      <DataTable
        list={list}
        columns={shown}
        rowLabel={rowLabel}
        selection={bulk ? selection : undefined}
        empty={empty(filtered)}
        caption={caption}
        rowTestId={rowTestId}
        card={card}
      />
    </section>
  );
}
