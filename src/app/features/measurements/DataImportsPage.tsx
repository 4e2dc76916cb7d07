/**
 * /measurements/{id}/data-imports: the measurement's import jobs, newest first, with status
 * colours and progress. While any job is queued or running the list refreshes itself every 5 s
 * (spec §9 auto refresh); it stops once every job has finished.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { $role } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { AUTO_REFRESH_MS } from '../../../shared/constants.ts';
import { formatDateTime } from '../../../shared/date-format.ts';
import { importJobName } from '../../../shared/import-job-name.ts';
import { resources, type ImportJob } from '../../../shared/schemas/index.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { useResourceList, type ResourceListSpec } from '../../kit/useResourceList.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths } from '../../routes/index.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useMeasurement } from './data.ts';
import { ImportStatusBadge } from './ui.tsx';
import { isActive, jobProgress, ProgressBar } from './importJobs.tsx';

const spec: ResourceListSpec<'import-job'> = {
  resource: 'import-job',
  noun: 'data imports',
  sortFields: resources['import-job'].sortFields,
  defaultSort: { id: 'created_at', direction: 'desc' },
};

const rowsDone = (job: ImportJob) => (job.status === 'successful' ? job.rows_imported : (job.rows_processed ?? 0));

function columnsFor(measurementId: string): Column<ImportJob>[] {
  return [
    {
      id: 'file',
      header: 'File',
      sortField: 'file_name',
      csv: (job) => importJobName(job),
      cell: (job) => (
        <Link
          href={paths.measurementDataImport(measurementId, job.id)}
          className="font-medium text-slate-900 no-underline hover:underline"
        >
          {importJobName(job)}
        </Link>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      csv: (job) => job.status,
      cell: (job) => <ImportStatusBadge status={job.status} />,
    },
    {
      id: 'progress',
      header: 'Progress',
      wide: true,
      cell: (job) => (
        <div className="w-48">
          <ProgressBar value={jobProgress(job)} status={job.status} label={`Progress of ${importJobName(job)}`} />
        </div>
      ),
    },
    {
      id: 'rows',
      header: 'Rows',
      align: 'right',
      nowrap: true,
      csv: (job) => rowsDone(job),
      cell: (job) => `${rowsDone(job).toLocaleString('en-GB')} / ${job.rows_total.toLocaleString('en-GB')}`,
    },
    {
      id: 'started',
      header: 'Started',
      sortField: 'created_at',
      firstDirection: 'desc',
      nowrap: true,
      csv: (job) => job.created_at,
      cell: (job) => formatDateTime(job.created_at),
    },
  ];
}

export default function DataImportsPage({ params }: PageProps) {
  const id = params.measurementId ?? '';
  const measurement = useMeasurement(id);
  usePageTitle(measurement.data ? `Data Imports · ${measurement.data.name}` : 'Data Imports');
  const role = useStore($role);
  const account = measurement.data?.account;
  const base = useMemo(() => (account ? { measurement: [id], account: [account] } : null), [id, account]);
  const jobs = useResourceList(spec, base);
  const columns = useMemo(() => columnsFor(id), [id]);
  const active = jobs.rows.some(isActive);
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
      <ListView
        list={jobs}
        columns={columns}
        rowLabel={importJobName}
        search="Search data imports"
        csv="data-imports"
        caption="Import jobs of this measurement"
        rowTestId="import-job-row"
        empty={(filtered) =>
          filtered
            ? { title: 'No data imports match', body: 'Change the search to see more.' }
            : {
                title: 'No data imports yet',
                body: 'Upload a platform delivery export to add its impressions and spend to this measurement.',
              }
        }
      />
    </div>
  );
}
