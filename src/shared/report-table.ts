/**
 * What the results table shows, as plain data: columns, rows and the totals row, sorted; the
 * table, the chart and the CSV all read this one model, so the CSV is exactly what is shown.
 * Comparisons join two reports row by row and add a difference column per metric.
 */
import { toCsv } from './csv.ts';
import { csvMetricValue, metricDefinition, type MetricKey, type MetricSummary } from './metrics.ts';
import { addDays, daySpan, DIMENSION_NAMES, TIME_DIMENSIONS, weekOf, type ReportDimension } from './reports.ts';
import type { ReportData } from './report-api.ts';
import { formatDate as formatDay, formatMonth } from './date-format.ts';
import type { SortSpec } from './report-state.ts';

export type Series = 'a' | 'b' | 'delta';

export interface Column {
  id: string;
  label: string;
  /** Set on metric columns. */
  metric?: MetricKey;
  series?: Series;
  /** Set on dimension columns: its position in the grouping. */
  dimension?: number;
}

export interface TableRow {
  id: string;
  /** Raw keys (ids, days) for sorting and joining; labels for showing. */
  keys: string[];
  labels: string[];
  values: Record<string, number | null>;
}

export interface ResultTable {
  columns: Column[];
  rows: TableRow[];
  totals: Record<string, number | null>;
}

/** How a group's key reads: names for measurements, dates for the time grains. */
export function keyLabel(dimension: ReportDimension, key: string, names: ReadonlyMap<string, string>): string {
  switch (dimension) {
    case 'measurement':
      return names.get(key) ?? key;
    case 'day':
      return formatDay(key);
    case 'week':
      return `Week of ${formatDay(key)}`;
    case 'month':
      return formatMonth(key);
    default:
      return key;
  }
}

function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
}

/**
 * The key two periods are joined on: a time key becomes its position in its own period (day 1,
 * week 1, month 1), so this October's first day sits beside September's first day.
 */
function periodKey(dimension: ReportDimension, key: string, start: string): string {
  if (dimension === 'day') return `#${daySpan(start, key)}`;
  if (dimension === 'week') return `#${Math.round(daySpan(weekOf(start), key) / 7)}`;
  if (dimension === 'month') return `#${monthIndex(key) - monthIndex(start.slice(0, 7))}`;
  return key;
}

export interface Comparison {
  kind: 'previous' | 'measurements';
  other: ReportData;
  /** Column headings of the two sides. */
  labels: { a: string; b: string };
}

/** Difference of a metric: percentages as points, everything else as the plain difference. */
export const difference = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null ? null : a - b;

export function buildTable(
  data: ReportData,
  metrics: readonly MetricKey[],
  comparison: Comparison | null,
  sort: SortSpec | null,
): ResultTable {
  const names = new Map(data.measurements.map((m) => [m.id, m.name]));
  const groupBy = data.group_by;
  const dimensionColumns: Column[] = groupBy.map((d, i) => ({
    id: `key${i}`,
    label: DIMENSION_NAMES[d],
    dimension: i,
  }));
  const metricColumns: Column[] = comparison
    ? metrics.flatMap((m) => {
        const label = metricDefinition(m).label;
        return [
          { id: `${m}:a`, label: `${label} (${comparison.labels.a})`, metric: m, series: 'a' as const },
          { id: `${m}:b`, label: `${label} (${comparison.labels.b})`, metric: m, series: 'b' as const },
          { id: `${m}:delta`, label: `${label} difference`, metric: m, series: 'delta' as const },
        ];
      })
    : metrics.map((m) => ({ id: m, label: metricDefinition(m).label, metric: m }));
  const columns = [...dimensionColumns, ...metricColumns];

  const valuesOf = (a: MetricSummary | undefined, b?: MetricSummary) => {
    const values: Record<string, number | null> = {};
    for (const m of metrics) {
      if (comparison) {
        values[`${m}:a`] = a ? a[m] : null;
        values[`${m}:b`] = b ? b[m] : null;
        values[`${m}:delta`] = difference(a?.[m] ?? (a ? null : 0), b?.[m] ?? (b ? null : 0));
      } else values[m] = a ? a[m] : null;
    }
    return values;
  };

  let rows: TableRow[];
  if (!comparison) {
    rows = data.rows.map((row) => ({
      id: row.keys.join('\u0001'),
      keys: row.keys,
      labels: row.keys.map((k, i) => keyLabel(groupBy[i]!, k, names)),
      values: valuesOf(row),
    }));
  } else {
    const otherNames = new Map(comparison.other.measurements.map((m) => [m.id, m.name]));
    const join = (keys: readonly string[], start: string) =>
      keys.map((k, i) => (comparison.kind === 'previous' ? periodKey(groupBy[i]!, k, start) : k)).join('\u0001');
    const others = new Map(comparison.other.rows.map((r) => [join(r.keys, comparison.other.start_date), r]));
    const seen = new Set<string>();
    rows = data.rows.map((row) => {
      const id = join(row.keys, data.start_date);
      seen.add(id);
      return {
        id,
        keys: row.keys,
        labels: row.keys.map((k, i) => keyLabel(groupBy[i]!, k, names)),
        values: valuesOf(row, others.get(id)),
      };
    });
    // Groups only the other side has (a channel that ran last month only) still show.
    for (const [id, row] of others) {
      if (seen.has(id)) continue;
      const keys =
        comparison.kind === 'previous'
          ? row.keys.map((k, i) => shiftToPeriod(groupBy[i]!, k, comparison.other.start_date, data.start_date))
          : row.keys;
      rows.push({
        id,
        keys,
        labels: keys.map((k, i) =>
          keyLabel(groupBy[i]!, k, otherNames.size ? new Map([...names, ...otherNames]) : names),
        ),
        values: valuesOf(undefined, row),
      });
    }
  }
  const totals = comparison ? valuesOf(data.totals, comparison.other.totals) : valuesOf(data.totals);
  return { columns, rows: sortRows(rows, columns, sort), totals };
}

/** A time key of the previous period moved to the same position in this one. */
function shiftToPeriod(dimension: ReportDimension, key: string, from: string, to: string): string {
  if (!TIME_DIMENSIONS.includes(dimension)) return key;
  if (dimension === 'month') {
    const index = monthIndex(key) - monthIndex(from.slice(0, 7)) + monthIndex(to.slice(0, 7)) - 1;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  }
  const shifted = addDays(key, daySpan(from, to) - 1);
  return dimension === 'week' ? weekOf(shifted) : shifted;
}

export function sortRows(rows: TableRow[], columns: readonly Column[], sort: SortSpec | null): TableRow[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.id === sort.id);
  if (!column) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    if (column.dimension !== undefined) {
      const i = column.dimension;
      // Time keys sort as text; names by their label.
      return (
        sign *
        (x.labels[i] === x.keys[i] ? x.labels[i]!.localeCompare(y.labels[i]!) : x.keys[i]!.localeCompare(y.keys[i]!))
      );
    }
    const a = x.values[column.id];
    const b = y.values[column.id];
    if (a == null && b == null) return 0;
    if (a == null) return 1;
    if (b == null) return -1;
    return sign * (a - b);
  });
}

/** A figure as a number cell (a negative difference must not read as text, see csvCell). */
const csvNumber = (text: string) => (text === '' ? null : Number(text));

/** The table as CSV: the same columns, rows and order, the totals last; figures unformatted. */
export function tableCsv(table: ResultTable): string {
  const header = table.columns.map((c) => c.label);
  const cells = (labels: readonly string[], values: Record<string, number | null>) =>
    table.columns.map((c) =>
      c.dimension !== undefined ? (labels[c.dimension] ?? '') : csvNumber(csvMetricValue(c.metric!, values[c.id])),
    );
  const dimensionCount = table.columns.filter((c) => c.dimension !== undefined).length;
  const totalLabels = dimensionCount ? ['Total', ...Array<string>(dimensionCount - 1).fill('')] : [];
  const rows = table.rows.map((r) => cells(r.labels, r.values));
  rows.push(dimensionCount ? cells(totalLabels, table.totals) : ['Total', ...cells([], table.totals)]);
  return toCsv(dimensionCount ? header : ['', ...header], rows);
}
