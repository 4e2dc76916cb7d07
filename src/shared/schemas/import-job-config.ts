import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';
import { IMPORT_JOB_TYPES } from './import-job.ts';

/** How an automated import fetches data (super admins); global when account is null. */
export const importJobConfigRow = z.object({
  ...baseRow,
  account: objectId.nullable(),
  name,
  job_type: z.enum(IMPORT_JOB_TYPES),
  /** A third-party-macro-vendor id the data comes from. */
  vendor: objectId.nullable(),
  /** A cron expression for scheduled jobs. */
  schedule: z.string().max(100).nullable(),
  upload_template: objectId.nullable(),
  enabled: z.boolean(),
});

export const { create: importJobConfigCreate, update: importJobConfigUpdate } = inputsFor(importJobConfigRow);
