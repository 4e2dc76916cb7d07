/**
 * Scheduled reports, the delivery: due schedules run on the server's clock. Outside test
 * mode a timer makes a pass every few seconds in the default state and in each sandbox (on its own
 * clock), as the import jobs' timer does; in every mode, moving a sandbox's clock
 * (PUT /api/v1/testing/clock) makes a pass at once, so a test sees the mail without waiting.
 *
 * A run resolves the report's relative dates on the clock at run time, builds the figures with the
 * report data endpoint's own function and the CSV with the report page's own table model
 * (src/shared/report-table.ts), and sends one mail to all recipients. A failed run is retried after
 * SCHEDULE_RETRY_DELAYS_MS, then recorded as failed (the report's page shows it) and the schedule moves on.
 */
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../src/shared/constants.ts';
import { messages } from '../../../src/shared/messages.ts';
import { formatMetric, metricDefinition, type MetricKey } from '../../../src/shared/metrics.ts';
import { reportDataQuery, type ReportData } from '../../../src/shared/report-api.ts';
import { dataQuery, parseReportState, savedReportSearch } from '../../../src/shared/report-state.ts';
import { buildTable, tableCsv } from '../../../src/shared/report-table.ts';
import { reportSlug } from '../../../src/shared/reports.ts';
import {
  dueSlot,
  MANUAL_RUNS_PER_MINUTE,
  nextRunAfter,
  SCHEDULE_HEADLINE,
  SCHEDULE_RETRY_DELAYS_MS,
} from '../../../src/shared/schedule.ts';
import { errorResponse, resources, type SavedReport, type User } from '../../../src/shared/schemas/index.ts';
import { type ReportScheduleRun } from '../../../src/shared/schemas/report-schedule.ts';
import { REPORT_EMAIL_KIND } from '../../../src/shared/schemas/self-service.ts';
import { notFound, parseOr400 } from '../../http-errors.ts';
import { sendEmail } from '../../mail/outbox.ts';
import { currentSandbox, nowDate } from '../../sandbox/context.ts';
import { repeatInEverySandbox } from '../../sandbox/repeat.ts';
import { asServerWork, StoreClosedError } from '../../store/database.ts';
import { newId, type StoredRow } from '../../store/repositories.ts';
import { computeReportData } from './report-data.ts';
import { manualRunLimit } from './report-schedule-limits.ts';
import { checkRecipients, type SkippedRecipient } from './report-schedule-recipients.ts';
import { reportLeftOut, type RunBy } from './report-schedule-notices.ts';
import { ruleOf } from './report-schedules.ts';
import { assertCreatorOrAdmin, canSeeRow, FeatureRules } from '../resources/resource-rules.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

export const RUN_COLLECTION = 'report-schedule-run';
const TICK_MS = 5_000;

const runs = (app: FastifyInstance) => app.repositories.collection(RUN_COLLECTION, 'account');

interface Outcome {
  rows: number;
  error: string | null;
  /** The addresses mailed, and those the recipient check left out (report-schedule-recipients.ts). */
  sentTo: string[];
  skipped: SkippedRecipient[];
  /** A run the check refused: trying again would refuse again, so it is not retried. */
  refused: boolean;
  owner: User | null;
}

/** The report's figures now: the page's query from the saved report, its dates resolved today. */
function reportFigures(app: FastifyInstance, report: SavedReport) {
  const state = parseReportState(savedReportSearch(report, ''));
  const query = parseOr400(reportDataQuery, dataQuery(state));
  const data = computeReportData(app, report.account, query);
  return { state, data, table: buildTable(data, state.metrics, null, null) };
}

function summary(report: SavedReport, data: ReportData, metrics: readonly MetricKey[], url: string): string {
  const shown = SCHEDULE_HEADLINE.filter((key) => metrics.includes(key));
  const lines = (shown.length ? shown : metrics.slice(0, 4)).map(
    (key) => `${metricDefinition(key).label}: ${formatMetric(key, data.totals[key])}`,
  );
  return [
    'Hello,',
    '',
    `Here is the scheduled report "${report.name}" for ${data.start_date} to ${data.end_date}; the full table is attached as CSV.`,
    '',
    ...lines,
    '',
    `Open the report in ${PRODUCT_NAME}:`,
    url,
    '',
    PRODUCT_NAME,
  ].join('\n');
}

/** One delivery: the figures, the CSV and one mail to the recipients `to`. Throws what went wrong. */
async function deliver(app: FastifyInstance, schedule: StoredRow, report: SavedReport, to: string[]): Promise<number> {
  const { state, data, table } = reportFigures(app, report);
  // The report's page opens by its name (decisions.md §6), in the report's account.
  const link = `/reports/saved/${encodeURIComponent(report.name)}?account=${report.account}`;
  const url = `${app.config.publicUrl}${link}`;
  await sendEmail(app, {
    kind: REPORT_EMAIL_KIND,
    user: typeof schedule.created_by === 'string' ? schedule.created_by : (report.created_by ?? report.id),
    to: to.join(', '),
    subject: `${report.name}: ${data.start_date} to ${data.end_date}`,
    text: summary(report, data, state.metrics, url),
    link,
    url,
    attachments: [
      {
        filename: `${reportSlug(report.name)}-${data.start_date}-to-${data.end_date}.csv`,
        content_type: 'text/csv',
        content: tableCsv(table),
      },
    ],
  });
  return table.rows.length;
}

async function attempt(app: FastifyInstance, schedule: StoredRow): Promise<Outcome> {
  const report = app.repositories['saved-report'].byId(String(schedule.report));
  const nothing = { rows: 0, sentTo: [], skipped: [], owner: null };
  if (!report) return { ...nothing, error: 'the saved report no longer exists', refused: false };
  // Who may receive it is decided now, not when the schedule was saved: access changes.
  const check = checkRecipients(app.repositories, schedule, report);
  const checked = { skipped: check.skipped, owner: check.owner };
  if (check.refusal) return { ...nothing, ...checked, error: check.refusal, refused: true };
  try {
    const rows = await deliver(app, schedule, report, check.send);
    return { rows, error: null, sentTo: check.send, ...checked, refused: false };
  } catch (error) {
    if (error instanceof StoreClosedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return { ...nothing, ...checked, error: message, refused: false };
  }
}

async function record(
  app: FastifyInstance,
  schedule: StoredRow,
  outcome: Outcome,
  fields: Pick<ReportScheduleRun, 'slot' | 'trigger' | 'attempt' | 'retry_at'>,
  by: RunBy | null = null,
): Promise<ReportScheduleRun> {
  const run: ReportScheduleRun = {
    id: newId(),
    created_at: nowDate().toISOString(),
    account: String(schedule.account),
    schedule: schedule.id,
    report: String(schedule.report),
    recipients: outcome.sentTo,
    skipped: outcome.skipped,
    rows: outcome.rows,
    status: outcome.error ? 'failed' : 'sent',
    error: outcome.error,
    ...fields,
  };
  await runs(app).insert(run);
  await reportLeftOut(app, schedule, run, outcome, by);
  return run;
}

/** A due schedule's run (or retry), and its bookkeeping: what is handled, what is next. */
async function runSchedule(app: FastifyInstance, schedule: StoredRow, now: Date): Promise<void> {
  const rule = ruleOf(schedule);
  const retrying = typeof schedule.retry_slot === 'string';
  const slot = retrying
    ? String(schedule.retry_slot)
    : dueSlot(rule, new Date(String(schedule.handled_until)), now)?.toISOString();
  if (!slot) return;
  const attemptNo = (retrying ? Number(schedule.attempts) : 0) + 1;
  const outcome = await attempt(app, schedule);
  const delay = outcome.error && !outcome.refused ? SCHEDULE_RETRY_DELAYS_MS[attemptNo - 1] : undefined;
  const retryAt = delay === undefined ? null : new Date(now.getTime() + delay).toISOString();
  await record(app, schedule, outcome, { slot, trigger: 'schedule', attempt: attemptNo, retry_at: retryAt });
  const handledUntil = slot > String(schedule.handled_until) ? slot : String(schedule.handled_until);
  const next: StoredRow = {
    ...schedule,
    handled_until: retryAt ? String(schedule.handled_until) : handledUntil,
    attempts: retryAt ? attemptNo : 0,
    retry_slot: retryAt ? slot : null,
    next_run_at: retryAt ?? nextRunAfter(rule, new Date(Math.max(now.getTime(), Date.parse(slot)))).toISOString(),
    last_run_at: now.toISOString(),
    last_status: outcome.error ? 'failed' : 'sent',
  };
  // A retry owes its slot only: later slots passed meanwhile are caught up by the next pass.
  if (retryAt === null && retrying) next.handled_until = handledUntil;
  await app.repositories['report-schedule'].replace(next as never);
}

/**
 * One pass over the running code's sandbox: every active schedule whose next run is due runs once
 * (a server down over several slots catches up once). Answers how many ran.
 */
export async function runDueSchedules(app: FastifyInstance): Promise<number> {
  const now = nowDate();
  const at = now.toISOString();
  const due = app.repositories['report-schedule']
    .all()
    .filter((schedule) => !schedule.paused && schedule.next_run_at !== null && schedule.next_run_at <= at);
  for (const schedule of due) {
    // A deleted report takes its delivery with it: nothing is owed, and a failing run every slot would be noise.
    if (!app.repositories['saved-report'].byId(schedule.report))
      await app.repositories['report-schedule'].remove(schedule.id);
    else await runSchedule(app, schedule, now);
  }
  return due.length;
}

const passes = new WeakMap<FastifyInstance, Set<string>>();

/** A pass in the running code's sandbox, unless one is under way there already. */
export async function schedulePass(app: FastifyInstance): Promise<number> {
  let running = passes.get(app);
  if (!running) passes.set(app, (running = new Set()));
  const sandbox = currentSandbox();
  if (running.has(sandbox)) return 0;
  running.add(sandbox);
  try {
    return await asServerWork(() => runDueSchedules(app));
  } finally {
    running.delete(sandbox);
  }
}

export function reportScheduleRoutes(app: FastifyInstance): void {
  const features = new FeatureRules(app.repositories);
  const runLimit = manualRunLimit(app);
  const definition = resources['report-schedule'];
  const visibleSchedule = (user: User, id: string): StoredRow => {
    const schedule = app.repositories['report-schedule'].byId(id) as StoredRow | undefined;
    if (!schedule || !canSeeRow(user, definition, schedule)) throw notFound(messages.api.notFound('report-schedule'));
    features.assertRow(definition, schedule);
    return schedule;
  };

  routeFrom(
    app,
    endpoints.reportScheduleRuns,
    {
      config: { access: 'authenticated' },
      description:
        'The runs of one report schedule, newest first (at most 50): when, which slot, to whom, how many rows, ' +
        'sent or failed (with the error and when it is tried again). Recorded by the server: read-only.',
      responses: { 404: errorResponse },
    },
    (request) => {
      const schedule = visibleSchedule(request.user as User, request.query.schedule);
      const data = (runs(app).byOwners([String(schedule.account)]) as unknown as ReportScheduleRun[])
        .filter((run) => run.schedule === schedule.id)
        .toSorted((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
        .slice(0, 50);
      return { data, count: data.length };
    },
  );

  routeFrom(
    app,
    endpoints.runReportSchedule,
    {
      config: { access: 'authenticated' },
      description:
        'Sends the report to the schedule’s recipients at once (its slots are unchanged) and answers the run, sent ' +
        'or failed. Only those who may change the report (its maker, or an admin of its account) may. At most ' +
        `${MANUAL_RUNS_PER_MINUTE} runs by hand a minute per schedule and per user: past that, 429 with Retry-After.`,
      responses: { 403: errorResponse, 404: errorResponse, 429: errorResponse },
    },
    async (request, reply) => {
      const user = request.user as User;
      const schedule = visibleSchedule(user, request.query.id);
      const report = app.repositories['saved-report'].byId(String(schedule.report));
      if (report) assertCreatorOrAdmin(user, resources['saved-report'], report);
      runLimit.take(schedule.id, user.id);
      const outcome = await attempt(app, schedule);
      const by = { user, requestId: request.id, address: request.ip };
      const run = await record(
        app,
        schedule,
        outcome,
        { slot: null, trigger: 'manual', attempt: 1, retry_at: null },
        by,
      );
      return reply.code(201).send({ data: run });
    },
  );

  if (app.config.mode !== 'test') {
    repeatInEverySandbox(app, TICK_MS, 'scheduled report pass failed', (name) =>
      app.inSandbox(name, () => schedulePass(app)),
    );
  }
}
