/**
 * /measurements/{id}/data-imports: the measurement's import jobs, newest first, with status
 * colours and progress. While any job is queued or running the list refreshes itself every 5 s
 * (spec §9 auto refresh); it stops once every job has finished.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { $role } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { importJobName } from '../../../shared/import-job-name.ts';
import type { ImportJob } from '../../../shared/schemas/index.ts';
import { dateColumn, linkColumn, statusColumn } from '../../kit/columns.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { NewLink } from '../../kit/ListHeader.tsx';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { resourceListSpec, useResourceList } from '../../kit/useResourceList.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useMeasurement } from './data.ts';
import { ImportStatusBadge } from '../../shared/Badge.tsx';
import { isActive, jobProgress, ProgressBar, useAutoRefresh } from './importJobs.tsx';

const spec = resourceListSpec('import-job', 'data imports', { id: 'created_at', direction: 'desc' });

const rowsDone = (job: ImportJob) => (job.status === 'successful' ? job.rows_imported : (job.rows_processed ?? 0));

function columnsFor(measurementId: string): Column<ImportJob>[] {
  return [
    linkColumn<ImportJob>({
      id: 'file',
      header: 'File',
      sortField: 'file_name',
      text: importJobName,
      href: (job) => paths.measurementDataImport(measurementId, job.id),
      look: 'strong',
    }),
    statusColumn(ImportStatusBadge),
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
    dateColumn('created_at', 'Started', { time: true, firstDirection: 'desc' }),
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
  useAutoRefresh(active, jobs.reload);

  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;

  return (
    <div className="space-y-6">
      <PageHeader title="Data imports">
        <NewLink href={paths.measurementDataImportCreate(id)} show={!!role && can(role, 'measurement.write')}>
          New import
        </NewLink>
      </PageHeader>
      <p className="text-sm text-slate-600" aria-live="polite">
        {active
          ? 'Imports in progress: this list refreshes every 5 seconds.'
          : 'Delivery exports from walled gardens and social platforms, added to this measurement’s figures.'}
      </p>
      <ListView
        list={jobs}
        columns={columns}
        search
        csv
        caption="Import jobs of this measurement"
        rowTestId="import-job-row"
        empty={emptyWhen('data imports', {
          title: 'No data imports yet',
          body: 'Upload a platform delivery export to add its impressions and spend to this measurement.',
        })}
      />
    </div>
  );
}
