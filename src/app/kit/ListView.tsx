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
import type { ListFilter } from './listFilter.ts';
import { ListFiltersLater } from './ListFiltersLater.tsx';
import { recordTitle } from '../../shared/record-title.ts';
import { SearchBox } from './SearchBox.tsx';
import { useRowOrder, type RowOrder } from './rowOrder.tsx';
import type { Identified, ListModel } from './usePagedList.ts';

export interface EmptyText {
  title: string;
  body?: ReactNode;
}

/**
 * What an empty list says: narrowed by a search or filter, 'No {noun} match' and what to change;
 * otherwise the page's own words for a list with nothing in it yet.
 */
export function emptyWhen(noun: string, none: EmptyText, narrowedBy = 'the search') {
  return (filtered: boolean): EmptyText =>
    filtered ? { title: `No ${noun} match`, body: `Change ${narrowedBy} to see more.` } : none;
}

export interface ListViewProps<T extends Identified> {
  list: ListModel<T>;
  columns: readonly Column<T>[];
  /** How a row is named (its checkbox, its actions, the bulk report); absent: as the record is titled everywhere (recordTitle). */
  rowLabel?: (row: T) => string;
  /** The search box's label (true: 'Search {noun}'); absent: the list has no search. */
  search?: string | true;
  filters?: readonly ListFilter[];
  /** The page's own toolbar content after the filters (a pinned filter's chip, a New button). */
  actions?: ReactNode;
  /** The CSV file's name without .csv (true: the noun, hyphenated); absent: no export. */
  csv?: string | true;
  /** Bulk actions on the selected rows (kept mounted, disabled on none); given, the table gets a checkbox column. */
  bulk?: (selection: RowSelection) => ReactNode;
  /** The buttons of one row, in a last 'Actions' column; null for a row without any. */
  rowActions?: (row: T) => ReactNode;
  /** What an empty list says, depending on whether a search or filter narrowed it. */
  empty: (filtered: boolean) => EmptyText;
  caption?: string;
  rowTestId?: string;
  /** A row as a card: phones get a list of cards instead of the table (DataTable), with the row's actions. */
  card?: (row: T) => ReactNode;
  /** What the rows show is still loading (DataTable): the first page waits for it. */
  pending?: boolean;
  /** Rows in an order the person sets: Move up and Move down lead each row's actions (rowOrder.tsx). */
  order?: RowOrder<T>;
}

/**
 * The last column: a row's own actions at the right. From a 1440 px screen they stay on one line:
 * the table's layout gives a column that may wrap only part of the width its one line needs, so
 * rows with room to spare still stacked their buttons and stood twice as tall. Below, they wrap
 * onto a second line (a 1280 px laptop then sees every button whole: tests/e2e/list-fit.spec.ts
 * checks both widths on every main list).
 */
function actionsColumn<T>(render: (row: T) => ReactNode): Column<T> {
  return {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (row) => (
      <div className="flex flex-wrap justify-end gap-2 whitespace-nowrap min-[1440px]:flex-nowrap">{render(row)}</div>
    ),
  };
}

export function ListView<T extends Identified>({
  list,
  columns,
  rowLabel: ownLabel,
  search: ownSearch,
  filters = [],
  actions: toolbarActions,
  csv: ownCsv,
  bulk,
  rowActions,
  empty,
  caption,
  rowTestId,
  card,
  pending,
  order,
}: ListViewProps<T>) {
  const selection = useRowSelection();
  const { noun } = list.spec;
  const search = ownSearch === true ? `Search ${noun}` : ownSearch;
  const csv = ownCsv === true ? noun.replaceAll(' ', '-') : ownCsv;
  const listName = list.name;
  const rowLabel = useMemo(
    () => ownLabel ?? ((row: T) => recordTitle(listName, row as unknown as Record<string, unknown>)),
    [ownLabel, listName],
  );
  const moves = useRowOrder(list, order, rowLabel);
  const actions = moves
    ? (row: T) => (
        <>
          {moves(row)}
          {rowActions?.(row)}
        </>
      )
    : rowActions;
  const shown = useMemo(() => {
    const visible = columns.filter((column) => !column.csvOnly);
    return actions ? [...visible, actionsColumn(actions)] : visible;
  }, [columns, actions]);
  // On a phone a row's card carries its actions, below what it says.
  const cardOf =
    card && actions
      ? (row: T) => (
          <>
            {card(row)}
            <div className="mt-2 flex flex-wrap justify-end gap-2">{actions(row)}</div>
          </>
        )
      : card;
  const filtered = Boolean(list.state.search) || Object.values(list.state.filters).some(Boolean);
  const toolbar = search || filters.length > 0 || toolbarActions || csv || bulk;
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
            {toolbarActions}
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
        card={cardOf}
        pending={pending}
      />
    </section>
  );
}
