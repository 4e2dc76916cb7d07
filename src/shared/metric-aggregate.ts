/**
 * Totals, a daily series and breakdowns of a measurement's delivery rows, summed with the formulas
 * of ./metrics.ts: the metrics endpoint, activations' domain previews and the fixtures' checks read
 * the same aggregation, so a dashboard's figure and an activation's agree.
 */
import {
  addCounts,
  BREAKDOWN_DIMENSIONS,
  emptyCounts,
  summarise,
  sumCounts,
  type BreakdownDimension,
  type MetricCounts,
  type MetricRow,
  type MetricSummary,
} from './metrics.ts';

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
