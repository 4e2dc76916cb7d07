import { z } from 'zod';
import { RELATIVE_DATES } from '../reports.ts';
import { baseRow, inputsFor, isoDay, name, objectId } from './common.ts';

export { RELATIVE_DATES };

/**
 * A saved report (spec §3): id, name, account, start_date, end_date, relative_date, measured,
 * measurements, labels. A relative date, when set, wins over the fixed dates.
 */
export const savedReportRow = z.object({
  ...baseRow,
  name,
  account: objectId,
  start_date: isoDay.nullable(),
  end_date: isoDay.nullable(),
  relative_date: z.enum(RELATIVE_DATES).nullable(),
  /** Only measured impressions count when true. */
  measured: z.boolean(),
  measurements: z.array(objectId),
  labels: z.array(objectId),
  created_by: objectId.nullable(),
  /** The builder's grouping and metrics (report-api.ts names them); absent on older reports. */
  group_by: z.array(z.string().min(1).max(40)).max(2).optional(),
  metrics: z.array(z.string().min(1).max(40)).max(20).optional(),
});
export type SavedReport = z.infer<typeof savedReportRow>;

export const { create: savedReportCreate, update: savedReportUpdate } = inputsFor(savedReportRow);
