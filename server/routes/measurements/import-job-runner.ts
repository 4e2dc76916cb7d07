/**
 * How a data import job runs, once the upload (./import-jobs.ts) or the demo's fixtures queued it:
 * queued → running → successful or failed in steps (src/shared/import-run.ts has the pace):
 *
 *   start: a free worker of the job's account takes it, queued → running;
 *   each further step: the next quarter of the rows is checked (rows_processed grows, errors
 *              found so far are kept);
 *   last step: no bad row → the rows land in `metric-import-row` and the job is successful;
 *              any bad row → the job fails with row-level errors and no metric changes.
 *
 * The file waits in the store (collection IMPORT_FILE_COLLECTION, one row per active job), never
 * only in this process's memory, so a restart or a reset carries every queued and running job on
 * where it was; it is dropped when its job ends.
 *
 * Who takes the steps: in demo and production mode a timer makes a pass every second in every
 * sandbox, taking the steps due on that sandbox's clock (a running job's next step comes
 * importStepMs after its last; a queued job starts when its account has a free worker). In test
 * mode nothing moves by itself: POST /api/v1/import-job/advance takes one step for every active
 * job (browser tests decide when a job moves), or with `clock=due` makes the timer's pass, on the
 * sandbox's clock. Passes of one sandbox never overlap, and each step reads its job afresh: two
 * passes over one stale list once failed a job twice.
 */
import type { FastifyInstance } from 'fastify';
import {
  badLineCount,
  checkImportFile,
  checkImportRow,
  type ImportFileContext,
} from '../../../src/shared/import-check.ts';
import {
  IMPORT_FILE_COLLECTION,
  IMPORT_MAX_ERRORS_KEPT,
  IMPORT_WORKERS_PER_ACCOUNT,
  importChunkRows,
  importStatusText,
  importStepMs,
} from '../../../src/shared/import-run.ts';
import type { RowIssue } from '../../../src/shared/measurement-api.ts';
import { BREAKDOWN_DIMENSIONS, type MetricRow } from '../../../src/shared/metrics.ts';
import type { ImportJob } from '../../../src/shared/schemas/index.ts';
import { newId } from '../../store/repositories.ts';
import { asServerWork } from '../../store/database.ts';
import { resolveColumns } from './measurement-access.ts';
import { IMPORT_ROW_COLLECTION, measurementSummary } from './metrics.ts';
import { currentSandbox, now as clockNow, nowIso } from '../../sandbox/context.ts';
import { repeatInEverySandbox } from '../../sandbox/repeat.ts';
import { nameMapper } from './name-mappings.ts';

const TICK_MS = 1000;

/** A job's file, waiting in the store until the job ends; its id is the job's. */
export type ImportFile = {
  id: string;
  account: string;
  created_at: string;
  header: string[];
  rows: string[][];
  /** File lines of the rows, kept only when a quoted value spans lines (else index + 2). */
  lines?: number[];
};

export const jobs = (app: FastifyInstance) => app.repositories['import-job'];
export const files = (app: FastifyInstance) => app.repositories.collection(IMPORT_FILE_COLLECTION);
const fileOf = (app: FastifyInstance, jobId: string) => files(app).byId(jobId) as ImportFile | undefined;
const isActive = (job: ImportJob) => job.status === 'queued' || job.status === 'running';

/**
 * What the row checks need, read from the store at each step (the measurement's flight as it is
 * now); undefined when the job cannot go on (its file, measurement or template is gone).
 */
function fileContext(app: FastifyInstance, job: ImportJob): ImportFileContext | undefined {
  const file = fileOf(app, job.id);
  const measurement = app.repositories.measurement.byId(job.measurement);
  const config = (
    job.import_job_config ? app.repositories['import-job-config'].byId(job.import_job_config) : undefined
  ) as { upload_template: string | null; vendor: string | null } | undefined;
  const templateId = job.upload_template ?? config?.upload_template ?? null;
  const template = (templateId ? app.repositories['upload-template'].byId(templateId) : undefined) as
    { columns: { source: string; target: string }[] } | undefined;
  if (!file || !measurement || !template) return undefined;
  const vendor = (config?.vendor ? app.repositories['third-party-macro-vendor'].byId(config.vendor) : undefined) as
    { name: string } | undefined;
  const channel = (
    measurement.channels[0] ? app.repositories['advertising-channel'].byId(measurement.channels[0]) : undefined
  ) as { name: string } | undefined;
  return {
    header: file.header,
    rows: file.rows,
    lines: file.lines,
    columnOf: resolveColumns(file.header, template.columns),
    measurement,
    vendorName: vendor?.name ?? null,
    channelName: channel?.name ?? 'Unknown channel',
  };
}

export async function addStatus(
  app: FastifyInstance,
  job: ImportJob,
  status: 'queued' | 'running' | 'success' | 'error',
  message: string,
) {
  await app.repositories['import-job-status'].insert({
    id: newId(),
    created_at: nowIso(),
    account: job.account,
    measurement: job.measurement,
    correlation_id: job.correlation_id ?? job.id,
    import_job_id: job.id,
    job_type: job.job_type,
    status,
    message,
  });
}

async function dropFile(app: FastifyInstance, jobId: string) {
  await files(app).remove(jobId);
}

export async function fail(
  app: FastifyInstance,
  job: ImportJob,
  errors: RowIssue[],
  message: string,
  processed?: number,
) {
  // The job's own row changes first (in memory at once): nothing else can take it up again.
  await jobs(app).update(job.id, {
    status: 'failed',
    rows_imported: 0,
    ...(processed === undefined ? {} : { rows_processed: processed }),
    errors: errors.slice(0, IMPORT_MAX_ERRORS_KEPT),
    updated_at: nowIso(),
  });
  await dropFile(app, job.id);
  await addStatus(app, job, 'error', message);
}

/** One step of one job (see the file comment), on the job as the store has it now. */
async function step(app: FastifyInstance, id: string): Promise<void> {
  const job = jobs(app).byId(id);
  if (!job || !isActive(job)) return;
  const context = fileContext(app, job);
  if (!context) {
    // Not a problem with any row of the file: the job fails with the reason and no row errors.
    await fail(app, job, [], importStatusText.interrupted);
    return;
  }
  const now = nowIso();
  if (job.status === 'queued') {
    await jobs(app).update(job.id, { status: 'running', rows_processed: 0, updated_at: now });
    await addStatus(app, job, 'running', importStatusText.running(job.rows_total));
    return;
  }
  const from = job.rows_processed ?? 0;
  const to = Math.min(job.rows_total, from + importChunkRows(job.rows_total));
  if (to < job.rows_total) {
    const found: RowIssue[] = [];
    for (let i = from; i < to; i += 1) found.push(...checkImportRow(context, i).issues);
    const errors = [...(job.errors ?? []), ...found].slice(0, IMPORT_MAX_ERRORS_KEPT);
    await jobs(app).update(job.id, { rows_processed: to, errors, updated_at: now });
    return;
  }
  // The last step checks the whole file once more: the rows that land and the errors that stop
  // them come from one reading of the file, whatever happened between steps.
  const { accepted, errors } = checkImportFile(context);
  if (errors.length) {
    await fail(app, job, errors, importStatusText.rowErrors(badLineCount(errors), job.rows_total), to);
    return;
  }
  await jobs(app).update(job.id, {
    rows_processed: to,
    rows_imported: accepted.length,
    status: 'successful',
    errors: [],
    updated_at: now,
  });
  await dropFile(app, job.id);
  // All rows land at once (one write); the metrics index notices the new length. They land with
  // the account's clean names (name mappings); the raw names a mapping replaced are kept beside.
  const mapper = nameMapper(app.repositories, job.account);
  await app.repositories.collection(IMPORT_ROW_COLLECTION).insertMany(
    accepted.map((raw) => {
      const row = mapper ? mapper(raw) : raw;
      const renamed = row === raw ? {} : { source_names: renamedFrom(raw, row) };
      return { id: newId(), import_job: job.id, created_at: now, account: job.account, ...row, ...renamed };
    }),
  );
  const measurement = app.repositories.measurement.byId(job.measurement);
  if (measurement) {
    await app.repositories.measurement.update(measurement.id, {
      ...measurementSummary(app, measurement),
      updated_at: now,
    });
  }
  await addStatus(app, job, 'success', importStatusText.success(accepted.length));
}

/** The raw names a mapping replaced, by dimension. */
function renamedFrom(raw: MetricRow, row: MetricRow): Partial<Record<string, string>> {
  const names: Partial<Record<string, string>> = {};
  for (const dimension of BREAKDOWN_DIMENSIONS)
    if (raw[dimension] !== row[dimension]) names[dimension] = raw[dimension];
  return names;
}

const activeJobs = (app: FastifyInstance) =>
  jobs(app)
    .all()
    .filter(isActive)
    .toSorted((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));

/** Per app, the pass of each sandbox in progress (or waiting), so that passes never overlap. */
const passesOf = new WeakMap<FastifyInstance, Map<string, Promise<number>>>();

export function exclusive(app: FastifyInstance, fn: () => Promise<number>): Promise<number> {
  let passes = passesOf.get(app);
  if (!passes) passesOf.set(app, (passes = new Map<string, Promise<number>>()));
  const sandbox = currentSandbox();
  const next = (passes.get(sandbox) ?? Promise.resolve(0)).catch(() => 0).then(fn);
  passes.set(sandbox, next);
  const forget = () => {
    if (passes.get(sandbox) === next) passes.delete(sandbox);
  };
  next.then(forget, forget);
  return next;
}

/** Test control: one step for every active job (or only the given one), due or not. Answers how many moved. */
export function advanceImportJobs(app: FastifyInstance, id?: string): Promise<number> {
  return exclusive(app, async () => {
    const active = activeJobs(app).filter((job) => !id || job.id === id);
    for (const job of active) await step(app, job.id);
    return active.length;
  });
}

/** Whether a running job's next step is due on the sandbox's clock (a clock set back never stalls it). */
function stepDue(job: ImportJob, nowMs: number): boolean {
  const last = Date.parse(job.updated_at);
  return nowMs < last || nowMs - last >= importStepMs(job.rows_total);
}

/**
 * The timer's pass: the steps due now on the sandbox's clock. Running jobs whose step is due take
 * it; then queued jobs start, oldest first, while their account has a free worker. Answers how
 * many moved.
 */
export function runDueImportSteps(app: FastifyInstance): Promise<number> {
  return exclusive(app, async () => {
    const nowMs = clockNow();
    let moved = 0;
    for (const job of activeJobs(app)) {
      if (job.status !== 'running' || !stepDue(job, nowMs)) continue;
      await step(app, job.id);
      moved += 1;
    }
    const busy = new Map<string, number>();
    const active = activeJobs(app);
    for (const job of active) if (job.status === 'running') busy.set(job.account, (busy.get(job.account) ?? 0) + 1);
    for (const job of active) {
      if (job.status !== 'queued' || (busy.get(job.account) ?? 0) >= IMPORT_WORKERS_PER_ACCOUNT) continue;
      await step(app, job.id);
      busy.set(job.account, (busy.get(job.account) ?? 0) + 1);
      moved += 1;
    }
    return moved;
  });
}

/** Demo and production: a pass every second in every sandbox, stopped when the app closes. */
export function startImportTimer(app: FastifyInstance): void {
  repeatInEverySandbox(app, TICK_MS, 'import job step failed', (name) =>
    // A sandbox whose last pass still runs (a slow disk) skips this one.
    passesOf.get(app)?.has(name) ? undefined : app.inSandbox(name, () => asServerWork(() => runDueImportSteps(app))),
  );
}
