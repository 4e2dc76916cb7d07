/**
 * Scheduled reports, the engine's side: the rules of a `report-schedule` write (the
 * behaviour table's entry) and what a schedule's bookkeeping starts from. A schedule lives in its
 * report's account and follows the report's own rule: only those who may change the report (its
 * maker, or an admin of the account) schedule it. Recipients are users of the account; another
 * address only when an admin sets it (a report's figures are the account's business).
 */
import { can, effectiveRole } from '../../../src/shared/access.ts';
import {} from '../../../src/shared/row-access.ts';
import { nextRunAfter, type ScheduleRule } from '../../../src/shared/schedule.ts';
import { resources, type User } from '../../../src/shared/schemas/index.ts';
import { invalidField } from '../../http-errors.ts';
import { nowDate } from '../../sandbox/context.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';
import type { ResourceBehaviour } from '../resources/behaviour-types.ts';
import { assertScheduleRoom } from './report-schedule-limits.ts';
import { assertCreatorOrAdmin, canSeeRow } from '../resources/resource-rules.ts';

/** The fields that decide when a schedule runs: changing one (or pausing) starts its count again. */
const RULE_FIELDS = ['frequency', 'weekday', 'month_day', 'time', 'time_zone', 'paused'] as const;

/** The saved report a schedule points at, if the user may see it and it is the schedule's account's. */
export function scheduledReport(repositories: Repositories, user: User, row: StoredRow): StoredRow {
  const id = String(row.report);
  const report = repositories['saved-report'].byId(id);
  if (!report || !canSeeRow(user, resources['saved-report'], report))
    throw invalidField('report', `no saved report with id ${id}`);
  if (report.account !== row.account) throw invalidField('report', 'belongs to another account');
  return report;
}

/** Whether an address belongs to a user of the account (its own users and those granted access to it). */
function isAccountUser(repositories: Repositories, account: string, address: string): boolean {
  return repositories.user
    .all()
    .some(
      (user) =>
        user.email.toLowerCase() === address &&
        (user.account === account || user.access_grants.some((grant) => grant.id === account)),
    );
}

function assertRecipients(repositories: Repositories, user: User, row: StoredRow): void {
  const account = String(row.account);
  const addresses = [...new Set((row.recipients as string[]).map((address) => address.trim().toLowerCase()))];
  const mayAddOthers = can(effectiveRole(user, account), 'reports.manage');
  for (const address of addresses) {
    if (!mayAddOthers && !isAccountUser(repositories, account, address))
      throw invalidField(
        'recipients',
        `${address} is not a user of this account (only an admin may add other addresses)`,
      );
  }
  row.recipients = addresses;
}

/** Weekly needs its weekday, monthly its day; a field the frequency does not use is cleared. */
function completeRule(row: StoredRow): void {
  if (row.frequency === 'weekly') {
    if (!row.weekday) throw invalidField('weekday', 'is required for a weekly schedule');
  } else row.weekday = null;
  if (row.frequency === 'monthly') {
    if (row.month_day === null || row.month_day === undefined)
      throw invalidField('month_day', 'is required for a monthly schedule');
  } else row.month_day = null;
}

export const ruleOf = (row: StoredRow): ScheduleRule => row as unknown as ScheduleRule;

export const reportScheduleBehaviour: ResourceBehaviour = {
  defaults: (user) => ({
    created_by: user.id,
    attempts: 0,
    retry_slot: null,
    last_run_at: null,
    last_status: null,
  }),
  beforeWrite: (repositories, row, current, { user }) => {
    const report = scheduledReport(repositories, user, row);
    assertCreatorOrAdmin(user, resources['saved-report'], report);
    completeRule(row);
    assertRecipients(repositories, user, row);
    const ruleChanged = !current || RULE_FIELDS.some((field) => current[field] !== row[field]);
    if (!ruleChanged) return;
    // Slots before this save are not owed: a new, changed or resumed schedule starts from now.
    const now = nowDate();
    row.handled_until = now.toISOString();
    row.attempts = 0;
    row.retry_slot = null;
    row.next_run_at = row.paused ? null : nextRunAfter(ruleOf(row), now).toISOString();
  },
  /** At most MAX_SCHEDULES_PER_REPORT on one report (409), checked once the write is allowed. */
  beforeStore: (repositories, row) => assertScheduleRoom(repositories, row),
  /** Deleting a schedule is changing the report's delivery: the same people (a gone report: anyone who may write). */
  beforeDelete: (repositories, row, { user }) => {
    const report = repositories['saved-report'].byId(String(row.report));
    if (report) assertCreatorOrAdmin(user, resources['saved-report'], report);
  },
};
