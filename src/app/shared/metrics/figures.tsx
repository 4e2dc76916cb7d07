/**
 * Figures as the metric pages show them: a KPI tile and a breakdown table, formatted with the
 * shared metric definitions (src/shared/metrics.ts). The measurement dashboard and reports use them.
 */
import type { BreakdownEntry } from '../../../shared/metric-aggregate.ts';
import {
  formatMetric,
  metricBase,
  metricDefinition,
  type BreakdownDimension,
  type MetricKey,
} from '../../../shared/metrics.ts';
import { DIMENSION_NAMES } from '../../../shared/reports.ts';
import { EmptyState, Skeleton } from '../EmptyState.tsx';
import { ScrollRegion } from '../ScrollRegion.tsx';

/** A breakdown's dimension is one a report can group by, and is named the same. */
export const DIMENSION_LABELS: Readonly<Record<BreakdownDimension, string>> = DIMENSION_NAMES;

/**
 * A share's base under its name ("of measured impressions"), as a second line: seen, and read by
 * a screen reader as part of the name it belongs to (a header cell, a tile's term, a sort button).
 */
export function MetricBaseLine({ metric, oneLine = false }: { metric: MetricKey; oneLine?: boolean }) {
  const base = metricBase(metric);
  // The space keeps the name and the base two words apart wherever the text is read as one line.
  return base ? (
    <>
      {' '}
      <span
        className={`block text-xs font-normal normal-case tracking-normal text-slate-600 ${oneLine ? 'whitespace-nowrap' : ''}`}
      >
        {base}
      </span>
    </>
  ) : null;
}

/** A table's metric columns: a header cell for each metric, named by its definition, with its base. */
export function MetricHeads({ metrics, className }: { metrics: readonly MetricKey[]; className: string }) {
  return metrics.map((key) => (
    <th key={key} scope="col" className={className}>
      {metricDefinition(key).label}
      {/* On one line: a narrow column would otherwise stack "of / measured / impressions". */}
      <MetricBaseLine metric={key} oneLine />
    </th>
  ));
}

/** A row's figures under MetricHeads, each formatted as its metric is. */
export function MetricCells({
  metrics,
  values,
  className,
}: {
  metrics: readonly MetricKey[];
  values: Partial<Record<MetricKey, number | null>>;
  className: string;
}) {
  return metrics.map((key) => (
    <td key={key} className={className}>
      {formatMetric(key, values[key])}
    </td>
  ));
}

export function KpiTile({
  metric,
  value,
  loading,
}: {
  metric: MetricKey;
  value: number | null | undefined;
  loading: boolean;
}) {
  const definition = metricDefinition(metric);
  return (
    // A column, the figure at its foot: tiles whose term has a base line keep their figures level with the rest.
    <div
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`kpi-${metric}`}
    >
      <dt className="text-sm font-medium text-slate-600" title={definition.description}>
        {definition.label}
        <MetricBaseLine metric={metric} />
      </dt>
      <dd className="mt-auto pt-1 text-2xl font-semibold tabular-nums tracking-tight text-slate-900">
        {loading ? <Skeleton className="h-8 w-24" /> : <span data-value>{formatMetric(metric, value)}</span>}
      </dd>
    </div>
  );
}

export function BreakdownTable({
  entries,
  dimension,
  columns,
}: {
  entries: readonly BreakdownEntry[];
  dimension: BreakdownDimension;
  /** The metrics shown, in order. */
  columns: readonly MetricKey[];
}) {
  const maxApm = Math.max(1, ...entries.map((e) => e.apm ?? 0));
  const total = entries.reduce((s, e) => s + e.impressions, 0) || 1;
  if (!entries.length) return <EmptyState title="No delivery for these filters" />;
  return (
    <ScrollRegion label={`Attention by ${DIMENSION_LABELS[dimension].toLowerCase()}`} className="-mx-4 sm:mx-0">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Attention by {DIMENSION_LABELS[dimension].toLowerCase()}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium sm:pl-0">
              {DIMENSION_LABELS[dimension]}
            </th>
            <MetricHeads metrics={columns} className="px-3 py-2 text-right font-medium" />
            <th scope="col" className="w-40 px-3 py-2 font-medium">
              <span aria-hidden="true">Attention</span>
              <span className="sr-only">APM chart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.key} className="border-b border-slate-100 last:border-0">
              <th
                scope="row"
                className="max-w-[16rem] truncate px-4 py-2 font-medium text-slate-900 sm:pl-0"
                title={e.key}
              >
                {e.key}
                <div className="text-xs font-normal text-slate-600">
                  {formatMetric('pct_viewed', e.impressions / total)} of impressions
                </div>
              </th>
              <MetricCells
                metrics={columns}
                values={e}
                className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-800"
              />
              <td className="px-3 py-2" aria-hidden="true">
                <div className="h-2.5 w-full rounded-full bg-slate-100">
                  <div
                    className="h-2.5 rounded-full bg-primary"
                    style={{ width: `${((e.apm ?? 0) / maxApm) * 100}%` }}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
