/**
 * When a scheduled report runs: pure arithmetic over a schedule's rule (daily, weekly on a weekday,
 * monthly on a day) at a time of day in an IANA time zone. The server's runner and the schedule
 * form's "next run" both read it, so the two never disagree.
 *
 * Wall-clock times that do not exist or exist twice follow Temporal's 'compatible' choice, which
 * is what a person expects of an alarm clock: a time skipped by a spring-forward change runs as
 * many minutes after the change as it would have been after the hour (02:30 → 03:30), and a time
 * that happens twice in the autumn runs the first time only. A monthly day past the month's end
 * (31 in April) runs on the month's last day, so a month is never skipped.
 */
import type { MetricKey } from './metrics.ts';

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Monday first, as the product's calendars are (ISO 8601). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * After a failed run, it is tried again 1, 5 and 30 minutes later; then the slot is given up and
 * the run recorded as failed. Here, not in the runner, because the user guide states them too.
 */
export const SCHEDULE_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/**
 * The most schedules one saved report may have. A report goes to whom it must in a few schedules
 * (a daily one for the team, a weekly one for a client, a monthly one for the board); ten leaves
 * room for that several times over, and stops a loop of saves from filling the store and the outbox.
 * Counted per report, not per user: only the report's maker and the account's admins may schedule
 * it, and they share its deliveries.
 */
export const MAX_SCHEDULES_PER_REPORT = 10;
/**
 * Runs by hand ("Send now") in any minute: per schedule, so its recipients are not flooded, and
 * per user over all their schedules, since each run builds the report, mails it and keeps its CSV.
 */
export const MANUAL_RUNS_PER_MINUTE = 5;
/** The headline figures a scheduled report's mail states, those of them the report shows. */
export const SCHEDULE_HEADLINE: readonly MetricKey[] = [
  'impressions',
  'apm',
  'acpm',
  'cpm',
  'pct_viewable',
  'avg_view_time',
];

export interface ScheduleRule {
  frequency: Frequency;
  /** Weekly only. */
  weekday?: Weekday | null;
  /** Monthly only: 1–31; past the month's end means its last day. */
  month_day?: number | null;
  /** 'HH:MM', 24-hour, in time_zone. */
  time: string;
  time_zone: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The longest gap between two slots of any rule (a monthly day 31 after a 31-day month), with room. */
const LONGEST_GAP = 63 * DAY;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA time zone ('Europe/London', 'UTC'); 'Mars/Olympus' is not one. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones a person may choose: the runtime's own list, plus 'UTC' (some runtimes list only
 * its aliases); the server accepts exactly what isTimeZone accepts, which includes all of these.
 */
export function timeZoneNames(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
}

/** The wall clock in a zone at an instant, as milliseconds of the same fields read as UTC. */
function wallClock(instant: number, timeZone: string): number {
  const parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at an instant, in ms (whole seconds: sub-second parts are dropped). */
function offsetAt(instant: number, timeZone: string): number {
  return wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which a zone's wall clock shows `wall` (ms of the fields read as UTC). Two
 * candidates come from the offsets a day either side; a candidate is real when the zone's offset
 * at it is the one it was built with. Both real: the autumn overlap, the earlier wins. Neither: the
 * spring gap, built with the offset before the change (later on the wall clock by the gap).
 */
export function zonedTimeToInstant(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const real = [wall - before, wall - after].filter((candidate) => wall - offsetAt(candidate, timeZone) === candidate);
  return real.length > 0 ? Math.min(...real) : wall - before;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Whether a local calendar day (ms at its midnight, read as UTC) has a slot of the rule. */
function isRunDay(day: number, rule: ScheduleRule): boolean {
  const date = new Date(day);
  if (rule.frequency === 'daily') return true;
  if (rule.frequency === 'weekly') return WEEKDAYS[(date.getUTCDay() + 6) % 7] === rule.weekday;
  const last = daysInMonth(date.getUTCFullYear(), date.getUTCMonth());
  return date.getUTCDate() === Math.min(rule.month_day ?? 1, last);
}

function timeOfDay(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`not a time of day: ${time}`);
  return Number(match[1]) * 60 * MINUTE + Number(match[2]) * MINUTE;
}

/** The rule's first slot strictly after an instant. */
export function nextRunAfter(rule: ScheduleRule, after: Date): Date {
  const at = timeOfDay(rule.time);
  const afterMs = after.getTime();
  // Start a day early: the zone's local day may lag the UTC day.
  let day = Math.floor(wallClock(afterMs, rule.time_zone) / DAY) * DAY - DAY;
  for (let step = 0; step < 70; step += 1, day += DAY) {
    if (!isRunDay(day, rule)) continue;
    const instant = zonedTimeToInstant(day + at, rule.time_zone);
    if (instant > afterMs) return new Date(instant);
  }
  throw new RangeError('no slot within 70 days');
}

/**
 * The one slot to run now, if any: the latest slot in (since, now]. A server that was down across
 * several slots runs once, for the latest of them (a report of 'last 7 days' sent three times in a
 * row would say the same thing three times); null when nothing is due.
 */
export function dueSlot(rule: ScheduleRule, since: Date, now: Date): Date | null {
  const nowMs = now.getTime();
  // Every rule has a slot within LONGEST_GAP, so older slots are never the latest one.
  const from = Math.max(since.getTime(), nowMs - LONGEST_GAP);
  let slot = nextRunAfter(rule, new Date(from));
  if (slot.getTime() > nowMs) return null;
  for (;;) {
    const next = nextRunAfter(rule, slot);
    if (next.getTime() > nowMs) return slot;
    slot = next;
  }
}
