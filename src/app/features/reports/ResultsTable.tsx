/**
 * The results table: one column per dimension and metric (three per metric when comparing: each
 * side and the difference), sortable by any column (the sort lives in the URL), with the totals
 * in the table's footer.
 */
import { formatMetric } from '../../../shared/metrics.ts';
import type { SortSpec } from '../../../shared/report-state.ts';
import type { Column, ResultTable } from '../../../shared/report-table.ts';
import { ScrollRegion } from '../../shared/ScrollRegion.tsx';
import { MetricBaseLine } from '../../shared/metrics/figures.tsx';

function cellText(column: Column, value: number | null | undefined): string {
  const text = formatMetric(column.metric!, value);
  return column.series === 'delta' && value != null && value > 0 ? `+${text}` : text;
}

export function ResultsTable({
  table,
  sort,
  onSort,
  busy,
}: {
  table: ResultTable;
  sort: SortSpec | null;
  onSort: (sort: SortSpec) => void;
  busy: boolean;
}) {
  const dimensionCount = table.columns.filter((c) => c.dimension !== undefined).length;
  return (
    <ScrollRegion label="Report results" className="-mx-4 sm:mx-0" busy={busy}>
      <table className="w-full min-w-[640px] text-left text-sm" data-testid="report-table">
        <caption className="sr-only">Report results; column headers sort the rows</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {dimensionCount === 0 ? (
              <th scope="col" className="px-4 py-2 font-medium sm:pl-0">
                <span className="sr-only">Row</span>
              </th>
            ) : null}
            {table.columns.map((column) => {
              const active = sort?.id === column.id;
              const direction = active ? sort.direction : null;
              const next: SortSpec = {
                id: column.id,
                direction: active && direction === 'desc' ? 'asc' : active ? 'desc' : column.metric ? 'desc' : 'asc',
              };
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                  className={`px-3 py-2 font-medium ${column.metric ? 'text-right' : 'sm:first:pl-0'}`}
                >
                  <button
                    type="button"
                    onClick={() => onSort(next)}
                    className={`inline-flex items-center gap-1 uppercase hover:text-slate-900 ${column.metric ? 'flex-row-reverse' : ''}`}
                  >
                    <span>
                      {column.label}
                      {column.metric ? <MetricBaseLine metric={column.metric} oneLine /> : null}
                    </span>
                    <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
                      {direction === 'asc' ? '▲' : '▼'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100">
              {table.columns.map((column) =>
                column.dimension !== undefined ? (
                  <GroupCell key={column.id} first={column.dimension === 0} label={row.labels[column.dimension]} />
                ) : (
                  <td
                    key={column.id}
                    className={`px-3 py-2 text-right tabular-nums ${column.series === 'delta' ? deltaClass(row.values[column.id]) : 'text-slate-800'}`}
                  >
                    {cellText(column, row.values[column.id])}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
          <tr data-testid="report-totals">
            <th scope="row" className="px-3 py-2 sm:pl-0" colSpan={Math.max(1, dimensionCount)}>
              Total
            </th>
            {table.columns
              .filter((c) => c.metric)
              .map((column) => (
                <td key={column.id} className="px-3 py-2 text-right tabular-nums" data-column={column.id}>
                  {cellText(column, table.totals[column.id])}
                </td>
              ))}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

const deltaClass = (value: number | null | undefined) =>
  value == null || value === 0 ? 'text-slate-600' : value > 0 ? 'text-green-800' : 'text-red-700';

/**
 * A row's name under a grouping. The first grouping's is the row's header, so a screen reader
 * names the row with each figure; a long name is cut, and shown whole on hover.
 */
function GroupCell({ first, label }: { first: boolean; label: string | undefined }) {
  const Cell = first ? 'th' : 'td';
  return (
    <Cell
      scope={first ? 'row' : undefined}
      className={
        first
          ? 'max-w-[18rem] truncate px-3 py-2 font-medium text-slate-900 sm:pl-0'
          : 'max-w-[16rem] truncate px-3 py-2 text-slate-800'
      }
      title={label}
    >
      {label}
    </Cell>
  );
}
