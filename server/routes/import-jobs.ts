/**
 * Data imports: a platform delivery export (CSV) uploaded into a measurement with a chosen import
 * job config (POST /api/v1/import-job/upload). The job then moves queued → running → successful
 * or failed in steps:
 *
 *   step 1: queued → running;
 *   each further step: the next quarter of the rows is checked (rows_processed grows);
 *   last step: no bad row → the rows land in `metric-import-row` and the job is successful;
 *              any bad row → the job fails with row-level errors and no metric changes.
 *
 * Who takes the steps: in demo and production mode a timer takes one step a second for every
 * active job; in test mode nothing moves until a test calls POST /api/v1/import-job/advance
 * (demo and test modes only), so browser tests decide when a job progresses.
 *
 * The generic resource engine lists and reads import jobs (GET /api/v1/import-job) and their
 * status events (GET /api/v1/import-job-status); this file only writes them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CsvError, parseCsv } from '../../src/shared/csv.ts';
import {
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_TARGETS,
  IMPORT_TARGETS,
  importUploadBody,
  type RowIssue,
} from '../../src/shared/measurement-api.ts';
import { BREAKDOWN_DIMENSIONS, type MetricRow } from '../../src/shared/metrics.ts';
import type { ImportJob, Measurement } from '../../src/shared/schemas/index.ts';
import { importJobRow } from '../../src/shared/schemas/import-job.ts';
import { newId } from '../store/repositories.ts';
import { asServerWork, StoreClosedError } from '../store/database.ts';
import { checkedMeasurement, httpError, measurementPolicy, resolveColumns } from './measurement-access.ts';
import { IMPORT_ROW_COLLECTION, measurementSummary } from './metrics.ts';
import { nowIso } from '../sandbox/context.ts';
import { DEFAULT_SANDBOX } from '../sandbox/scope.ts';
import { nameMapper } from './name-mappings.ts';

const STEPS_TO_CHECK_ROWS = 4;
const TICK_MS = 1000;
const MAX_ERRORS_KEPT = 200;

interface Pending {
  header: string[];
  rows: string[][];
  lines: number[];
  columnOf: Map<string, number>;
  measurement: Measurement;
  vendorName: string | null;
  channelName: string;
  accepted: MetricRow[];
  errors: RowIssue[];
}

/** Parsed files waiting to be processed, by job id; lost on restart (the job then fails). */
const pending = new Map<string, Pending>();

/**
 * Predicted attention for exports that carry delivery only (walled gardens report impressions
 * and spend, not eyes on screen): the model's typical shares by channel, from domain/attention.md.
 */
function attentionProfile(channel: string, device: string) {
  const c = `${channel} ${device}`.toLowerCase();
  if (c.includes('ctv') || c.includes('tv')) return { viewable: 0.68, viewed: 0.43, viewTime: 14, viewableTime: 25 };
  if (c.includes('video')) return { viewable: 0.7, viewed: 0.62, viewTime: 4, viewableTime: 15 };
  if (c.includes('high impact')) return { viewable: 0.98, viewed: 0.96, viewTime: 4, viewableTime: 18 };
  if (c.includes('social')) return { viewable: 0.72, viewed: 0.8, viewTime: 1.6, viewableTime: 5 };
  if (c.includes('dooh')) return { viewable: 0.48, viewed: 0.6, viewTime: 2, viewableTime: 8 };
  if (c.includes('mobile')) return { viewable: 0.55, viewed: 0.77, viewTime: 1, viewableTime: 9 };
  return { viewable: 0.55, viewed: 0.18, viewTime: 1.5, viewableTime: 12 };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UK_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function parseDay(value: string): string | null {
  const uk = UK_DAY.exec(value);
  const iso = uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : value;
  if (!DAY.test(iso)) return null;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== iso ? null : iso;
}

function parseNumber(value: string): number | null {
  const cleaned = value.replace(/[£,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Checks one data row; either a metric row or the problems with it. */
function checkRow(p: Pending, index: number): { row?: MetricRow; issues: RowIssue[] } {
  const cells = p.rows[index] ?? [];
  const line = p.lines[index] ?? index + 2;
  const issues: RowIssue[] = [];
  const get = (target: string) => {
    const at = p.columnOf.get(target);
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const header = (target: string) => {
    const at = p.columnOf.get(target);
    return at === undefined ? target : (p.header[at] ?? target);
  };
  if (cells.length !== p.header.length) {
    issues.push({ line, column: null, message: `Expected ${p.header.length} values, found ${cells.length}` });
    return { issues };
  }
  const date = parseDay(get('date'));
  if (!date)
    issues.push({ line, column: header('date'), message: `'${get('date')}' is not a date (YYYY-MM-DD or DD/MM/YYYY)` });
  else if (date < p.measurement.start_date || date > p.measurement.end_date) {
    issues.push({
      line,
      column: header('date'),
      message: `${date} is outside the flight (${p.measurement.start_date} to ${p.measurement.end_date})`,
    });
  }
  const whole = (target: string, required: boolean): number | null => {
    const raw = get(target);
    if (!raw) {
      if (required) issues.push({ line, column: header(target), message: 'A value is required' });
      return null;
    }
    const n = parseNumber(raw);
    if (n === null || !Number.isInteger(n)) {
      issues.push({ line, column: header(target), message: `'${raw}' is not a whole number` });
      return null;
    }
    return n;
  };
  const decimal = (target: string): number | null => {
    const raw = get(target);
    if (!raw) return null;
    const n = parseNumber(raw);
    if (n === null) issues.push({ line, column: header(target), message: `'${raw}' is not a number` });
    return n;
  };
  const impressions = whole('impressions', true);
  let measured = whole('measured', false);
  let viewable = whole('viewable', false);
  let viewed = whole('viewed', false);
  const cost = decimal('cost') ?? 0;
  let viewableTime = decimal('total_viewable_time');
  let viewTime = decimal('total_view_time');
  if (issues.length || impressions === null || !date) return { issues };

  const channel = get('channel') || p.channelName;
  const device = get('device') || 'All devices';
  const profile = attentionProfile(channel, device);
  measured ??= Math.round(impressions * 0.93);
  viewable ??= Math.round(impressions * profile.viewable);
  viewed ??= Math.round(measured * profile.viewed);
  viewableTime ??= Math.round(viewable * profile.viewableTime * 100) / 100;
  viewTime ??= Math.round(viewed * profile.viewTime * 100) / 100;
  if (measured > impressions)
    issues.push({ line, column: header('measured'), message: 'Measured is more than impressions' });
  if (viewable > impressions)
    issues.push({ line, column: header('viewable'), message: 'Viewable is more than impressions' });
  if (viewed > measured) issues.push({ line, column: header('viewed'), message: 'Viewed is more than measured' });
  if (issues.length) return { issues };
  return {
    issues,
    row: {
      measurement: p.measurement.id,
      date,
      channel,
      media_partner: get('media_partner') || p.vendorName || 'Unknown partner',
      format: get('format') || 'Unknown format',
      device,
      domain: get('domain') || get('placement') || 'Unknown placement',
      creative: get('creative') || 'Unknown creative',
      impressions,
      measured,
      viewable,
      viewed,
      total_viewable_time: viewableTime,
      total_view_time: viewTime,
      cost,
    },
  };
}

async function addStatus(
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

const jobs = (app: FastifyInstance) => app.repositories['import-job'];

async function fail(app: FastifyInstance, job: ImportJob, errors: RowIssue[], message: string) {
  pending.delete(job.id);
  const patch = {
    status: 'failed' as const,
    rows_imported: 0,
    errors: errors.slice(0, MAX_ERRORS_KEPT),
    updated_at: nowIso(),
  };
  await jobs(app).update(job.id, patch);
  await addStatus(app, job, 'error', message);
}

/** One step of one job (see the file comment). */
async function step(app: FastifyInstance, job: ImportJob): Promise<void> {
  if (job.status !== 'queued' && job.status !== 'running') return;
  const p = pending.get(job.id);
  if (!p) {
    // Not a problem with any row of the file: the job fails with the reason and no row errors.
    await fail(app, job, [], 'The import was interrupted; upload the file again');
    return;
  }
  const now = nowIso();
  if (job.status === 'queued') {
    await jobs(app).update(job.id, { status: 'running', updated_at: now });
    await addStatus(app, job, 'running', `Processing ${job.rows_total} rows`);
    return;
  }
  const from = job.rows_processed ?? 0;
  const chunk = Math.max(1, Math.ceil(job.rows_total / STEPS_TO_CHECK_ROWS));
  const to = Math.min(job.rows_total, from + chunk);
  for (let i = from; i < to; i += 1) {
    const { row, issues } = checkRow(p, i);
    if (row) p.accepted.push(row);
    else p.errors.push(...issues);
  }
  if (to < job.rows_total) {
    await jobs(app).update(job.id, { rows_processed: to, updated_at: now });
    return;
  }
  if (p.errors.length) {
    const bad = new Set(p.errors.map((e) => e.line)).size;
    await jobs(app).update(job.id, { rows_processed: to });
    await fail(app, job, p.errors, `${bad} of ${job.rows_total} rows have errors; nothing was imported`);
    return;
  }
  // All rows land at once (one write); the metrics index notices the new length. They land with
  // the account's clean names (name mappings); the raw names a mapping replaced are kept beside.
  const mapper = nameMapper(app.repositories, job.account);
  await app.repositories.collection(IMPORT_ROW_COLLECTION).insertMany(
    p.accepted.map((raw) => {
      const row = mapper ? mapper(raw) : raw;
      const renamed = row === raw ? {} : { source_names: renamedFrom(raw, row) };
      return { id: newId(), import_job: job.id, created_at: now, account: job.account, ...row, ...renamed };
    }),
  );
  pending.delete(job.id);
  await jobs(app).update(job.id, {
    rows_processed: to,
    rows_imported: p.accepted.length,
    status: 'successful',
    errors: [],
    updated_at: now,
  });
  const measurement = app.repositories.measurement.byId(job.measurement);
  if (measurement) {
    await app.repositories.measurement.update(measurement.id, {
      ...measurementSummary(app, measurement),
      updated_at: now,
    });
  }
  await addStatus(app, job, 'success', `Imported ${p.accepted.length.toLocaleString('en-GB')} rows`);
}

/** The raw names a mapping replaced, by dimension. */
function renamedFrom(raw: MetricRow, row: MetricRow): Partial<Record<string, string>> {
  const names: Partial<Record<string, string>> = {};
  for (const dimension of BREAKDOWN_DIMENSIONS)
    if (raw[dimension] !== row[dimension]) names[dimension] = raw[dimension];
  return names;
}

/** Takes one step for every active job (or only the given one). Answers how many moved. */
export async function advanceImportJobs(app: FastifyInstance, id?: string): Promise<number> {
  const active = jobs(app)
    .all()
    .filter((job) => (!id || job.id === id) && (job.status === 'queued' || job.status === 'running'));
  for (const job of active) await step(app, job);
  return active.length;
}

export function importJobRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/import-job/upload',
    {
      config: { access: measurementPolicy(app, 'write') },
      schema: {
        tags: ['import-job'],
        summary: 'Import a platform delivery export into a measurement',
        description:
          'Creates a queued import job from a CSV, mapped through the upload template of the chosen import job config ' +
          `(targets: ${IMPORT_TARGETS.join(', ')}; date and impressions required; attention figures the file lacks are ` +
          'predicted from the channel). The job then runs in steps (queued → running → successful or failed); a file with ' +
          'any bad row fails with row-level errors and changes no metrics. Answers 201 with the job.',
        body: importUploadBody,
        response: { 201: z.object({ data: importJobRow }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const measurement = checkedMeasurement(app, request, body.measurement);
      const storedConfig = app.repositories['import-job-config'].byId(body.import_job_config);
      const config = (
        storedConfig && (storedConfig.account === null || storedConfig.account === measurement.account)
          ? storedConfig
          : undefined
      ) as { id: string; upload_template: string | null; vendor: string | null; enabled?: boolean } | undefined;
      if (!config) throw httpError(400, 'Choose an import job config');
      const template = (
        config.upload_template ? app.repositories['upload-template'].byId(config.upload_template) : undefined
      ) as { id: string; columns: { source: string; target: string }[] } | undefined;
      if (!template) throw httpError(400, 'This import job config has no upload template');

      let parsed;
      try {
        parsed = parseCsv(body.csv);
      } catch (error) {
        const line = error instanceof CsvError ? error.line : 1;
        throw httpError(400, `The file is not valid CSV (line ${line}: ${(error as Error).message})`);
      }
      if (parsed.rows.length > IMPORT_MAX_ROWS)
        throw httpError(400, `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows`);
      const columnOf = resolveColumns(parsed.header, template.columns);
      const vendor = (config.vendor ? app.repositories['third-party-macro-vendor'].byId(config.vendor) : undefined) as
        { name: string } | undefined;
      const channel = (
        measurement.channels[0] ? app.repositories['advertising-channel'].byId(measurement.channels[0]) : undefined
      ) as { name: string } | undefined;

      const now = nowIso();
      const job: ImportJob = {
        id: newId(),
        created_at: now,
        updated_at: now,
        account: measurement.account,
        measurement: measurement.id,
        job_type: 'upload',
        status: 'queued',
        file_name: body.file_name,
        import_job_config: config.id,
        upload_template: template.id,
        rows_total: parsed.rows.length,
        rows_imported: 0,
        rows_processed: 0,
        created_by: request.user?.id ?? null,
        correlation_id: crypto.randomUUID(),
        errors: [],
      };
      await jobs(app).insert(job);
      await addStatus(app, job, 'queued', `Queued ${body.file_name}`);

      // Problems with the file as a whole still make a job, which fails at its first step with
      // the reason, so the list shows what happened to every upload.
      const fileErrors: RowIssue[] = [];
      for (const required of IMPORT_REQUIRED_TARGETS) {
        if (!columnOf.has(required)) {
          const source = template.columns.find((c) => c.target === required)?.source ?? required;
          fileErrors.push({ line: 1, column: source, message: `Missing column '${source}' (${required})` });
        }
      }
      if (parsed.rows.length === 0) fileErrors.push({ line: 1, column: null, message: 'The file has no data rows' });
      if (fileErrors.length) {
        await fail(app, job, fileErrors, 'The file does not match the upload template');
      } else {
        pending.set(job.id, {
          ...parsed,
          columnOf,
          measurement,
          vendorName: vendor?.name ?? null,
          channelName: channel?.name ?? 'Unknown channel',
          accepted: [],
          errors: [],
        });
      }
      return reply.code(201).send({ data: jobs(app).byId(job.id) ?? job });
    },
  );

  {
    api.post(
      '/api/v1/import-job/advance',
      {
        config: { access: 'demo' },
        schema: {
          tags: ['testing'],
          summary: 'Move import jobs one step on (demo and test modes)',
          description: 'Test control: takes one processing step for every active import job, or only for id.',
          querystring: z.object({
            id: z
              .string()
              .regex(/^[0-9a-f]{24}$/)
              .optional(),
            steps: z.coerce.number().int().min(1).max(100).default(1),
          }),
          response: { 200: z.object({ data: z.object({ advanced: z.number().int() }) }) },
        },
      },
      async (request) => {
        let advanced = 0;
        for (let i = 0; i < request.query.steps; i += 1) advanced += await advanceImportJobs(app, request.query.id);
        return { data: { advanced } };
      },
    );
  }

  if (app.config.mode !== 'test') {
    const timer = setInterval(() => {
      // The default state's jobs, and each test sandbox's (on its own clock).
      for (const name of [DEFAULT_SANDBOX, ...app.sandboxes.list().map((sandbox) => sandbox.name)]) {
        app
          .inSandbox(name, () => asServerWork(() => advanceImportJobs(app)))
          .catch((error: unknown) => {
            // A tick still under way when the server closed: its next step waits for the next start.
            if (!(error instanceof StoreClosedError)) app.log.error(error, 'import job step failed');
          });
      }
    }, TICK_MS);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }
  // A reset restores the fixtures; parsed files of jobs that no longer exist are dropped.
  app.addHook('onClose', () => pending.clear());
}
