/**
 * /measurements/{id}/data-imports/{importJobId}: one import job: status, rows processed and
 * imported, row-level errors and the correlation id (with its status events), refreshing every
 * 5 s while the job is still queued or running.
 */
import { Link } from 'wouter';
import { getOne, list } from '../../../lib/api.ts';
import { formatDateTime } from '../../../shared/date-format.ts';
import { importJobName } from '../../../shared/import-job-name.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Spinner } from '../../shared/Spinner.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from './data.ts';
import { isActive, jobProgress, ProgressBar, useAutoRefresh } from './importJobs.tsx';
import { ImportStatusBadge } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { TableHead } from '../../shared/TableHead.tsx';
import { listQuery, sortKeys } from '../../../shared/list-query-text.ts';

export default function DataImportPage({ params }: PageProps) {
  const measurementId = params.measurementId ?? '';
  const jobId = params.importJobId ?? '';
  const job = useAsync(() => getOne('import-job', jobId), jobId);
  usePageTitle(job.data ? importJobName(job.data) : 'Data Import');
  const account = job.data?.account;
  const events = useAsync(
    async () =>
      account
        ? (
            await list(
              'import-job-status',
              listQuery('import-job-status', {
                import_job_id: [jobId],
                'account._id': [account],
                sort: sortKeys('created_at', 'asc'),
                limit: 100,
              }),
            )
          ).data
        : [],
    `${jobId}|${account ?? ''}|${job.data?.status ?? ''}|${job.data?.rows_processed ?? 0}`,
  );
  const active = job.data ? isActive(job.data) : false;
  useAutoRefresh(active, job.reload);

  if (job.error) return <ErrorPlaceholder name="import job" error={job.error} />;
  if (!job.data) return <Spinner label="Loading import job" />;
  const j = job.data;
  const errors = j.errors ?? [];
  const facts: [string, React.ReactNode][] = [
    ['Status', <ImportStatusBadge key="s" status={j.status} />],
    ['File', j.file_name ?? '—'],
    ['Rows in file', j.rows_total.toLocaleString('en-GB')],
    ['Rows processed', (j.status === 'successful' ? j.rows_total : (j.rows_processed ?? 0)).toLocaleString('en-GB')],
    ['Rows imported', j.rows_imported.toLocaleString('en-GB')],
    ['Errors', errors.length.toLocaleString('en-GB')],
    [
      'Correlation id',
      <span key="c" className="break-all font-mono text-xs">
        {j.correlation_id ?? '—'}
      </span>,
    ],
    ['Started', formatDateTime(j.created_at)],
    ['Last update', formatDateTime(j.updated_at)],
  ];

  return (
    <div className="space-y-6">
      <PageHeader title={importJobName(j)}>
        <Link href={paths.measurementDataImports(measurementId)} className="text-sm font-medium">
          All imports
        </Link>
      </PageHeader>
      <Card>
        <div className="mb-5">
          <ProgressBar value={jobProgress(j)} status={j.status} label="Import progress" />
          {active ? (
            <p className="mt-2 text-sm text-slate-600">Processing: this page refreshes every 5 seconds.</p>
          ) : null}
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
              <dd className="mt-1 text-sm text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {errors.length ? (
        <Card title={`Errors (${errors.length})`}>
          <p className="mb-3 text-sm text-slate-700">
            Nothing from this file was imported. Fix these rows and upload the file again.
          </p>
          <div className="relative -mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full min-w-[480px] text-left text-sm">
              <caption className="sr-only">Row errors</caption>
              <TableHead columns={['Line', 'Column', 'Problem']} />
              <tbody>
                {errors.map((e, i) => (
                  <tr key={i} className="border-b border-slate-100">
                    <td className="px-4 py-2 tabular-nums sm:pl-0">{e.line}</td>
                    <td className="px-4 py-2">{e.column ?? '—'}</td>
                    <td className="px-4 py-2 text-red-800">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
      <Card title="Status history">
        {events.error ? (
          <ErrorPlaceholder name="status history" error={events.error} />
        ) : !events.data ? (
          <Spinner label="Loading the status history" />
        ) : events.data.length === 0 ? (
          <p className="text-sm text-slate-600">No status has been recorded for this import yet.</p>
        ) : null}
        <ol className="space-y-2 text-sm">
          {(events.data ?? []).map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-3">
              <ImportStatusBadge status={e.status} />
              <span className="text-slate-800">{e.message}</span>
              <span className="text-xs text-slate-500">{formatDateTime(e.created_at)}</span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
