/**
 * `node tests/bench/report-schedules.ts`: 1,000 report schedules due at the same minute, delivered
 * by one pass (the budget: within a minute). A measurement, not a timed test.
 *
 * The store is the demo fixtures in memory (test mode); the schedules are spread over every
 * account's saved reports, all weekly on Monday 09:00 UTC. Moving the default state's clock past
 * that minute (PUT /api/v1/testing/clock, which runs the pass before it answers) is timed: every
 * schedule's report is resolved, its CSV built and one mail stored per run.
 */
import { buildApp } from '../../server/app.ts';

const COUNT = Number(process.env.BENCH_SCHEDULES ?? 1000);
const app = await buildApp({ config: { mode: 'test', dataDir: null, logLevel: 'silent' } });
await app.ready();

const clock = (now: string) =>
  app.inject({ method: 'PUT', url: '/api/v1/testing/clock', payload: { now, frozen: true } });
await clock('2026-10-29T12:00:00.000Z');

const reports = app.repositories['saved-report'].all();
const repository = app.repositories['report-schedule'];
for (let i = 0; i < COUNT; i += 1) {
  const report = reports[i % reports.length]!;
  await repository.insert({
    id: (0x6c00000000 + i).toString(16).padStart(24, '0'),
    created_at: '2026-10-29T12:00:00.000Z',
    account: report.account,
    report: report.id,
    frequency: 'weekly',
    weekday: 'monday',
    month_day: null,
    time: '09:00',
    time_zone: 'UTC',
    recipients: ['someone@example.com'],
    format: 'csv',
    paused: false,
    created_by: report.created_by,
    next_run_at: '2026-11-02T09:00:00.000Z',
    handled_until: '2026-10-29T12:00:00.000Z',
    attempts: 0,
    retry_slot: null,
    last_run_at: null,
    last_status: null,
  } as never);
}

const started = performance.now();
const cpu = process.cpuUsage();
const answer = await clock('2026-11-02T09:00:30.000Z');
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const runs = app.repositories.collection('report-schedule-run').all();
const sent = runs.filter((run) => run.status === 'sent').length;
const mails = app.repositories.collection('outbox-message', null).all().length;
console.log(
  `${COUNT} schedules over ${reports.length} saved reports: ${runs.length} runs (${sent} sent), ${mails} mails, ` +
    `${(wallMs / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU ` +
    `(${(wallMs / COUNT).toFixed(1)} ms a schedule); clock answer ${answer.statusCode}`,
);
await app.close();
