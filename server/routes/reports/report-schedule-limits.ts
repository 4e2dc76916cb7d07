/**
 * The bounds of scheduled reports (issue 51 item 6): how many schedules one report may have (409
 * past MAX_SCHEDULES_PER_REPORT), and how many runs by hand a minute (429 with Retry-After past
 * MANUAL_RUNS_PER_MINUTE, counted per schedule and per user). Runs are counted on the sandbox's
 * clock in a table per sandbox, so a test sandbox's runs never hold up another's.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { MANUAL_RUNS_PER_MINUTE, MAX_SCHEDULES_PER_REPORT } from '../../../src/shared/schedule.ts';
import { HttpError } from '../../http-errors.ts';
import { currentSandbox, now } from '../../sandbox/context.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';

const MINUTE_MS = 60_000;

/** Refuses a schedule that would give its report more than MAX_SCHEDULES_PER_REPORT (409). */
export function assertScheduleRoom(repositories: Repositories, row: StoredRow): void {
  const others = repositories['report-schedule']
    .byOwners([String(row.account)])
    .filter((schedule) => schedule.report === row.report && schedule.id !== row.id);
  if (others.length >= MAX_SCHEDULES_PER_REPORT)
    throw new HttpError(409, messages.schedules.tooManySchedules(MAX_SCHEDULES_PER_REPORT));
}

/** Runs by hand: `take` starts one for a schedule and user, or throws 429 naming the wait. */
export function manualRunLimit(app: FastifyInstance) {
  const tables = app.sandboxScope.perSandbox(() => new Map<string, number[]>());
  const recent = (table: Map<string, number[]>, key: string, at: number) => {
    const times = (table.get(key) ?? []).filter((time) => at - time < MINUTE_MS);
    if (times.length) table.set(key, times);
    else table.delete(key);
    return times;
  };
  return {
    take(schedule: string, user: string): void {
      const table = tables.get(currentSandbox());
      const at = now();
      const keys = [`s:${schedule}`, `u:${user}`];
      let wait = 0;
      for (const key of keys) {
        const times = recent(table, key, at);
        if (times.length >= MANUAL_RUNS_PER_MINUTE) {
          const oldest = times[times.length - MANUAL_RUNS_PER_MINUTE] ?? at;
          wait = Math.max(wait, oldest + MINUTE_MS - at);
        }
      }
      if (wait > 0) {
        const seconds = Math.max(1, Math.ceil(wait / 1000));
        throw new HttpError(429, messages.schedules.tooManyRuns(MANUAL_RUNS_PER_MINUTE, seconds), {
          'retry-after': String(seconds),
        });
      }
      for (const key of keys) table.set(key, [...recent(table, key, at), at].slice(-MANUAL_RUNS_PER_MINUTE));
    },
  };
}
