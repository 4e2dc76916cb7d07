/**
 * What a report shows under its settings: why nothing shows yet (no account, nothing chosen, a
 * range that ends before it starts, an error), else the comparison's note, the KPI tiles, the chart
 * of a grouped report and the results table.
 */
import { messages } from '../../../shared/messages.ts';
import { DIMENSION_NAMES, TIME_DIMENSIONS } from '../../../shared/reports.ts';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { KpiTile } from '../../shared/metrics/figures.tsx';
import { NoDelivery, ReportChart } from './ReportChart.tsx';
import type { Loaded } from './reportLoad.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { hasSelection, type ReportState } from '../../../shared/report-state.ts';
import type { ResultTable } from '../../../shared/report-table.ts';

export function ReportResults({
  state,
  update,
  datesValid,
  result,
  table,
}: {
  state: ReportState;
  update: (patch: Partial<ReportState>) => void;
  datesValid: boolean;
  result: { data: Loaded | null; error: unknown; loading: boolean };
  table: ResultTable | null;
}) {
  const loaded = result.data;
  const timeGrouped = state.groupBy.some((d) => TIME_DIMENSIONS.includes(d));
  return (
    <>
      {!state.account ? (
        <Skeleton className="h-40 w-full" />
      ) : !hasSelection(state) ? (
        <EmptyState title="Choose measurements to build a report">
          Pick measurements (or Select All), or labels, above; then choose a date range, grouping and metrics.
        </EmptyState>
      ) : !datesValid ? (
        <EmptyState title="Choose a valid date range">{messages.validation.endBeforeStartText}.</EmptyState>
      ) : result.error ? (
        <ErrorPlaceholder name="report" error={result.error} />
      ) : (
        <>
          {loaded?.note ? (
            <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {loaded.note}
            </p>
          ) : null}
          <section aria-labelledby="report-kpis">
            <h2 id="report-kpis" className="sr-only">
              Totals
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={result.loading}>
              {state.metrics.slice(0, 4).map((k) => (
                <KpiTile key={k} metric={k} value={loaded?.data.totals[k]} loading={!loaded} />
              ))}
            </dl>
          </section>
          {state.groupBy.length ? (
            <Card
              title={
                timeGrouped
                  ? 'Over time'
                  : `By ${state.groupBy.map((d) => DIMENSION_NAMES[d].toLowerCase()).join(' and ')}`
              }
            >
              {loaded ? (
                <ReportChart data={loaded.data} metrics={state.metrics} />
              ) : (
                <Skeleton className="h-56 w-full" />
              )}
            </Card>
          ) : null}
          <Card title="Results">
            {table && loaded ? (
              table.rows.length === 0 && state.groupBy.length > 0 ? (
                <NoDelivery />
              ) : (
                <ResultsTable
                  table={table}
                  sort={state.sort}
                  busy={result.loading}
                  onSort={(sort) => update({ sort })}
                />
              )
            ) : (
              <Skeleton className="h-40 w-full" />
            )}
          </Card>
        </>
      )}
    </>
  );
}
