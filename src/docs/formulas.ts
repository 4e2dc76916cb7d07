/**
 * The metric formulas as the guide shows them, rendered from METRIC_FORMULAS (src/shared/metrics.ts),
 * the structure the dashboards and the API compute with: a formula is never retyped here.
 */
import {
  METRIC_FORMULAS,
  metricDefinition,
  type DerivedMetrics,
  type MetricCounts,
  type MetricFormula,
} from '../shared/metrics.ts';

/** Counts the dashboards do not show as a figure of their own still need a name in a formula. */
const UNLISTED_COUNT_LABELS: Partial<Record<keyof MetricCounts, string>> = {
  total_viewable_time: 'Total viewable time',
};

export function termLabel(key: keyof MetricCounts | keyof DerivedMetrics): string {
  return UNLISTED_COUNT_LABELS[key as keyof MetricCounts] ?? metricDefinition(key).label;
}

export const FORMULA_KEYS = Object.keys(METRIC_FORMULAS) as (keyof DerivedMetrics)[];

const SCALE_TEXT = { 1: '', 1000: ' × 1,000' } as const;

/** "Total view time ÷ Measured impressions × 1,000" */
export function formulaText(key: keyof DerivedMetrics): string {
  const formula: MetricFormula = METRIC_FORMULAS[key];
  return `${termLabel(formula.numerator)} ÷ ${termLabel(formula.denominator)}${SCALE_TEXT[formula.scale]}`;
}

/** The same figure read another way, when the module gives one: "% Viewed × Avg view time × 1,000". */
export function alsoEqualsText(key: keyof DerivedMetrics): string | null {
  const also = (METRIC_FORMULAS[key] as MetricFormula).alsoEquals;
  if (!also) return null;
  return `${termLabel(also.left)} ${also.operator} ${termLabel(also.right)}${SCALE_TEXT[also.scale]}`;
}
