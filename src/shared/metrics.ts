/**
 * The attention formulas of domain/attention.md, in one place. The server aggregates with them
 * (the metrics endpoint) and the dashboard derives its tiles, charts and CSV with them, so a
 * figure on screen and the API's figure can never drift apart.
 *
 * Counts are summed first and ratios derived afterwards: averaging per-row ratios would weight a
 * 10-impression row like a 10-million one.
 */
import { formatCount, formatInteger } from './number-format.ts';

/** The additive part of a metric row: everything that can be summed. */
export interface MetricCounts {
  impressions: number;
  measured: number;
  viewable: number;
  viewed: number;
  /** Seconds over viewable impressions (capped at 180 s each at the source). */
  total_viewable_time: number;
  /** Predicted seconds of eyes on the ad. */
  total_view_time: number;
  /** GBP. */
  cost: number;
}

export const BREAKDOWN_DIMENSIONS = ['channel', 'media_partner', 'format', 'device', 'domain', 'creative'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/** One day of delivery for one combination of dimensions (TEAM.md contract with fixtures/metrics.ts). */
export interface MetricRow extends MetricCounts {
  measurement: string;
  /** YYYY-MM-DD */
  date: string;
  channel: string;
  media_partner: string;
  format: string;
  device: string;
  domain: string;
  creative: string;
}

/** Ratios derived from counts; null where the denominator is zero (shown as a dash, never NaN). */
export interface DerivedMetrics {
  /** measured / impressions, 0..1 */
  pct_measured: number | null;
  /** viewable / impressions, 0..1 */
  pct_viewable: number | null;
  /** viewed / measured, 0..1 */
  pct_viewed: number | null;
  /** total viewable time / viewable, seconds */
  avg_viewable_time: number | null;
  /** total view time / viewed, seconds */
  avg_view_time: number | null;
  /** attentive seconds per 1,000 measured impressions */
  apm: number | null;
  /** GBP per 1,000 impressions */
  cpm: number | null;
  /** GBP per 1,000 attentive seconds */
  acpm: number | null;
}

/** Counts and ratios together (./metric-summary.ts checks that its schema gives exactly this). */
export type MetricSummary = MetricCounts & DerivedMetrics;

export const COUNT_KEYS = [
  'impressions',
  'measured',
  'viewable',
  'viewed',
  'total_viewable_time',
  'total_view_time',
  'cost',
] as const satisfies readonly (keyof MetricCounts)[];

export const DERIVED_KEYS = [
  'pct_measured',
  'pct_viewable',
  'pct_viewed',
  'avg_viewable_time',
  'avg_view_time',
  'apm',
  'cpm',
  'acpm',
] as const satisfies readonly (keyof DerivedMetrics)[];

export type MetricKey = keyof MetricSummary;

/** Division that answers null instead of Infinity or NaN when there is nothing to divide by. */
export function safeDivide(numerator: number, denominator: number): number | null {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) return null;
  const ratio = numerator / denominator;
  // A subnormal denominator can still overflow.
  return Number.isFinite(ratio) ? ratio : null;
}

/**
 * Each derived metric as a ratio of two counts, scaled: the formulas of domain/attention.md as
 * data. The functions below compute with it and the documentation renders it
 * (src/pages/documentation.astro), so the formula a user reads is the one the numbers come from.
 * `alsoEquals` is the same figure read another way (the documentation shows it; a test checks it).
 */
export interface MetricFormula {
  numerator: keyof MetricCounts;
  denominator: keyof MetricCounts;
  /** 1 for a plain ratio; 1000 for a figure per mille. */
  scale: 1 | 1000;
  alsoEquals?: { left: keyof DerivedMetrics; operator: '×' | '÷'; right: keyof DerivedMetrics; scale: 1 | 1000 };
}

export const METRIC_FORMULAS = {
  pct_measured: { numerator: 'measured', denominator: 'impressions', scale: 1 },
  pct_viewable: { numerator: 'viewable', denominator: 'impressions', scale: 1 },
  pct_viewed: { numerator: 'viewed', denominator: 'measured', scale: 1 },
  avg_viewable_time: { numerator: 'total_viewable_time', denominator: 'viewable', scale: 1 },
  avg_view_time: { numerator: 'total_view_time', denominator: 'viewed', scale: 1 },
  apm: {
    numerator: 'total_view_time',
    denominator: 'measured',
    scale: 1000,
    alsoEquals: { left: 'pct_viewed', operator: '×', right: 'avg_view_time', scale: 1000 },
  },
  cpm: { numerator: 'cost', denominator: 'impressions', scale: 1000 },
  // Not CPM ÷ APM × 1000 in general: APM counts measured impressions, CPM all of them.
  acpm: { numerator: 'cost', denominator: 'total_view_time', scale: 1000 },
} as const satisfies Record<keyof DerivedMetrics, MetricFormula>;

type FormulaInputs<K extends keyof DerivedMetrics> = Pick<
  MetricCounts,
  (typeof METRIC_FORMULAS)[K]['numerator'] | (typeof METRIC_FORMULAS)[K]['denominator']
>;

/** A derived metric from its formula; null where the denominator is zero or the result overflows. */
export function evaluateFormula<K extends keyof DerivedMetrics>(key: K, counts: FormulaInputs<K>): number | null {
  const formula: MetricFormula = METRIC_FORMULAS[key];
  const values = counts as Partial<MetricCounts>;
  const ratio = safeDivide(values[formula.numerator] ?? Number.NaN, values[formula.denominator] ?? Number.NaN);
  if (ratio === null) return null;
  const scaled = ratio * formula.scale;
  return Number.isFinite(scaled) ? scaled : null;
}

export const pctMeasured = (c: FormulaInputs<'pct_measured'>) => evaluateFormula('pct_measured', c);
export const pctViewable = (c: FormulaInputs<'pct_viewable'>) => evaluateFormula('pct_viewable', c);
export const pctViewed = (c: FormulaInputs<'pct_viewed'>) => evaluateFormula('pct_viewed', c);
export const avgViewableTime = (c: FormulaInputs<'avg_viewable_time'>) => evaluateFormula('avg_viewable_time', c);
export const avgViewTime = (c: FormulaInputs<'avg_view_time'>) => evaluateFormula('avg_view_time', c);
/** APM = total view time / measured × 1000 (= % viewed × avg view time × 1000). */
export const apm = (c: FormulaInputs<'apm'>) => evaluateFormula('apm', c);
export const cpm = (c: FormulaInputs<'cpm'>) => evaluateFormula('cpm', c);
/** aCPM = total cost / total view time × 1000: what 1,000 seconds of attention cost. */
export const acpm = (c: FormulaInputs<'acpm'>) => evaluateFormula('acpm', c);

export function derive(counts: MetricCounts): DerivedMetrics {
  return {
    pct_measured: pctMeasured(counts),
    pct_viewable: pctViewable(counts),
    pct_viewed: pctViewed(counts),
    avg_viewable_time: avgViewableTime(counts),
    avg_view_time: avgViewTime(counts),
    apm: apm(counts),
    cpm: cpm(counts),
    acpm: acpm(counts),
  };
}

export function emptyCounts(): MetricCounts {
  return { impressions: 0, measured: 0, viewable: 0, viewed: 0, total_viewable_time: 0, total_view_time: 0, cost: 0 };
}

/** Adds b into a (mutating a): the hot loop of every aggregation. */
export function addCounts(a: MetricCounts, b: MetricCounts): MetricCounts {
  a.impressions += b.impressions;
  a.measured += b.measured;
  a.viewable += b.viewable;
  a.viewed += b.viewed;
  a.total_viewable_time += b.total_viewable_time;
  a.total_view_time += b.total_view_time;
  a.cost += b.cost;
  return a;
}

/**
 * The counts of a row when only measured impressions count (a report's `measured` flag): the
 * impressions are the measured ones, and what is known only for all impressions (viewable
 * impressions, viewable time, cost) is taken in proportion, on the assumption that measured and
 * unmeasured impressions of one placement on one day are alike. Viewed impressions and view time
 * are already counted over measured impressions and stay as they are, so APM does not change;
 * % measured becomes 100% and aCPM is the cost of the measured impressions' attention.
 */
export function measuredOnly(row: MetricCounts): MetricCounts {
  const share = row.impressions > 0 ? row.measured / row.impressions : 0;
  return {
    impressions: row.measured,
    measured: row.measured,
    viewable: Math.round(row.viewable * share),
    viewed: row.viewed,
    total_viewable_time: Math.round(row.total_viewable_time * share * 100) / 100,
    total_view_time: row.total_view_time,
    cost: Math.round(row.cost * share * 100) / 100,
  };
}

export function sumCounts(rows: Iterable<MetricCounts>): MetricCounts {
  const total = emptyCounts();
  for (const row of rows) addCounts(total, row);
  return total;
}

/** Times and money summed from many rows pick up float noise; round them for the wire. */
function tidy(counts: MetricCounts): MetricCounts {
  return {
    ...counts,
    total_viewable_time: Math.round(counts.total_viewable_time * 100) / 100,
    total_view_time: Math.round(counts.total_view_time * 100) / 100,
    cost: Math.round(counts.cost * 100) / 100,
  };
}

export function summarise(counts: MetricCounts): MetricSummary {
  const tidied = tidy(counts);
  return { ...tidied, ...derive(tidied) };
}

export interface SeriesPoint extends MetricSummary {
  date: string;
}

export interface BreakdownEntry extends MetricSummary {
  /** The dimension's value (a display name), or OTHERS_KEY for the rolled-up tail. */
  key: string;
}

export const OTHERS_KEY = 'All others';

export interface MetricFilters {
  start_date?: string;
  end_date?: string;
  channel?: string;
  media_partner?: string;
  format?: string;
  device?: string;
}

export interface Aggregate {
  totals: MetricSummary;
  series: SeriesPoint[];
  breakdowns: Record<BreakdownDimension, BreakdownEntry[]>;
  /** Distinct values present before the dimension filters, so the UI can offer them. */
  options: Record<'channel' | 'media_partner' | 'format' | 'device', string[]>;
  /** Row count that passed the filters. */
  rows: number;
}

export interface AggregateOptions {
  /** Fill every day of [start_date, end_date] in the series, so gaps show as zero. */
  fillDays?: boolean;
  /** Longest breakdown list; the tail rolls up into one OTHERS_KEY entry. */
  breakdownLimit?: number;
}

const DAY_MS = 86_400_000;

/** Every YYYY-MM-DD from start to end inclusive (empty if end < start). */
export function daysBetween(start: string, end: string): string[] {
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return [];
  const days: string[] = [];
  for (let t = from; t <= to; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function matches(row: MetricRow, filters: MetricFilters): boolean {
  if (filters.start_date && row.date < filters.start_date) return false;
  if (filters.end_date && row.date > filters.end_date) return false;
  if (filters.channel && row.channel !== filters.channel) return false;
  if (filters.media_partner && row.media_partner !== filters.media_partner) return false;
  if (filters.format && row.format !== filters.format) return false;
  if (filters.device && row.device !== filters.device) return false;
  return true;
}

function breakdownList(groups: Map<string, MetricCounts>, limit: number): BreakdownEntry[] {
  const sorted = [...groups.entries()].sort((a, b) => b[1].impressions - a[1].impressions || a[0].localeCompare(b[0]));
  const head = sorted.slice(0, limit).map(([key, counts]) => ({ key, ...summarise(counts) }));
  if (sorted.length > limit) {
    head.push({ key: OTHERS_KEY, ...summarise(sumCounts(sorted.slice(limit).map(([, c]) => c))) });
  }
  return head;
}

/**
 * Totals, a daily series and breakdowns in one pass over the rows. Options list the values of
 * the filterable dimensions among the rows inside the date range, ignoring the dimension
 * filters themselves (so choosing a channel does not hide the other channels from the picker).
 */
export function aggregateMetrics(
  rows: Iterable<MetricRow>,
  filters: MetricFilters = {},
  options: AggregateOptions = {},
): Aggregate {
  const limit = options.breakdownLimit ?? 25;
  const totals = emptyCounts();
  const byDay = new Map<string, MetricCounts>();
  const groups = Object.fromEntries(BREAKDOWN_DIMENSIONS.map((d) => [d, new Map<string, MetricCounts>()])) as Record<
    BreakdownDimension,
    Map<string, MetricCounts>
  >;
  const seen = {
    channel: new Set<string>(),
    media_partner: new Set<string>(),
    format: new Set<string>(),
    device: new Set<string>(),
  };
  const dateOnly: MetricFilters = { start_date: filters.start_date, end_date: filters.end_date };
  let count = 0;
  for (const row of rows) {
    if (!matches(row, dateOnly)) continue;
    seen.channel.add(row.channel);
    seen.media_partner.add(row.media_partner);
    seen.format.add(row.format);
    seen.device.add(row.device);
    if (!matches(row, filters)) continue;
    count += 1;
    addCounts(totals, row);
    let day = byDay.get(row.date);
    if (!day) byDay.set(row.date, (day = emptyCounts()));
    addCounts(day, row);
    for (const dimension of BREAKDOWN_DIMENSIONS) {
      const group = groups[dimension];
      const key = row[dimension];
      let bucket = group.get(key);
      if (!bucket) group.set(key, (bucket = emptyCounts()));
      addCounts(bucket, row);
    }
  }
  let dates = [...byDay.keys()].sort();
  if (options.fillDays && filters.start_date && filters.end_date) {
    const span = daysBetween(filters.start_date, filters.end_date);
    // A runaway range (years) would make a huge response; fill only sensible spans.
    if (span.length <= 800) dates = span;
  }
  const sortedOptions = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return {
    totals: summarise(totals),
    series: dates.map((date) => ({ date, ...summarise(byDay.get(date) ?? emptyCounts()) })),
    breakdowns: Object.fromEntries(BREAKDOWN_DIMENSIONS.map((d) => [d, breakdownList(groups[d], limit)])) as Record<
      BreakdownDimension,
      BreakdownEntry[]
    >,
    options: {
      channel: sortedOptions(seen.channel),
      media_partner: sortedOptions(seen.media_partner),
      format: sortedOptions(seen.format),
      device: sortedOptions(seen.device),
    },
    rows: count,
  };
}

/** How each metric is labelled and formatted on screen, in the funnel → time → cost order. */
export interface MetricDefinition {
  key: MetricKey;
  label: string;
  kind: 'count' | 'percent' | 'seconds' | 'apm' | 'money';
  description: string;
}

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  { key: 'impressions', label: 'Impressions', kind: 'count', description: 'Impressions the measurement tag saw' },
  {
    key: 'measured',
    label: 'Measured impressions',
    kind: 'count',
    description: 'Impressions with an attention prediction',
  },
  { key: 'viewable', label: 'Viewable impressions', kind: 'count', description: 'MRC viewable impressions' },
  {
    key: 'viewed',
    label: 'Viewed impressions',
    kind: 'count',
    description: 'Impressions predicted to get at least one eye fixation',
  },
  { key: 'pct_measured', label: '% Measured', kind: 'percent', description: 'Measured ÷ impressions' },
  { key: 'pct_viewable', label: '% Viewable', kind: 'percent', description: 'Viewable ÷ impressions' },
  { key: 'pct_viewed', label: '% Viewed', kind: 'percent', description: 'Viewed ÷ measured' },
  {
    key: 'avg_viewable_time',
    label: 'Avg viewable time',
    kind: 'seconds',
    description: 'Total viewable time ÷ viewable impressions',
  },
  {
    key: 'avg_view_time',
    label: 'Avg view time',
    kind: 'seconds',
    description: 'Total view time ÷ viewed impressions',
  },
  {
    key: 'total_view_time',
    label: 'Total view time',
    kind: 'seconds',
    description: 'Predicted seconds of eyes on the ad',
  },
  { key: 'apm', label: 'APM', kind: 'apm', description: 'Attentive seconds per 1,000 impressions' },
  { key: 'cost', label: 'Spend', kind: 'money', description: 'Media cost' },
  { key: 'cpm', label: 'CPM', kind: 'money', description: 'Cost per 1,000 impressions' },
  { key: 'acpm', label: 'aCPM', kind: 'money', description: 'Cost per 1,000 attentive seconds' },
];

export const metricDefinition = (key: MetricKey): MetricDefinition =>
  METRIC_DEFINITIONS.find((d) => d.key === key) ?? { key, label: key, kind: 'count', description: '' };

const oneDecimal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** Display text for a metric value; a dash where the value is undefined (division by zero). */
export function formatMetric(
  key: MetricKey,
  value: number | null | undefined,
  options: { compact?: boolean } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const { kind } = metricDefinition(key);
  switch (kind) {
    case 'percent':
      return `${oneDecimal.format(value * 100)}%`;
    case 'seconds':
      return key === 'total_view_time' ? `${formatInteger(value)} s` : `${twoDecimals.format(value)} s`;
    case 'apm':
      return formatInteger(value);
    case 'money':
      return money.format(value);
    default:
      return formatCount(value, options);
  }
}

/** The value written to CSV: raw numbers, percentages as 0..100 with two decimals. */
export function csvMetricValue(key: MetricKey, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const { kind } = metricDefinition(key);
  if (kind === 'percent') return (value * 100).toFixed(2);
  if (kind === 'count') return String(Math.round(value));
  return value.toFixed(2);
}
