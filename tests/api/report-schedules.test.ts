/**
 * Scheduled reports: who may schedule a report and to whom, what a bad schedule answers
 * (a 4xx naming the field, nothing stored), delivery when the sandbox clock passes a due time (one
 * mail with the CSV, catch-up once), retries of a failed run, run now, and isolation.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { parseCsv } from '../../src/shared/csv.ts';
import { MANUAL_RUNS_PER_MINUTE, MAX_SCHEDULES_PER_REPORT } from '../../src/shared/schedule.ts';
import type { ReportSchedule, ReportScheduleRun } from '../../src/shared/schemas/index.ts';
import type { OutboxMessage } from '../../src/shared/schemas/self-service.ts';
import { buildTestApp } from '../helpers/app.ts';
import { savedReportBody } from '../helpers/bodies.ts';
import { signInThrough } from '../helpers/http.ts';

let app: FastifyInstance;
const cookies: Record<string, string> = {};
const PERSONAS = {
  writer: 'writer@northwind.test',
  reader: 'reader@northwind.test',
  admin: 'admin@northwind.test',
  tailspin: 'admin@tailspin.test',
} as const;
type Who = keyof typeof PERSONAS;

const send = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload: payload as Record<string, unknown>, headers: { cookie: cookies[who] ?? '' } });
const schedules = () => (app.db.low.data.collections['report-schedule'] ?? []) as unknown as ReportSchedule[];
const setClock = (now: string) =>
  app.inject({ method: 'PUT', url: '/api/v1/testing/clock', payload: { now, frozen: true } });
const outbox = async (to?: string) =>
  (await app.inject({ url: `/api/v1/testing/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}` }))
    .json<{
      data: OutboxMessage[];
    }>()
    .data.filter((message) => message.kind === 'scheduled-report');
const runsOf = async (who: Who, schedule: string) => {
  await signIn(who);
  return (await send(who, 'GET', `/api/v1/report-schedule-run?schedule=${schedule}`)).json<{
    data: ReportScheduleRun[];
  }>().data;
};

async function saveReport(who: Who, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await send(who, 'POST', '/api/v1/saved-report', savedReportBody(name, ACCOUNT_IDS.northwind, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data.id;
}

const weekly = (report: string, extra: object = {}) => ({
  account: ACCOUNT_IDS.northwind,
  report,
  frequency: 'weekly',
  weekday: 'monday',
  month_day: null,
  time: '09:00',
  time_zone: 'Europe/London',
  recipients: ['writer@northwind.test', 'reader@northwind.test'],
  ...extra,
});

/** Signs the personas in on the clock as it reads now (a clock moved by days ends older sessions). */
async function signIn(only?: Who) {
  for (const [who, email] of Object.entries(PERSONAS)) {
    if (only && who !== only) continue;
    cookies[who] = await signInThrough(app, email);
  }
}

beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);
afterAll(() => app.close());
beforeEach(async () => {
  // The test-control reset: the fixtures, and the sandbox's clock and counts (runs by hand) forgotten.
  expect((await app.inject({ method: 'POST', url: '/api/v1/testing/reset' })).statusCode).toBe(200);
  // The demo's own schedules (a weekly and a monthly one) go, so each test counts only what it makes.
  for (const { id } of [...schedules()]) await app.repositories['report-schedule'].remove(id);
  // Thursday 29 October 2026, 12:00 UTC (London is on GMT again), near the fixtures' day.
  await setClock('2026-10-29T12:00:00.000Z');
  await signIn();
}, 30_000);

describe('report schedules: writes', () => {
  it("schedules the maker's own report and names its next run", async () => {
    const report = await saveReport('writer', 'Weekly for the team');
    const response = await send('writer', 'POST', '/api/v1/report-schedule', weekly(report));
    expect(response.statusCode, response.body).toBe(201);
    const row = response.json<{ data: ReportSchedule }>().data;
    expect(row).toMatchObject({ paused: false, format: 'csv', next_run_at: '2026-11-02T09:00:00.000Z' });
    const listed = await send('reader', 'GET', `/api/v1/report-schedule?report=${report}`);
    expect(listed.json<{ count: number }>().count).toBe(1);
  });

  it('refuses bad schedules with a 4xx on the field and stores nothing', async () => {
    const report = await saveReport('writer', 'Refusals');
    const cases: [object, number, string][] = [
      [{ recipients: ['someone@example.com'] }, 400, 'recipients: someone@example.com is not a user of this account'],
      [{ time_zone: 'Mars/Olympus_Mons' }, 400, 'time_zone: is not a time zone'],
      [{ weekday: null }, 400, 'weekday: is required for a weekly schedule'],
      [{ frequency: 'monthly', month_day: 32 }, 400, 'month_day: must be a day from 1 to 31'],
      [{ time: '25:00' }, 400, 'time: must be a time of day like 09:00'],
      [{ recipients: [] }, 400, 'recipients: add at least one recipient'],
      [{ report: '650000000000000000000099' }, 400, 'report: no saved report with id'],
    ];
    for (const [change, status, message] of cases) {
      const response = await send('writer', 'POST', '/api/v1/report-schedule', weekly(report, change));
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(schedules()).toHaveLength(0);
  });

  it('accepts a monthly day 31, which runs on the last day of a 30-day month', async () => {
    await setClock('2026-11-26T12:00:00.000Z');
    await signIn('writer');
    const report = await saveReport('writer', 'Month end');
    const response = await send('writer', 'POST', '/api/v1/report-schedule', {
      ...weekly(report),
      frequency: 'monthly',
      weekday: null,
      month_day: 31,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: ReportSchedule }>().data.next_run_at).toBe('2026-11-30T09:00:00.000Z');
  });

  it("refuses a schedule on someone else's report to a writer, allows an admin, and other addresses only to an admin", async () => {
    const theirs = (app.db.low.data.collections['saved-report'] as { id: string; account: string }[]).find(
      (row) => row.account === ACCOUNT_IDS.northwind,
    )!.id;
    const refused = await send('writer', 'POST', '/api/v1/report-schedule', weekly(theirs));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(messages.access.writeRefused);
    expect(schedules()).toHaveLength(0);
    const byAdmin = await send(
      'admin',
      'POST',
      '/api/v1/report-schedule',
      weekly(theirs, { recipients: ['Client@Example.com'] }),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json<{ data: ReportSchedule }>().data.recipients).toEqual(['client@example.com']);
  });

  it('keeps accounts apart: another account neither sees nor schedules Northwind reports', async () => {
    const report = await saveReport('writer', 'Private');
    const created = (await send('writer', 'POST', '/api/v1/report-schedule', weekly(report))).json<{
      data: ReportSchedule;
    }>().data;
    const foreign = await send('tailspin', 'POST', '/api/v1/report-schedule', {
      ...weekly(report),
      account: ACCOUNT_IDS.tailspin,
      recipients: ['admin@tailspin.test'],
    });
    expect(foreign.statusCode).toBe(400);
    expect((await send('tailspin', 'GET', `/api/v1/report-schedule-run?schedule=${created.id}`)).statusCode).toBe(404);
    expect((await send('tailspin', 'POST', `/api/v1/report-schedule/run?id=${created.id}`)).statusCode).toBe(404);
    expect(schedules()).toHaveLength(1);
  });
});

describe('report schedules: delivery', () => {
  it('delivers when the sandbox clock passes the due time: one mail, the CSV attached, a link back', async () => {
    const report = await saveReport('writer', 'Clocked weekly');
    const { id } = (await send('writer', 'POST', '/api/v1/report-schedule', weekly(report))).json<{
      data: ReportSchedule;
    }>().data;
    await setClock('2026-11-02T08:59:00.000Z');
    expect(await outbox()).toHaveLength(0);
    await setClock('2026-11-02T09:00:30.000Z');
    const [mail, ...more] = await outbox();
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe('writer@northwind.test, reader@northwind.test');
    expect(mail!.text).toMatch(/Impressions: [1-9]/);
    expect(mail!.link).toBe(`/reports/saved/Clocked%20weekly?account=${ACCOUNT_IDS.northwind}`);
    // Relative dates resolved at run time: the last 7 days up to 2 November.
    expect(mail!.subject).toBe('Clocked weekly: 2026-10-27 to 2026-11-02');
    const csv = parseCsv(mail!.attachments![0]!.content);
    expect(csv.header).toEqual(['Channel', 'Impressions', 'APM']);
    await signIn('writer');
    const data = (
      await send(
        'writer',
        'GET',
        `/api/v1/report-data?account=${ACCOUNT_IDS.northwind}&measurement=*&relative_date=last_7_days&group_by=channel&measured=false`,
      )
    ).json<{ data: { totals: { impressions: number } } }>().data;
    expect(csv.rows.at(-1)).toEqual(['Total', String(data.totals.impressions), expect.any(String)]);
    expect(await outbox('reader@northwind.test')).toHaveLength(1);
    const [run] = await runsOf('reader', id);
    expect(run).toMatchObject({ status: 'sent', slot: '2026-11-02T09:00:00.000Z', rows: csv.rows.length - 1 });
  });

  it('catches up once after several missed slots', async () => {
    const report = await saveReport('writer', 'Daily');
    const { id } = (
      await send('writer', 'POST', '/api/v1/report-schedule', weekly(report, { frequency: 'daily', weekday: null }))
    ).json<{ data: ReportSchedule }>().data;
    await setClock('2026-11-05T10:00:00.000Z');
    expect(await outbox()).toHaveLength(1);
    expect((await runsOf('writer', id)).map((run) => run.slot)).toEqual(['2026-11-05T09:00:00.000Z']);
    expect(schedules()[0]!.next_run_at).toBe('2026-11-06T09:00:00.000Z');
  });

  it("drops a deleted report's schedule when it falls due, sending nothing", async () => {
    const report = await saveReport('writer', 'Soon gone');
    await send('writer', 'POST', '/api/v1/report-schedule', weekly(report));
    expect((await send('writer', 'DELETE', `/api/v1/saved-report?id=${report}`)).statusCode).toBe(204);
    await setClock('2026-11-02T09:00:30.000Z');
    expect(await outbox()).toHaveLength(0);
    expect(schedules()).toHaveLength(0);
  });

  it('does not deliver a paused schedule', async () => {
    const report = await saveReport('writer', 'Paused');
    await send('writer', 'POST', '/api/v1/report-schedule', weekly(report, { paused: true }));
    await setClock('2026-11-10T10:00:00.000Z');
    expect(await outbox()).toHaveLength(0);
  });

  it('retries a failed run with a backoff, then records it as failed and moves on', async () => {
    const report = await saveReport('writer', 'Breaks');
    const { id } = (await send('writer', 'POST', '/api/v1/report-schedule', weekly(report))).json<{
      data: ReportSchedule;
    }>().data;
    // The report's measurement goes: its figures can no longer be made.
    const measurement = (app.db.low.data.collections.measurement as { id: string; account: string }[]).find(
      (row) => row.account === ACCOUNT_IDS.northwind,
    )!.id;
    const reports = app.db.low.data.collections['saved-report'] as { id: string; measurements: string[] }[];
    reports.find((row) => row.id === report)!.measurements = ['650000000000000000000099'];
    expect(measurement).toBeTruthy();
    await setClock('2026-11-02T09:00:00.000Z');
    await setClock('2026-11-02T09:01:00.000Z');
    await setClock('2026-11-02T09:06:00.000Z');
    await setClock('2026-11-02T09:36:00.000Z');
    await setClock('2026-11-02T10:36:00.000Z');
    const runs = await runsOf('writer', id);
    expect(runs.map((run) => [run.status, run.attempt])).toEqual([
      ['failed', 4],
      ['failed', 3],
      ['failed', 2],
      ['failed', 1],
    ]);
    expect(runs[0]!.error).toContain('measurement');
    expect(runs[0]!.retry_at).toBeNull();
    expect(runs[3]!.retry_at).toBe('2026-11-02T09:01:00.000Z');
    expect(schedules()[0]).toMatchObject({ last_status: 'failed', next_run_at: '2026-11-09T09:00:00.000Z' });
    expect(await outbox()).toHaveLength(0);
  });

  it('runs now for those who may change the report, and refuses a reader', async () => {
    const report = await saveReport('writer', 'On demand');
    const { id } = (await send('writer', 'POST', '/api/v1/report-schedule', weekly(report))).json<{
      data: ReportSchedule;
    }>().data;
    const refused = await send('reader', 'POST', `/api/v1/report-schedule/run?id=${id}`);
    expect(refused.statusCode).toBe(403);
    const ran = await send('writer', 'POST', `/api/v1/report-schedule/run?id=${id}`);
    expect(ran.statusCode, ran.body).toBe(201);
    expect(ran.json<{ data: ReportScheduleRun }>().data).toMatchObject({ status: 'sent', trigger: 'manual' });
    expect(await outbox()).toHaveLength(1);
    expect(schedules()[0]!.next_run_at).toBe('2026-11-02T09:00:00.000Z');
  });
});

/**
 * Bounds (issue 51 item 6: a reader made 150 schedules in 2 s and 100 runs by hand in 1.9 s): at
 * most MAX_SCHEDULES_PER_REPORT schedules on one report (409, nothing stored), and at most
 * MANUAL_RUNS_PER_MINUTE runs by hand a minute per schedule and per user (429 with Retry-After,
 * nothing sent), on the sandbox's clock.
 */
describe('report schedules: bounds', () => {
  it("refuses a report's schedule past the cap with a 409 a person understands, and stores nothing", async () => {
    const report = await saveReport('reader', 'My own numbers');
    const body = weekly(report, { recipients: ['reader@northwind.test'] });
    for (let made = 0; made < MAX_SCHEDULES_PER_REPORT; made++) {
      const answer = await send('reader', 'POST', '/api/v1/report-schedule', body);
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const refused = await send('reader', 'POST', '/api/v1/report-schedule', body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      messages.schedules.tooManySchedules(MAX_SCHEDULES_PER_REPORT),
    );
    expect(schedules()).toHaveLength(MAX_SCHEDULES_PER_REPORT);
    // Moving another report's schedule onto the full one is refused the same way.
    const other = await saveReport('reader', 'My other numbers');
    const moved = (
      await send('reader', 'POST', '/api/v1/report-schedule', weekly(other, { recipients: ['reader@northwind.test'] }))
    ).json<{ data: ReportSchedule }>().data;
    const put = await send('reader', 'PUT', `/api/v1/report-schedule?id=${moved.id}`, body);
    expect(put.statusCode, put.body).toBe(409);
    expect(schedules().filter((row) => row.report === report)).toHaveLength(MAX_SCHEDULES_PER_REPORT);
    // A schedule already on the report may still be changed.
    const mine = schedules().find((row) => row.report === report)!;
    const changed = await send('reader', 'PUT', `/api/v1/report-schedule?id=${mine.id}`, { ...body, time: '10:00' });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('refuses runs by hand past the rate, per schedule and per user, with 429 and Retry-After', async () => {
    const first = await saveReport('writer', 'Sent by hand');
    const second = await saveReport('writer', 'Also sent by hand');
    const make = async (report: string) =>
      (await send('writer', 'POST', '/api/v1/report-schedule', weekly(report))).json<{ data: ReportSchedule }>().data
        .id;
    const a = await make(first);
    const b = await make(second);
    const run = (who: Who, id: string) => send(who, 'POST', `/api/v1/report-schedule/run?id=${id}`);
    const statuses = [];
    for (const id of [a, a, a, b, b]) statuses.push((await run('writer', id)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect(MANUAL_RUNS_PER_MINUTE).toBe(5);

    // The writer's own sixth run in the minute, on a schedule that has had only three.
    const perUser = await run('writer', a);
    expect(perUser.statusCode, perUser.body).toBe(429);
    expect(perUser.headers['retry-after']).toBe('60');
    expect(perUser.json<{ message: string }>().message).toBe(messages.schedules.tooManyRuns(5, 60));
    expect(await outbox()).toHaveLength(5);

    // An admin may run schedule a twice more; its sixth run in the minute is refused whoever asks.
    expect((await run('admin', a)).statusCode).toBe(201);
    expect((await run('admin', a)).statusCode).toBe(201);
    const perSchedule = await run('admin', a);
    expect(perSchedule.statusCode, perSchedule.body).toBe(429);
    expect(Number(perSchedule.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox()).toHaveLength(7);
    expect((await runsOf('writer', a)).length).toBe(5);

    // A minute later on the sandbox's clock, the writer may send again.
    await setClock('2026-10-29T12:01:00.000Z');
    await signIn('writer');
    expect((await run('writer', b)).statusCode).toBe(201);
  });
});

/**
 * Recipients are checked at every run (timed or by hand), not only when the schedule is saved:
 * someone who lost access since is not mailed, and the run's record, the account's audit trail
 * and a notice to the schedule's owner say who and why. An owner who lost access sends nothing.
 */
describe('report schedules: access checked at every run', () => {
  const GUEST = 'admin@tailspin.test';
  const NORTHWIND = 'Northwind Media';
  const notices = async (to: string) =>
    (await app.inject({ url: `/api/v1/testing/outbox?to=${encodeURIComponent(to)}` }))
      .json<{ data: OutboxMessage[] }>()
      .data.filter((message) => message.kind === 'scheduled-report-notice');
  type Event = { action: string; record_id: string; after: Record<string, unknown>; actor: { id: string } | null };
  const trail = async (schedule: string) => {
    const superCookie = await signInThrough(app, 'super@lamp.test');
    const answer = await app.inject({
      url: `/api/v1/audit-event?account=${ACCOUNT_IDS.northwind}&resource=report-schedule&limit=100`,
      headers: { cookie: superCookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer
      .json<{ data: Event[] }>()
      .data.filter((event) => event.record_id === schedule && event.action !== 'create');
  };
  /** Tailspin's admin given (or, with null, stripped of) a grant on Northwind. */
  async function grantGuest(role: 'read' | 'write' | null) {
    const users = app.repositories.user;
    const guest = users.all().find((user) => user.email === GUEST)!;
    const others = guest.access_grants.filter((grant) => grant.id !== ACCOUNT_IDS.northwind);
    const grants = role ? [...others, { id: ACCOUNT_IDS.northwind, type: 'account' as const, role }] : others;
    await users.replace({ ...guest, access_grants: grants });
  }
  async function schedule(who: Who, recipients: string[]) {
    const report = await saveReport(who, `For ${recipients.length} (${who})`);
    const answer = await send(who, 'POST', '/api/v1/report-schedule', weekly(report, { recipients }));
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ data: ReportSchedule }>().data.id;
  }

  it('leaves out, at the timed run, a recipient whose grant was removed, and records and tells it', async () => {
    await grantGuest('read');
    const id = await schedule('writer', ['writer@northwind.test', GUEST]);
    await grantGuest(null);
    await setClock('2026-11-02T09:00:30.000Z');

    const mails = await outbox();
    expect(mails.map((mail) => mail.to)).toEqual(['writer@northwind.test']);
    expect(await outbox(GUEST)).toHaveLength(0);
    const reason = messages.schedules.recipientLostAccess(GUEST, NORTHWIND);
    const [run] = await runsOf('writer', id);
    expect(run).toMatchObject({
      status: 'sent',
      trigger: 'schedule',
      recipients: ['writer@northwind.test'],
      skipped: [{ address: GUEST, reason }],
    });
    const events = await trail(id);
    expect(events.map((event) => [event.action, event.after.address, event.after.reason, event.actor])).toEqual([
      ['skip-recipient', GUEST, reason, null],
    ]);
    const [notice, ...more] = await notices('writer@northwind.test');
    expect(more).toHaveLength(0);
    expect(notice!.text).toContain(reason);
    expect(notice!.subject).toBe(messages.schedules.noticeSubject(`For 2 (writer)`));
  });

  it('leaves them out of a run by hand too, naming who ran it in the trail', async () => {
    await grantGuest('read');
    const id = await schedule('writer', ['reader@northwind.test', GUEST]);
    await grantGuest(null);
    const ran = await send('writer', 'POST', `/api/v1/report-schedule/run?id=${id}`);
    expect(ran.statusCode, ran.body).toBe(201);
    expect(ran.json<{ data: ReportScheduleRun }>().data).toMatchObject({
      status: 'sent',
      recipients: ['reader@northwind.test'],
      skipped: [{ address: GUEST }],
    });
    expect((await outbox()).map((mail) => mail.to)).toEqual(['reader@northwind.test']);
    const events = await trail(id);
    expect(events.map((event) => [event.action, event.actor?.id])).toEqual([
      ['skip-recipient', USER_IDS.northwindWriter],
    ]);
    expect(await notices('writer@northwind.test')).toHaveLength(1);
  });

  it('sends nothing when the owner lost access to the account, and does not retry', async () => {
    await grantGuest('write');
    const guestCookie = await signInThrough(app, GUEST);
    const report = await app.inject({
      method: 'POST',
      url: '/api/v1/saved-report',
      headers: { cookie: guestCookie },
      payload: savedReportBody('Guest report', ACCOUNT_IDS.northwind),
    });
    expect(report.statusCode, report.body).toBe(201);
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/report-schedule',
      headers: { cookie: guestCookie },
      payload: weekly(report.json<{ data: { id: string } }>().data.id, { recipients: ['reader@northwind.test'] }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ data: ReportSchedule }>().data.id;
    await grantGuest(null);

    await setClock('2026-11-02T09:00:30.000Z');
    expect(await outbox()).toHaveLength(0);
    const refusal = messages.schedules.ownerLostAccess(NORTHWIND);
    const [run, ...more] = await runsOf('admin', id);
    expect(more).toHaveLength(0);
    expect(run).toMatchObject({ status: 'failed', error: refusal, recipients: [], retry_at: null });
    expect(schedules().find((row) => row.id === id)).toMatchObject({ next_run_at: '2026-11-09T09:00:00.000Z' });
    // An admin's run by hand is refused the same way: nothing is sent.
    const ran = await send('admin', 'POST', `/api/v1/report-schedule/run?id=${id}`);
    expect(ran.json<{ data: ReportScheduleRun }>().data).toMatchObject({ status: 'failed', error: refusal });
    expect(await outbox()).toHaveLength(0);
    expect((await trail(id)).map((event) => [event.action, event.after.reason])).toEqual([
      ['not-sent', refusal],
      ['not-sent', refusal],
    ]);
  });

  it('mails an outside address only while the owner may still send outside the account', async () => {
    const id = await schedule('admin', ['someone@example.com']);
    // The admin is made a writer: outside addresses were theirs to add, and no longer are.
    const users = app.repositories.user;
    const admin = users.byId(USER_IDS.northwindAdmin)!;
    await users.replace({
      ...admin,
      access_grants: [{ id: ACCOUNT_IDS.northwind, type: 'account', role: 'write' }],
    });
    await setClock('2026-11-02T09:00:30.000Z');
    expect(await outbox()).toHaveLength(0);
    const [run] = await runsOf('writer', id);
    expect(run).toMatchObject({
      status: 'failed',
      error: messages.schedules.noneLeft,
      skipped: [
        {
          address: 'someone@example.com',
          reason: messages.schedules.recipientOutside('someone@example.com', NORTHWIND),
        },
      ],
    });
    const [notice] = await notices('admin@northwind.test');
    expect(notice!.text).toContain(messages.schedules.recipientOutside('someone@example.com', NORTHWIND));
  });
});
