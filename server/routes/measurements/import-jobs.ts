/**
 * Data imports: a platform delivery export (CSV) uploaded into a measurement with a chosen import
 * job config (POST /api/v1/import-job/upload), or a file an API or scheduled import fetched (the
 * demo's fixtures). The job then moves queued → running → successful or failed in steps, which
 * ./import-job-runner.ts takes (by a timer in demo and production mode, by
 * POST /api/v1/import-job/advance in test mode).
 *
 * The generic resource engine lists and reads import jobs (GET /api/v1/import-job) and their
 * status events (GET /api/v1/import-job-status); this file only writes them.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { CsvError, parseCsv } from '../../../src/shared/csv.ts';
import { importJobName } from '../../../src/shared/import-job-name.ts';
import { importStatusText } from '../../../src/shared/import-run.ts';
import {
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_TARGETS,
  IMPORT_TARGETS,
  type RowIssue,
} from '../../../src/shared/measurement-api.ts';
import type { ImportJob } from '../../../src/shared/schemas/index.ts';
import { newId } from '../../store/repositories.ts';
import { checkedMeasurement, httpError, measurementPolicy, resolveColumns } from './measurement-access.ts';
import { nowIso } from '../../sandbox/context.ts';
import { isDemoLike } from '../../config.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';
import {
  addStatus,
  advanceImportJobs,
  exclusive,
  fail,
  files,
  jobs,
  runDueImportSteps,
  startImportTimer,
  type ImportFile,
} from './import-job-runner.ts';

export function importJobRoutes(app: FastifyInstance): void {
  routeFrom(
    app,
    endpoints.importUpload,
    {
      config: { access: measurementPolicy(app, 'measurement.write') },
      description:
        'Creates a queued import job from a CSV, mapped through the upload template of the chosen import job config ' +
        `(targets: ${IMPORT_TARGETS.join(', ')}; date and impressions required; attention figures the file lacks are ` +
        'predicted from the channel). The job then runs in steps (queued → running → successful or failed); a file with ' +
        'any bad row fails with row-level errors and changes no metrics. Answers 201 with the job.',
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
      // Problems with the file as a whole still make a job, which fails at once with the reason,
      // so the list shows what happened to every upload.
      const fileErrors: RowIssue[] = [];
      for (const required of IMPORT_REQUIRED_TARGETS) {
        if (!columnOf.has(required)) {
          const source = template.columns.find((c) => c.target === required)?.source ?? required;
          fileErrors.push({ line: 1, column: source, message: `Missing column '${source}' (${required})` });
        }
      }
      if (parsed.rows.length === 0) fileErrors.push({ line: 1, column: null, message: 'The file has no data rows' });
      // Apart from the passes, so that none meets the job before its file.
      await exclusive(app, async () => {
        const multiLine = parsed.lines.some((line, i) => line !== i + 2);
        if (!fileErrors.length) {
          const file: ImportFile = {
            id: job.id,
            account: job.account,
            created_at: now,
            header: parsed.header,
            rows: parsed.rows,
            ...(multiLine ? { lines: parsed.lines } : {}),
          };
          await files(app).insert(file);
        }
        await jobs(app).insert(job);
        await addStatus(app, job, 'queued', importStatusText.queued(importJobName(job)));
        if (fileErrors.length) await fail(app, job, fileErrors, importStatusText.fileMismatch);
        return 0;
      });
      return reply.code(201).send({ data: jobs(app).byId(job.id) ?? job });
    },
  );

  // Demo and test modes only: production has no such route (404), and its document none.
  if (isDemoLike(app.config)) {
    routeFrom(
      app,
      endpoints.advanceImportJobs,
      {
        description:
          'Test control: takes one processing step for every active import job (or only for id), due or not; ' +
          "with clock=due, makes the demo timer's pass instead: the steps due on the sandbox's clock, queued jobs " +
          'starting while their account has a free worker.',
      },
      async (request) => {
        const { id, steps, clock } = request.query;
        let advanced = 0;
        for (let i = 0; i < steps; i += 1)
          advanced += await (clock === 'due' ? runDueImportSteps(app) : advanceImportJobs(app, id));
        return { data: { advanced } };
      },
    );
  }

  if (app.config.mode !== 'test') startImportTimer(app);
}

export const importJobsPlugin = routePlugin('import-jobs', importJobRoutes);
