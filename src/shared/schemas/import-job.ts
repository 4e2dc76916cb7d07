import { z } from 'zod';
import { baseRow, count, inputsFor, isoDateTime, objectId } from './common.ts';

export const IMPORT_JOB_TYPES = ['upload', 'api', 'scheduled'] as const;
export const IMPORT_JOB_STATES = ['queued', 'running', 'successful', 'failed'] as const;

/** A data import into a measurement (spec §3: id, job_type). */
export const importJobRow = z.object({
  ...baseRow,
  account: objectId,
  measurement: objectId,
  job_type: z.enum(IMPORT_JOB_TYPES),
  status: z.enum(IMPORT_JOB_STATES),
  file_name: z.string().max(255).nullable(),
  import_job_config: objectId.nullable(),
  upload_template: objectId.nullable(),
  rows_total: count,
  rows_imported: count,
  created_by: objectId.nullable(),
  updated_at: isoDateTime,
  /** Ties the job to its import-job-status events (server/routes/measurements/import-jobs.ts). */
  correlation_id: z.string().max(100).optional(),
  /** Rows checked so far: the job's progress while it runs. */
  rows_processed: count.optional(),
  /** Row-level problems of a failed job (line 1 is the header). */
  errors: z
    .array(z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string().max(500) }))
    .max(1000)
    .optional(),
});
export type ImportJob = z.infer<typeof importJobRow>;

/** Clients create jobs; the status and counts are the server's. */
const RUN_KEPT = ['status', 'rows_total', 'rows_imported', 'correlation_id', 'rows_processed', 'errors'] as const;
export const { create: importJobCreate, update: importJobUpdate } = inputsFor(importJobRow, RUN_KEPT);
