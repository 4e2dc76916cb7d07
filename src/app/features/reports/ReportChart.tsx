/**
 * The report's chart: lines over time when the grouping has a time grain, else bars across the
 * first dimension. When there is nothing to draw it says why, as the results table does, rather
 * than leaving its card blank.
 */
import { useMemo } from 'react';
import { metricBase, metricDefinition, summarise, sumCounts, type MetricKey } from '../../../shared/metrics.ts';
import { DIMENSION_NAMES, TIME_DIMENSIONS } from '../../../shared/reports.ts';
import type { ReportData } from '../../../shared/report-api.ts';
import { BarChart, TimeSeriesChart } from '../../shared/metrics/charts.tsx';
import { EmptyState } from '../../shared/EmptyState.tsx';

/** The report's answer to a date range in which its measurements delivered nothing. */
export function NoDelivery() {
  return (
    <EmptyState title="No delivery in this date range">Try a longer date range, or other measurements.</EmptyState>
  );
}

export function ReportChart({ data, metrics }: { data: ReportData; metrics: readonly MetricKey[] }) {
  const time = data.group_by.findIndex((d) => TIME_DIMENSIONS.includes(d));
  const names = useMemo(() => new Map(data.measurements.map((m) => [m.id, m.name])), [data]);
  if (data.rows.length === 0) return <NoDelivery />;
  const first = metrics[0] ?? 'impressions';
  if (time >= 0) {
    // Rows of the other dimension add up per period: counts summed, ratios derived again.
    const byPeriod = new Map<string, ReportData['rows']>();
    for (const row of data.rows) {
      const key = row.keys[time]!;
      byPeriod.set(key, [...(byPeriod.get(key) ?? []), row]);
    }
    const points = [...byPeriod.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, rows]) => ({
        date: key.length === 7 ? `${key}-01` : key,
        ...summarise(sumCounts(rows)),
      }));
    const second = metrics[1] ?? (first === 'apm' ? 'impressions' : 'apm');
    return <TimeSeriesChart points={points} metrics={[first, second]} />;
  }
  const dimension = data.group_by[0]!;
  const bars = [...data.rows]
    .filter((r) => data.group_by.length === 1 || r.keys.length)
    .map((r) => ({
      label: r.keys.map((k, i) => (data.group_by[i] === 'measurement' ? (names.get(k) ?? k) : k)).join(' · '),
      value: r[first],
    }))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
    .slice(0, 15);
  return (
    <BarChart
      bars={bars}
      metric={first}
      caption={[metricDefinition(first).label, metricBase(first), 'by', DIMENSION_NAMES[dimension].toLowerCase()]
        .filter(Boolean)
        .join(' ')}
    />
  );
}
