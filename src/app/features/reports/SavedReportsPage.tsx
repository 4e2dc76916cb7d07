/** /reports/saved: the saved reports of the selected account. */
import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { RELATIVE_DATE_LABELS } from '../../../shared/reports.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { paths } from '../../routes.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { formatDay } from '../../shared/metrics/dateRange.ts';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { TableHead } from '../../shared/TableHead.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { fetchSavedReports } from './api.ts';
import { $savedReportsVersion } from './savedReportsVersion.ts';

export default function SavedReportsPage() {
  usePageTitle('Saved Reports');
  const account = useStore($selectedAccountId);
  const version = useStore($savedReportsVersion);
  const reports = useAsync(
    () => (account ? fetchSavedReports(account) : Promise.resolve(null)),
    `${account}:${version}`,
  );
  return (
    <div>
      <PageHeader title="Saved Reports">
        <Link href={paths.reports()} className="text-sm font-medium">
          New report
        </Link>
      </PageHeader>
      {reports.error ? (
        <ErrorPlaceholder name="saved reports" error={reports.error} />
      ) : !reports.data ? (
        <Skeleton className="h-48 w-full" />
      ) : reports.data.length === 0 ? (
        <EmptyState title="No saved reports yet">Build a report and choose ‘Save report’ to keep it here.</EmptyState>
      ) : (
        <Card>
          <div className="relative -mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full min-w-[560px] text-left text-sm">
              <caption className="sr-only">Saved reports of this account</caption>
              <TableHead columns={['Name', 'Dates', 'Measurements', 'Measured only']} />
              <tbody>
                {reports.data.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="px-4 py-2 font-medium sm:pl-0">
                      <Link href={paths.savedReport(r.name, { id: r.id })}>{r.name}</Link>
                    </th>
                    <td className="px-4 py-2 text-slate-700">
                      {r.relative_date
                        ? RELATIVE_DATE_LABELS[r.relative_date]
                        : r.start_date && r.end_date
                          ? `${formatDay(r.start_date)} – ${formatDay(r.end_date)}`
                          : '—'}
                    </td>
                    <td className="px-4 py-2 tabular-nums text-slate-700">
                      {r.measurements.length ? r.measurements.length : 'All'}
                      {r.labels.length ? ` · ${r.labels.length} label${r.labels.length === 1 ? '' : 's'}` : ''}
                    </td>
                    <td className="px-4 py-2 text-slate-700">{r.measured ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </div>
  );
}
