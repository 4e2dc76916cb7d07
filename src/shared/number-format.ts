import { once } from './once.ts';

/**
 * How the product writes counts: whole numbers with thousands separators, and large counts
 * compactly ('7.4M'). The dashboards (formatMetric in metrics.ts) and the demo script
 * (src/docs/demo-tour.ts) share these, so a figure reads the same on both; this module stays tiny
 * because the guide's pages ship it.
 */
// Each format is made the first time it is used (see once.ts).
const integer = once(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }));
// en-GB abbreviates millions as 'm'; dashboards conventionally read 'M'.
const compact = once(() => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }));

/** A whole number: '1,050'. */
export function formatInteger(value: number): string {
  return integer().format(value);
}

/**
 * A count, compact from 100,000 up when asked: '7.4M'. The rule of the product: a figure in a
 * card, a note or an axis is compact (the exact figure in its title where there is one); a table
 * cell and a KPI tile give it exactly.
 */
export function formatCount(value: number, options: { compact?: boolean } = {}): string {
  return options.compact && Math.abs(value) >= 100_000 ? compact().format(value) : integer().format(value);
}

/** A count always compact, whatever its size ('50K', '0'): the ticks of one axis read alike. */
export function formatCompact(value: number): string {
  return compact().format(value);
}

/** A count with its noun, singular for one: '1 asset', '2 assets', '1 area of interest' (give the plural where it is not noun + 's'). */
export function formatCountOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${integer().format(value)} ${value === 1 ? singular : plural}`;
}
