/**
 * The report data endpoint (GET /api/v1/report-data, decisions.md §6): request and response
 * schemas, the dimensions a report can group by and how relative dates resolve. The server
 * validates with these, the OpenAPI document is generated from them, the report builder types
 * from them and resolves its date labels with the same function as the server.
 */
import { z } from 'zod';
import { RELATIVE_DATES } from './schemas/saved-report.ts';

export { RELATIVE_DATES };
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

const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id');
const isoDay = z.iso.date();
const nullableNumber = z.number().nullable();

/** A list parameter: repeated (?a=1&a=2) or comma-separated (?a=1,2); empty items are dropped. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null) return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map((v) => v.trim()).filter(Boolean);
  }, z.array(item));
}

const booleanParam = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const reportDataQuery = z
  .object({
    /** The account whose measurements are reported; the user's own account when omitted. */
    account: objectId.optional(),
    /** Measurement ids of the account, or '*' for all of them (Select All); '*' when omitted. */
    measurement: listOf(z.union([z.literal('*'), objectId]))
      .refine((ids) => !ids.includes('*') || ids.length === 1, "'*' (all measurements) cannot be combined with ids")
      .refine((ids) => ids.length <= 1000, 'at most 1000 measurements')
      .optional(),
    /** Label value ids: a measurement counts when it carries one of the chosen values of each category. */
    label: listOf(objectId)
      .refine((ids) => ids.length <= 200, 'at most 200 labels')
      .optional(),
    start_date: isoDay.optional(),
    end_date: isoDay.optional(),
    /** Resolved on the server's clock; wins over start_date and end_date. */
    relative_date: z.enum(RELATIVE_DATES).optional(),
    /** Only measured impressions count (see the endpoint's description). */
    measured: booleanParam.default(false),
    /** One or two dimensions, in order; none gives the totals only. */
    group_by: listOf(z.enum(REPORT_DIMENSIONS))
      .refine((dims) => dims.length <= MAX_GROUP_BY, `at most ${MAX_GROUP_BY} dimensions`)
      .refine((dims) => new Set(dims).size === dims.length, 'a dimension cannot be used twice')
      .default([]),
  })
  .superRefine((query, ctx) => {
    if (query.relative_date) return;
    if (!query.start_date !== !query.end_date) {
      const missing = query.start_date ? 'end_date' : 'start_date';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'give both start_date and end_date, or a relative_date',
      });
    } else if (query.start_date && query.end_date && query.end_date < query.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date must not be before start_date' });
    } else if (query.start_date && query.end_date && daySpan(query.start_date, query.end_date) > MAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: `a report covers at most ${MAX_REPORT_DAYS} days` });
    }
  });
export type ReportDataQuery = z.input<typeof reportDataQuery>;
export type ParsedReportQuery = z.output<typeof reportDataQuery>;

/** About three years: enough for any campaign comparison, bounded so a typo cannot ask for a century. */
export const MAX_REPORT_DAYS = 1100;

export const reportSummary = z.object({
  impressions: z.number(),
  measured: z.number(),
  viewable: z.number(),
  viewed: z.number(),
  total_viewable_time: z.number(),
  total_view_time: z.number(),
  cost: z.number(),
  pct_measured: nullableNumber,
  pct_viewable: nullableNumber,
  pct_viewed: nullableNumber,
  avg_viewable_time: nullableNumber,
  avg_view_time: nullableNumber,
  apm: nullableNumber,
  cpm: nullableNumber,
  acpm: nullableNumber,
});

export const reportDataResponse = z.object({
  data: z.object({
    account: objectId,
    start_date: isoDay,
    end_date: isoDay,
    relative_date: z.enum(RELATIVE_DATES).nullable(),
    measured: z.boolean(),
    group_by: z.array(z.enum(REPORT_DIMENSIONS)),
    /** The measurements the report covers (after '*' and the label filter), by name. */
    measurements: z.array(z.object({ id: objectId, name: z.string() })),
    /**
     * One row per group, sorted by its keys. `keys` holds one value per group_by dimension: a
     * measurement id, a display name, a day (YYYY-MM-DD), the Monday of an ISO week, or a month (YYYY-MM).
     */
    rows: z.array(reportSummary.extend({ keys: z.array(z.string()) })),
    totals: reportSummary,
  }),
});
export type ReportData = z.infer<typeof reportDataResponse>['data'];
export type ReportRow = ReportData['rows'][number];

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
