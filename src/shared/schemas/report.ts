import { z } from 'zod';
import { baseRow, inputsFor, name, objectId, text } from './common.ts';

export const REPORT_TYPES = ['dashboard', 'table', 'export'] as const;

/** An admin-defined report (root users); global when account is null. */
export const reportRow = z.object({
  ...baseRow,
  account: objectId.nullable(),
  name,
  type: z.enum(REPORT_TYPES),
  description: text,
  /** The metrics and breakdowns the report shows. */
  metrics: z.array(z.string().min(1).max(100)).max(50),
  dimensions: z.array(z.string().min(1).max(100)).max(20),
});
export type Report = z.infer<typeof reportRow>;

export const { create: reportCreate, update: reportUpdate } = inputsFor(reportRow);
