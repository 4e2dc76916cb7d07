/**
 * Request and response schemas of the measurement endpoints that are not plain resources: the
 * read-only metrics endpoint, tag download and upload, and data-import uploads. The server
 * validates with them, the OpenAPI document is generated from them, the client types from them.
 */
import { z } from 'zod';
import { BREAKDOWN_DIMENSIONS, COUNT_KEYS } from './metrics.ts';
import { metricSummary as summary } from './metric-summary.ts';
import { dayRange, isoDay, objectId } from './schemas/common.ts';

export const metricsQuery = z.object({
  measurement: objectId,
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
  channel: z.string().max(200).optional(),
  media_partner: z.string().max(200).optional(),
  format: z.string().max(200).optional(),
  device: z.string().max(200).optional(),
  /** Longest breakdown list before the tail rolls up into 'All others'. */
  breakdown_limit: z.coerce.number().int().min(1).max(500).default(25),
});
export type MetricsQuery = z.input<typeof metricsQuery>;

export const metricsResponse = z.object({
  data: z.object({
    measurement: objectId,
    ...dayRange,
    totals: summary,
    series: z.array(summary.extend({ date: isoDay })),
    breakdowns: z.object(
      Object.fromEntries(BREAKDOWN_DIMENSIONS.map((d) => [d, z.array(summary.extend({ key: z.string() }))])) as Record<
        (typeof BREAKDOWN_DIMENSIONS)[number],
        z.ZodArray<z.ZodObject<typeof summary.shape & { key: z.ZodString }>>
      >,
    ),
    options: z.object({
      channel: z.array(z.string()),
      media_partner: z.array(z.string()),
      format: z.array(z.string()),
      device: z.array(z.string()),
    }),
    rows: z.number().int(),
    imported_rows: z.number().int(),
  }),
});
export type MetricsResponse = z.infer<typeof metricsResponse>;

export const TAG_TYPES = ['display', 'video', 'pixel'] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const tagQuery = z.object({
  measurement: objectId,
  /** A third-party-macro-vendor id; the measurement's ad server when omitted. */
  vendor: objectId.optional(),
  type: z.enum([...TAG_TYPES, 'all']).default('all'),
  /** json answers the tags for the page; txt downloads them as a file. */
  format: z.enum(['json', 'txt']).default('txt'),
});

export const generatedTag = z.object({
  type: z.enum(TAG_TYPES),
  title: z.string(),
  vendor: z.string(),
  code: z.string(),
});
export type GeneratedTag = z.infer<typeof generatedTag>;

export const tagsResponse = z.object({
  data: z.object({
    measurement: objectId,
    vendor: z.object({ id: objectId, name: z.string() }).nullable(),
    macros: z.array(z.object({ parameter: z.string(), macro: z.string() })),
    tags: z.array(generatedTag),
  }),
});
export type TagsResponse = z.infer<typeof tagsResponse>;

/** A file travels as its text: uploads here are CSV, far below the body limit. */
const csvText = z
  .string()
  .min(1, 'The file is empty')
  .max(4 * 1024 * 1024, 'The file is larger than 4 MB');

export const tagUploadBody = z.object({
  measurement: objectId,
  upload_template: objectId,
  file_name: z.string().trim().min(1).max(255),
  csv: csvText,
  /** true checks the file and saves nothing. */
  dry_run: z.boolean().default(false),
});

export const rowIssue = z.object({
  /** Line in the file (the header is line 1). */
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type RowIssue = z.infer<typeof rowIssue>;

export const tagUploadResponse = z.object({
  data: z.object({
    valid: z.boolean(),
    saved: z.number().int(),
    rows: z.array(
      z.object({
        line: z.number().int(),
        placement: z.string(),
        creative: z.string(),
        status: z.enum(['ok', 'error']),
        errors: z.array(z.string()),
      }),
    ),
    /** Problems with the file as a whole (header, template). */
    errors: z.array(rowIssue),
  }),
});
export type TagUploadResponse = z.infer<typeof tagUploadResponse>;

/**
 * Fields an import template may map a file's columns onto: the metric row's dimensions and counts
 * (metrics.ts), the placement and video views. The import checks files against them and the
 * documentation lists them.
 */
export const IMPORT_TARGETS = ['date', ...BREAKDOWN_DIMENSIONS, 'placement', ...COUNT_KEYS, 'video_views'] as const;
export const IMPORT_REQUIRED_TARGETS = ['date', 'impressions'] as const;
/** The longest file a data import takes, in data rows. */
export const IMPORT_MAX_ROWS = 50_000;

export const importUploadBody = z.object({
  measurement: objectId,
  import_job_config: objectId,
  file_name: z.string().trim().min(1, 'Choose a file').max(255),
  csv: csvText,
});
