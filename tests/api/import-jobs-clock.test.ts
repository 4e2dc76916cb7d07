/**
 * Imports survive a start: the demo's queued and running imports carry their files in
 * the store, so a fresh app, or a file-backed one started again, takes them on as the clock moves
 * (the sandbox's clock here, as the demo timer does each second) to successes, or to failures
 * with row-level errors, never to "interrupted". Passes never overlap, so no step is taken twice.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_NOW, ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { importStatusText } from '../../src/shared/import-run.ts';
import type { ImportJob, ImportJobStatus, Measurement } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';

const MINUTE = 60_000;
let apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
});

async function start(dataDir: string | null = null): Promise<FastifyInstance> {
  const app = await buildTestApp({ dataDir });
  apps.push(app);
  return app;
}

const header = (sandbox: string | null): Record<string, string> => (sandbox ? { 'x-lamp-sandbox': sandbox } : {});

async function setClock(app: FastifyInstance, sandbox: string | null, at: number) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/v1/testing/clock',
    headers: header(sandbox),
    payload: { now: new Date(at).toISOString(), frozen: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The demo timer's pass, on the sandbox's clock: answers how many jobs moved. */
async function pass(app: FastifyInstance, sandbox: string | null): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/import-job/advance?clock=due',
    headers: header(sandbox),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { advanced: number } }>().data.advanced;
}

const jobsIn = (app: FastifyInstance, sandbox: string | null) =>
  app.inSandbox(sandbox ?? 'default', () => [...app.repositories['import-job'].all()] as ImportJob[]);
const eventsIn = (app: FastifyInstance, sandbox: string | null) =>
  app.inSandbox(sandbox ?? 'default', () => [...app.repositories['import-job-status'].all()] as ImportJobStatus[]);
const inFlight = (jobs: ImportJob[]) => jobs.filter((j) => j.status === 'queued' || j.status === 'running');
const count = (jobs: ImportJob[], status: ImportJob['status']) => jobs.filter((j) => j.status === status).length;

/** Moves the clock on in 10-second ticks, a pass at each, until no import is in flight. */
async function runToTheEnd(app: FastifyInstance, sandbox: string | null, from: number): Promise<number> {
  let at = from;
  while (inFlight(jobsIn(app, sandbox)).length && at < from + 60 * MINUTE) {
    at += 10_000;
    await setClock(app, sandbox, at);
    await pass(app, sandbox);
  }
  return at;
}

/** How the in-flight imports ended: mostly in success, failures with row errors, none interrupted. */
function expectBelievableEnds(app: FastifyInstance, sandbox: string | null, ids: readonly string[]) {
  const jobs = jobsIn(app, sandbox).filter((j) => ids.includes(j.id));
  expect(inFlight(jobs)).toEqual([]);
  expect(count(jobs, 'successful')).toBeGreaterThanOrEqual(0.75 * ids.length);
  for (const job of jobs.filter((j) => j.status === 'failed')) {
    expect(job.errors?.length, job.id).toBeGreaterThan(0);
    expect(job.errors!.every((e) => e.line >= 2)).toBe(true);
  }
  const events = eventsIn(app, sandbox).filter((e) => ids.includes(e.import_job_id));
  expect(events.filter((e) => e.message === importStatusText.interrupted)).toEqual([]);
  // One end each, whatever the passes did.
  for (const id of ids) {
    const ends = events.filter((e) => e.import_job_id === id && (e.status === 'success' || e.status === 'error'));
    expect(ends, id).toHaveLength(1);
  }
  return jobs;
}

describe('imports in flight when the app starts', () => {
  it('are queued and running on a fresh app, move as the clock moves, and end mostly in success', async () => {
    const app = await start();
    const sandbox = 'imports-fresh';
    await setClock(app, sandbox, FIXTURE_NOW);
    const before = jobsIn(app, sandbox);
    const ids = inFlight(before).map((j) => j.id);
    expect(count(before, 'queued')).toBeGreaterThanOrEqual(5);
    expect(count(before, 'running')).toBeGreaterThanOrEqual(8);
    // At the fixtures' own now nothing is due: the data agrees with the schedule.
    expect(await pass(app, sandbox)).toBe(0);
    expect(inFlight(jobsIn(app, sandbox)).map((j) => j.id)).toEqual(ids);

    // A minute on: steps were taken, rows checked, queued imports started, nothing failed for want of a file.
    for (let at = FIXTURE_NOW + 10_000; at <= FIXTURE_NOW + MINUTE; at += 10_000) {
      await setClock(app, sandbox, at);
      await pass(app, sandbox);
    }
    const minuteOn = jobsIn(app, sandbox);
    const processed = (jobs: ImportJob[]) => jobs.reduce((sum, j) => sum + (j.rows_processed ?? 0), 0);
    expect(processed(minuteOn.filter((j) => ids.includes(j.id)))).toBeGreaterThan(
      processed(before.filter((j) => ids.includes(j.id))),
    );
    expect(count(minuteOn, 'queued')).toBeLessThan(count(before, 'queued'));
    // The events the passes wrote are stamped on the sandbox's clock.
    const late = eventsIn(app, sandbox).filter((e) => Date.parse(e.created_at) > FIXTURE_NOW + MINUTE);
    expect(late).toEqual([]);

    const end = await runToTheEnd(app, sandbox, FIXTURE_NOW + MINUTE);
    expect(end - FIXTURE_NOW).toBeGreaterThan(2 * MINUTE);
    const jobs = expectBelievableEnds(app, sandbox, ids);
    // Successes added their rows to their measurements' figures.
    const landed = jobs.filter((j) => j.status === 'successful');
    const imported = app.inSandbox(sandbox, () => app.repositories.collection('metric-import-row').all());
    expect(imported.length).toBe(landed.reduce((sum, j) => sum + j.rows_imported, 0));
  }, 120_000);

  it('are carried on where they were by a file-backed app started again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-imports-'));
    let app = await start(dataDir);
    await setClock(app, null, FIXTURE_NOW);
    const ids = inFlight(jobsIn(app, null)).map((j) => j.id);
    for (let at = FIXTURE_NOW + 10_000; at <= FIXTURE_NOW + 30_000; at += 10_000) {
      await setClock(app, null, at);
      await pass(app, null);
    }
    const stopped = jobsIn(app, null).filter((j) => ids.includes(j.id));
    expect(inFlight(stopped).length).toBeGreaterThan(10);
    await app.close();
    apps = apps.filter((a) => a !== app);

    app = await start(dataDir);
    const restarted = jobsIn(app, null).filter((j) => ids.includes(j.id));
    expect(restarted).toEqual(stopped);
    await setClock(app, null, FIXTURE_NOW + 30_000);
    await runToTheEnd(app, null, FIXTURE_NOW + 30_000);
    expectBelievableEnds(app, null, ids);
  }, 180_000);
});

describe('passes of one sandbox', () => {
  it('never overlap: two at once take each step once, with one event for each', async () => {
    const app = await start();
    const sandbox = 'imports-overlap';
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: header(sandbox),
      payload: { email: 'writer@northwind.test', password: 'Lamp-Demo-2026!' },
    });
    const cookie = `lamp_session=${signIn.cookies.find((c) => c.name === 'lamp_session')?.value}`;
    const m = app
      .inSandbox(sandbox, () => app.repositories.measurement.all() as Measurement[])
      .find((x) => x.account === ACCOUNT_IDS.northwind && x.status === 'live')!;
    const config = app
      .inSandbox(sandbox, () => app.repositories['import-job-config'].all())
      .find((c) => c.account === null && c.upload_template)!;
    const csv = ['Day,Ad name,Impressions,Amount spent (GBP)', `${m.start_date},Reel A,1000,4.00`, ''].join('\n');
    for (const file_name of ['one.csv', 'two.csv', 'three.csv']) {
      const upload = await app.inject({
        method: 'POST',
        url: '/api/v1/import-job/upload',
        headers: { ...header(sandbox), cookie },
        payload: { measurement: m.id, import_job_config: config.id, file_name, csv },
      });
      expect(upload.statusCode, upload.body).toBe(201);
    }
    // Two passes over every active job at once, twice: each job moves one step per pass, in turn.
    const advance = () => app.inject({ method: 'POST', url: '/api/v1/import-job/advance', headers: header(sandbox) });
    await Promise.all([advance(), advance()]);
    await Promise.all([advance(), advance()]);
    const events = eventsIn(app, sandbox);
    const seen = new Set<string>();
    const twice = events.filter((e) => {
      const key = `${e.import_job_id} ${e.status}`;
      if (seen.has(key)) return true;
      seen.add(key);
      return false;
    });
    expect(twice.map((e) => `${e.import_job_id} ${e.status}: ${e.message}`)).toEqual([]);
    const uploaded = jobsIn(app, sandbox).filter(
      (j) => j.file_name && ['one.csv', 'two.csv', 'three.csv'].includes(j.file_name),
    );
    expect(uploaded.map((j) => j.status)).toEqual(['successful', 'successful', 'successful']);
  });
});
