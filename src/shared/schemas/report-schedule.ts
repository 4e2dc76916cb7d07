import { z } from 'zod';
import { FREQUENCIES, isTimeZone, WEEKDAYS } from '../schedule.ts';
import { baseRow, inputsFor, isoDateTime, objectId } from './common.ts';
import { email } from './user.ts';

export const SCHEDULE_FORMATS = ['csv'] as const;
export const SCHEDULE_RUN_STATUSES = ['sent', 'failed'] as const;
/** How many recipients one schedule may send to. */
export const MAX_SCHEDULE_RECIPIENTS = 50;

/**
 * A saved report's delivery by e-mail: how often (daily, weekly on a weekday, monthly on
 * a day: past a month's end, its last day), at a time of day in an IANA zone, to whom (users of the
 * account; other addresses only when an admin sets them), in which format (the report's CSV
 * attached, a summary of its totals in the mail), and whether it is paused. The account is the
 * report's. The arithmetic is src/shared/schedule.ts; the server's runner keeps the run fields.
 */
export const reportScheduleRow = z.object({
  ...baseRow,
  updated_at: isoDateTime.optional(),
  account: objectId,
  report: objectId,
  frequency: z.enum(FREQUENCIES),
  /** Weekly only. */
  weekday: z.enum(WEEKDAYS).nullable(),
  /** Monthly only: 1–31; a day a month does not have runs on its last day. */
  month_day: z.number().int().min(1, 'must be a day from 1 to 31').max(31, 'must be a day from 1 to 31').nullable(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day like 09:00'),
  time_zone: z
    .string()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'is not a time zone: give an IANA name such as Europe/London'),
  recipients: z
    .array(email)
    .min(1, 'add at least one recipient')
    .max(MAX_SCHEDULE_RECIPIENTS, `must be at most ${MAX_SCHEDULE_RECIPIENTS} addresses`),
  format: z.enum(SCHEDULE_FORMATS).default('csv'),
  paused: z.boolean().default(false),
  created_by: objectId.nullable(),
  /** Server-kept: the next delivery (or retry) the runner will make, null while paused. */
  next_run_at: isoDateTime.nullable(),
  /** Server-kept: slots up to this moment are handled (a new or changed rule starts from its save). */
  handled_until: isoDateTime,
  /** Server-kept: failed attempts of the slot being retried (0 when none is). */
  attempts: z.number().int().nonnegative(),
  /** Server-kept: the slot being retried, if any. */
  retry_slot: isoDateTime.nullable(),
  last_run_at: isoDateTime.nullable(),
  last_status: z.enum(SCHEDULE_RUN_STATUSES).nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleRow>;

/** What the schedule runner keeps (report-schedule-runner.ts): the next slot, retries and the last run. */
const RUNNER_KEPT = ['next_run_at', 'handled_until', 'attempts', 'retry_slot', 'last_run_at', 'last_status'] as const;
export const { create: reportScheduleCreate, update: reportScheduleUpdate } = inputsFor(reportScheduleRow, RUNNER_KEPT);

/**
 * One delivery attempt of a schedule, recorded by the server (read-only for everyone): when, for
 * which slot, to whom, how many rows the CSV had, and whether it was sent or failed (with why, and
 * when it is tried again).
 */
export const reportScheduleRunRow = z.object({
  id: objectId,
  created_at: isoDateTime,
  account: objectId,
  schedule: objectId,
  report: objectId,
  /** The schedule's slot this run served, or null for a run started by hand. */
  slot: isoDateTime.nullable(),
  trigger: z.enum(['schedule', 'manual']),
  /** The addresses the run mailed. */
  recipients: z.array(z.string()),
  /**
   * The recipients the run left out, checked at the run: a user who lost access to the account,
   * or an outside address once the schedule's owner may no longer send outside it (runs recorded
   * before the check have none).
   */
  skipped: z.array(z.object({ address: z.string(), reason: z.string() })).optional(),
  rows: z.number().int().nonnegative(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  error: z.string().nullable(),
  attempt: z.number().int().positive(),
  retry_at: isoDateTime.nullable(),
});
export type ReportScheduleRun = z.infer<typeof reportScheduleRunRow>;
