/**
 * The report data endpoint (GET /api/v1/report-data, decisions.md §6): request and response
 * schemas, the dimensions a report can group by and how relative dates resolve. The server
 * validates with these, the OpenAPI document is generated from them, the report builder types
 * from them. The dimensions, relative dates and their resolution are in reports.ts (no zod).
 */
import { z } from 'zod';
import { metricSummary } from './metric-summary.ts';
import { dateOrderIssue, datesInOrder, dayRange } from './schemas/common.ts';
import { MAX_GROUP_BY, MAX_REPORT_DAYS, RELATIVE_DATES, REPORT_DIMENSIONS, daySpan } from './reports.ts';

export * from './reports.ts';

const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id');
const isoDay = z.iso.date();

/** A list parameter: repeated (?a=1&a=2) or comma-separated (?a=1,2); empty items are dropped. */
function listOf<T extends z.ZodType>(list: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null) return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map((v) => v.trim()).filter(Boolean);
  }, list);
}

const booleanParam = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const reportDataQuery = z
  .object({
    /** The account whose measurements are reported; the user's own account when omitted. */
    account: objectId.optional(),
    /** Measurement ids of the account, or '*' for all of them (Select All); '*' when omitted. */
    measurement: listOf(z.array(z.union([z.literal('*'), objectId])).max(1000, 'at most 1000 measurements'))
      .refine((ids) => !ids.includes('*') || ids.length === 1, "'*' (all measurements) cannot be combined with ids")
      .optional(),
    /** Label value ids: a measurement counts when it carries one of the chosen values of each category. */
    label: listOf(z.array(objectId).max(200, 'at most 200 labels')).optional(),
    start_date: isoDay.optional(),
    end_date: isoDay.optional(),
    /** Resolved on the server's clock; wins over start_date and end_date. */
    relative_date: z.enum(RELATIVE_DATES).optional(),
    /** Only measured impressions count (see the endpoint's description). */
    measured: booleanParam.default(false),
    /** One or two dimensions, in order; none gives the totals only. */
    // maxItems and uniqueItems in the document too, so it refuses what the server refuses.
    group_by: listOf(
      z
        .array(z.enum(REPORT_DIMENSIONS))
        .max(MAX_GROUP_BY, `at most ${MAX_GROUP_BY} dimensions`)
        .refine((dims) => new Set(dims).size === dims.length, 'a dimension cannot be used twice')
        .meta({ uniqueItems: true }),
    ).default([]),
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
    } else if (!datesInOrder(query)) {
      ctx.addIssue({ code: 'custom', ...dateOrderIssue() });
    } else if (query.start_date && query.end_date && daySpan(query.start_date, query.end_date) > MAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: `a report covers at most ${MAX_REPORT_DAYS} days` });
    }
  });
export type ReportDataQuery = z.input<typeof reportDataQuery>;
export type ParsedReportQuery = z.output<typeof reportDataQuery>;

export const reportDataResponse = z.object({
  data: z.object({
    account: objectId,
    ...dayRange,
    relative_date: z.enum(RELATIVE_DATES).nullable(),
    measured: z.boolean(),
    group_by: z.array(z.enum(REPORT_DIMENSIONS)),
    /** The measurements the report covers (after '*' and the label filter), by name. */
    measurements: z.array(z.object({ id: objectId, name: z.string() })),
    /**
     * One row per group, sorted by its keys. `keys` holds one value per group_by dimension: a
     * measurement id, a display name, a day (YYYY-MM-DD), the Monday of an ISO week, or a month (YYYY-MM).
     */
    rows: z.array(metricSummary.extend({ keys: z.array(z.string()) })),
    totals: metricSummary,
  }),
});
export type ReportData = z.infer<typeof reportDataResponse>['data'];
