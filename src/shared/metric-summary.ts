/**
 * The metric summary of an API answer (the metrics endpoint's totals, series and breakdowns, a
 * report's rows and totals): the one schema of it, built from the key lists of ./metrics.ts; the
 * type below checks it gives exactly MetricSummary (metrics.ts, which does not import this file). Counts are numbers; ratios are null where their
 * denominator is zero.
 */
import { z } from 'zod';
import { COUNT_KEYS, DERIVED_KEYS, type DerivedMetrics, type MetricCounts, type MetricSummary } from './metrics.ts';

// The key lists name every field of the interfaces (checked here, since the casts below rely on it).
type Unlisted = Exclude<
  keyof (MetricCounts & DerivedMetrics),
  (typeof COUNT_KEYS)[number] | (typeof DERIVED_KEYS)[number]
>;
const everyKeyListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyKeyListed;

const counts = Object.fromEntries(COUNT_KEYS.map((key) => [key, z.number()])) as {
  [K in keyof MetricCounts]: z.ZodNumber;
};
const ratios = Object.fromEntries(DERIVED_KEYS.map((key) => [key, z.number().nullable()])) as {
  [K in keyof DerivedMetrics]: z.ZodNullable<z.ZodNumber>;
};

export const metricSummary = z.object({ ...counts, ...ratios });

// The schema's output is MetricSummary, both ways (a field missing or extra fails the build).
type Output = z.infer<typeof metricSummary>;
const sameShape: [Output] extends [MetricSummary] ? ([MetricSummary] extends [Output] ? true : never) : never = true;
void sameShape;
