/**
 * /measurements/{id}/data-imports: the measurement's import jobs, newest first, with status
 * colours and progress. While any job is queued or running the list refreshes itself every 5 s
 * (spec §9 auto refresh); it stops once every job has finished.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { list, sortQuery } from '../../../lib/api.ts';
import { $role } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { AUTO_REFRESH_MS } from '../../../shared/constants.ts';
import { importJobName } from '../../../shared/import-job-name.ts';
import type { PageProps } from '../../routes.ts';
import { paths } from '../../routes.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync, useMeasurement } from './data.ts';
import { EmptyState, ImportStatusBadge, Skeleton } from './ui.tsx';
import { isActive, jobProgress, ProgressBar } from './importJobs.tsx';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export default function DataImportsPage({ params }: PageProps) {
  const id = params.measurementId ?? '';
  const measurement = useMeasurement(id);
  usePageTitle(measurement.data ? `Data Imports · ${measurement.data.name}` : 'Data Imports');
  const role = useStore($role);
  const account = measurement.data?.account;
  const jobs = useAsync(
    async () =>
      account
        ? (
            await list('import-job', {
              measurement: id,
              account,
              sort: sortQuery('created_at', 'desc'),
              limit: 100,
            })
          ).data
        : null,
    `${id}|${account ?? ''}`,
  );
  const active = (jobs.data ?? []).some(isActive);
  const { reload } = jobs;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(reload, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, reload]);

  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;

  return (
    <div className="space-y-6">
      <PageHeader title="Data imports">
        {role && can(role, 'measurement.write') ? (
          <Link href={paths.measurementDataImportCreate(id)} className={buttonClass('primary', 'no-underline')}>
            New import
          </Link>
        ) : null}
      </PageHeader>
      <p className="text-sm text-slate-600" aria-live="polite">
        {active
          ? 'Imports in progress: this list refreshes every 5 seconds.'
          : 'Delivery exports from walled gardens and social platforms, added to this measurement’s figures.'}
      </p>
      {jobs.error ? (
        <ErrorPlaceholder name="import jobs" error={jobs.error} />
      ) : jobs.data && jobs.data.length === 0 ? (
        <EmptyState title="No data imports yet">
          Upload a platform delivery export to add its impressions and spend to this measurement.
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[680px] text-left text-sm">
              <caption className="sr-only">Import jobs of this measurement</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    File
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="w-56 px-4 py-3 font-medium">
                    Progress
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Rows
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Started
                  </th>
                </tr>
              </thead>
              <tbody>
                {!jobs.data
                  ? Array.from({ length: 3 }, (_, i) => (
                      <tr key={i}>
                        <td colSpan={5} className="px-4 py-3">
                          <Skeleton className="h-5 w-full" />
                        </td>
                      </tr>
                    ))
                  : jobs.data.map((job) => (
                      <tr key={job.id} className="border-b border-slate-100 last:border-0" data-testid="import-job-row">
                        <td className="px-4 py-3">
                          <Link
                            href={paths.measurementDataImport(id, job.id)}
                            className="font-medium text-slate-900 no-underline hover:underline"
                          >
                            {importJobName(job)}
                          </Link>
                        </td>
                        <td className="px-4 py-3">
                          <ImportStatusBadge status={job.status} />
                        </td>
                        <td className="px-4 py-3">
                          <ProgressBar
                            value={jobProgress(job)}
                            status={job.status}
                            label={`Progress of ${importJobName(job)}`}
                          />
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">
                          {job.status === 'successful'
                            ? job.rows_imported.toLocaleString('en-GB')
                            : (job.rows_processed ?? 0).toLocaleString('en-GB')}{' '}
                          / {job.rows_total.toLocaleString('en-GB')}
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                          {dateTime.format(new Date(job.created_at))}
                        </td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
