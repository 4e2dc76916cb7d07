/**
 * The attention formulas of domain/attention.md, in one place. The server aggregates with them
 * (the metrics endpoint) and the dashboard derives its tiles, charts and CSV with them, so a
 * figure on screen and the API's figure can never drift apart.
 *
 * Counts are summed first and ratios derived afterwards: averaging per-row ratios would weight a
 * 10-impression row like a 10-million one.
 */
import { formatCount, formatInteger } from './number-format.ts';
import { once } from './once.ts';

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

/** How each metric is labelled and formatted on screen, in the funnel → time → cost order. */
export interface MetricDefinition {
  key: MetricKey;
  label: string;
  kind: 'count' | 'percent' | 'seconds' | 'apm' | 'money';
  description: string;
}

const metric = (key: MetricKey, label: string, kind: MetricDefinition['kind'], description: string) => ({
  key,
  label,
  kind,
  description,
});

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  metric('impressions', 'Impressions', 'count', 'Impressions the measurement tag saw'),
  metric('measured', 'Measured impressions', 'count', 'Impressions with an attention prediction'),
  metric('viewable', 'Viewable impressions', 'count', 'MRC viewable impressions'),
  metric('viewed', 'Viewed impressions', 'count', 'Impressions predicted to get at least one eye fixation'),
  metric('pct_measured', '% Measured', 'percent', 'Measured ÷ impressions'),
  metric('pct_viewable', '% Viewable', 'percent', 'Viewable ÷ impressions'),
  metric('pct_viewed', '% Viewed', 'percent', 'Viewed ÷ measured'),
  metric('avg_viewable_time', 'Avg viewable time', 'seconds', 'Total viewable time ÷ viewable impressions'),
  metric('avg_view_time', 'Avg view time', 'seconds', 'Total view time ÷ viewed impressions'),
  metric('total_view_time', 'Total view time', 'seconds', 'Predicted seconds of eyes on the ad'),
  metric('apm', 'APM', 'apm', 'Attentive seconds per 1,000 impressions'),
  metric('cost', 'Spend', 'money', 'Media cost'),
  metric('cpm', 'CPM', 'money', 'Cost per 1,000 impressions'),
  metric('acpm', 'aCPM', 'money', 'Cost per 1,000 attentive seconds'),
];

export const metricDefinition = (key: MetricKey): MetricDefinition =>
  METRIC_DEFINITIONS.find((d) => d.key === key) ?? { key, label: key, kind: 'count', description: '' };

/**
 * What a percentage is a share of, in words: "of measured impressions". % Viewable and % Viewed
 * stand side by side on different bases (domain/attention.md: viewable ÷ impressions, viewed ÷
 * measured), so every place that shows a share names its base, and names it from here: the
 * denominator of the metric's formula, called by that count's own label. Null for a figure that
 * is not a share (APM, CPM and the rest read as what they are).
 */
export function metricBase(key: MetricKey): string | null {
  const formula = (METRIC_FORMULAS as Partial<Record<MetricKey, MetricFormula>>)[key];
  if (!formula || metricDefinition(key).kind !== 'percent') return null;
  return `of ${metricDefinition(formula.denominator).label.toLowerCase()}`;
}

const oneDecimal = once(() => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const twoDecimals = once(() => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const money = once(
  () => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }),
);

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
      return `${oneDecimal().format(value * 100)}%`;
    case 'seconds':
      return key === 'total_view_time' ? `${formatInteger(value)} s` : `${twoDecimals().format(value)} s`;
    case 'apm':
      return formatInteger(value);
    case 'money':
      return money().format(value);
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
