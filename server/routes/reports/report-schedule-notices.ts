/**
 * What a scheduled report's run that left people out leaves behind, besides its run record
 * (which lists them with the reason): a record in the account's audit trail for each person left
 * out, or for a run that sent nothing, and a mail to the schedule's owner naming who was not sent
 * the report and why, so they can change the recipients.
 *
 * The trail's records are written here, not by the store: a timed run is the server's own work,
 * which the store never records (server/store/audit.ts), yet who stopped receiving an account's
 * figures is exactly what an account's trail is for. A run by hand names the person who asked.
 */
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../src/shared/constants.ts';
import { messages } from '../../../src/shared/messages.ts';
import type { ReportScheduleRun, User } from '../../../src/shared/schemas/index.ts';
import { AUDIT_RESOURCE, type AuditEvent } from '../../../src/shared/schemas/audit-event.ts';
import { REPORT_NOTICE_EMAIL_KIND } from '../../../src/shared/schemas/self-service.ts';
import { sendEmail } from '../../mail/outbox.ts';
import { nowIso } from '../../sandbox/context.ts';
import { newId, type StoredRow } from '../../store/repositories.ts';
import type { SkippedRecipient } from './report-schedule-recipients.ts';

/** Who started a run by hand (a timed run: nobody). */
export interface RunBy {
  user: User;
  requestId: string;
  address: string;
}

export interface LeftOut {
  skipped: readonly SkippedRecipient[];
  owner: User | null;
  /** The run sent nothing because of the check (its run's `error` says why). */
  refused: boolean;
}

export async function reportLeftOut(
  app: FastifyInstance,
  schedule: StoredRow,
  run: ReportScheduleRun,
  outcome: LeftOut,
  by: RunBy | null,
): Promise<void> {
  if (outcome.skipped.length === 0 && !outcome.refused) return;
  const event = (action: string, after: Record<string, unknown>): AuditEvent => ({
    id: newId(),
    at: nowIso(),
    actor: by && { id: by.user.id, email: by.user.email },
    account: run.account,
    switched_account: by && by.user.account !== run.account ? run.account : null,
    resource: 'report-schedule',
    record_id: schedule.id,
    action,
    before: null,
    after: { run: run.id, trigger: run.trigger, ...after },
    request_id: by?.requestId ?? `report-schedule-run:${run.id}`,
    client_address: by?.address ?? '',
  });
  const records = outcome.skipped.map((skip) => event('skip-recipient', { ...skip }));
  if (outcome.refused) records.push(event('not-sent', { reason: run.error }));
  await app.repositories.collection(AUDIT_RESOURCE, 'account?').insertMany(records);
  if (outcome.owner && outcome.skipped.length) await tellOwner(app, outcome.owner, schedule, run, outcome.skipped);
}

async function tellOwner(
  app: FastifyInstance,
  owner: User,
  schedule: StoredRow,
  run: ReportScheduleRun,
  skipped: readonly SkippedRecipient[],
): Promise<void> {
  const report = app.repositories['saved-report'].byId(run.report);
  const name = report?.name ?? 'A scheduled report';
  const link = report
    ? `/reports/saved/${encodeURIComponent(report.name)}?account=${run.account}`
    : `/reports?account=${run.account}`;
  const url = `${app.config.publicUrl}${link}`;
  const outcome = run.status === 'sent' ? `It was sent to ${run.recipients.join(', ')}.` : `${run.error ?? ''}.`;
  await sendEmail(app, {
    kind: REPORT_NOTICE_EMAIL_KIND,
    user: owner.id,
    to: owner.email,
    subject: messages.schedules.noticeSubject(name),
    text: [
      'Hello,',
      '',
      `Your scheduled report "${name}" was not sent to everyone on its list:`,
      '',
      ...skipped.map((skip) => `- ${skip.reason}`),
      '',
      outcome,
      `Open the report in ${PRODUCT_NAME} to change its recipients (schedule ${schedule.id}):`,
      url,
      '',
      PRODUCT_NAME,
    ].join('\n'),
    link,
    url,
  });
}
