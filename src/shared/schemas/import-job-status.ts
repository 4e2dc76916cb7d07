import { z } from 'zod';
import { baseRow, inputsFor, objectId, text } from './common.ts';
import { IMPORT_JOB_TYPES } from './import-job.ts';

/**
 * One status event of an import (spec §3: account, measurement, correlation_id). The account
 * filter of its list is `account._id` (spec §7); the row keeps the account id in `account`.
 */
export const importJobStatusRow = z.object({
  ...baseRow,
  account: objectId,
  measurement: objectId,
  correlation_id: z.string().min(1).max(100),
  import_job_id: objectId,
  job_type: z.enum(IMPORT_JOB_TYPES),
  status: z.enum(['queued', 'running', 'success', 'error']),
  message: text,
});
export type ImportJobStatus = z.infer<typeof importJobStatusRow>;

export const { create: importJobStatusCreate, update: importJobStatusUpdate } = inputsFor(importJobStatusRow);
