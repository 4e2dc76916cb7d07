/**
 * What reports are made of, without zod (the report pages import this, and zod stays out of their
 * chunk): the relative dates and how they resolve, the dimensions a report groups by, and the day
 * arithmetic of weeks and months. The endpoint's schemas are in report-api.ts.
 */

/** decisions.md §6: relative dates, resolved on the server's clock. */
export const RELATIVE_DATES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'this_month',
  'last_month',
  'flight',
] as const;
export type RelativeDate = (typeof RELATIVE_DATES)[number];

/** What a report can group by: the breakdown dimensions, the measurement, and three time grains. */
export const REPORT_DIMENSIONS = [
  'measurement',
  'channel',
  'media_partner',
  'format',
  'device',
  'domain',
  'creative',
  'day',
  'week',
  'month',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
export const TIME_DIMENSIONS: readonly ReportDimension[] = ['day', 'week', 'month'];
export const MAX_GROUP_BY = 2;

/** About three years: enough for any campaign comparison, bounded so a typo cannot ask for a century. */
export const MAX_REPORT_DAYS = 1100;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayText(dayNumber(day) + n);

/** Whole days in an inclusive range. */
export function daySpan(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** The Monday of the ISO week a day falls in. */
export function weekOf(day: string): string {
  const n = dayNumber(day);
  // Epoch day 0 was a Thursday: (n + 3) % 7 is 0 on Mondays.
  return dayText(n - ((((n + 3) % 7) + 7) % 7));
}

export const monthOf = (day: string) => day.slice(0, 7);

/**
 * The days a relative date covers, ending today (UTC) on the given clock. 'flight' runs from
 * the first flight's start to the last flight's end, no later than today.
 */
export function resolveRelativeDate(
  relative: RelativeDate,
  today: string,
  flights: readonly { start_date: string; end_date: string }[] = [],
): { start: string; end: string } {
  switch (relative) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'last_7_days':
      return { start: addDays(today, -6), end: today };
    case 'last_30_days':
      return { start: addDays(today, -29), end: today };
    case 'last_90_days':
      return { start: addDays(today, -89), end: today };
    case 'this_month':
      return { start: `${today.slice(0, 7)}-01`, end: today };
    case 'last_month': {
      const lastDay = addDays(`${today.slice(0, 7)}-01`, -1);
      return { start: `${lastDay.slice(0, 7)}-01`, end: lastDay };
    }
    case 'flight': {
      if (flights.length === 0) return { start: today, end: today };
      let start = flights[0]!.start_date;
      let end = flights[0]!.end_date;
      for (const f of flights) {
        if (f.start_date < start) start = f.start_date;
        if (f.end_date > end) end = f.end_date;
      }
      if (end > today) end = today;
      if (start > end) start = end;
      // A flight longer than a report may cover keeps its most recent days.
      if (daySpan(start, end) > MAX_REPORT_DAYS) start = addDays(end, -(MAX_REPORT_DAYS - 1));
      return { start, end };
    }
  }
}

export const RELATIVE_DATE_LABELS: Record<RelativeDate, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  this_month: 'This month',
  last_month: 'Last month',
  flight: 'Flight to date',
};

export const DIMENSION_NAMES: Record<ReportDimension, string> = {
  measurement: 'Measurement',
  channel: 'Channel',
  media_partner: 'Media partner',
  format: 'Format',
  device: 'Device',
  domain: 'Domain',
  creative: 'Creative',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/**
 * A URL segment for an admin-defined report's name: 'Channel Benchmark' → 'channel-benchmark'
 * (decisions.md §6: /reports/{slug} opens it; the admin area links there).
 */
export function reportSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
