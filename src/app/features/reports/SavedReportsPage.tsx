/**
 * /reports/saved: the saved reports of the selected account (the kit's ListView: search, sort and
 * page in the URL). Whoever may change a report renames or deletes it from its row, under the
 * same name rule as the report's own page (unique in the account, refused on the name field). A
 * column says which reports are sent by e-mail, and when.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { isConflict, listAll } from '../../../lib/api.ts';
import { formatDateRange } from '../../../shared/date-format.ts';
import { RELATIVE_DATE_LABELS } from '../../../shared/reports.ts';
import type { ReportSchedule, SavedReport } from '../../../shared/schemas/index.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { linkColumn } from '../../kit/columns.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { RowButton } from '../../kit/RowButton.tsx';
import { useCanWriteRow } from '../../kit/useCanWriteRow.ts';
import { resourceListSpec, useResourceList } from '../../kit/useResourceList.ts';
import { paths } from '../../routes/index.ts';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { NameDialog } from './NameDialog.tsx';
import { describeSchedule } from './ScheduleSection.tsx';
import { deleteListedReport, renameListedReport } from './savedReports.ts';
import { $savedReportsVersion } from './savedReportsVersion.ts';

const spec = resourceListSpec('saved-report', 'saved reports', { id: 'name', direction: 'asc' });

const columns: Column<SavedReport>[] = [
  linkColumn({ text: (r) => r.name, href: (r) => paths.savedReport(r.name, { id: r.id }), rowHeader: true }),
  {
    id: 'dates',
    header: 'Dates',
    sortField: 'start_date',
    csv: (r) =>
      r.relative_date ? r.relative_date : r.start_date && r.end_date ? `${r.start_date} – ${r.end_date}` : null,
    cell: (r) =>
      r.relative_date
        ? RELATIVE_DATE_LABELS[r.relative_date]
        : r.start_date && r.end_date
          ? formatDateRange(r.start_date, r.end_date)
          : '—',
  },
  {
    id: 'measurements',
    header: 'Measurements',
    csv: (r) => r.measurements.length || 'All',
    cell: (r) =>
      `${r.measurements.length ? r.measurements.length : 'All'}${
        r.labels.length ? ` · ${r.labels.length} label${r.labels.length === 1 ? '' : 's'}` : ''
      }`,
  },
  {
    id: 'measured',
    header: 'Measured only',
    csv: (r) => (r.measured ? 'Yes' : 'No'),
    cell: (r) => (r.measured ? 'Yes' : 'No'),
  },
];

/** Which reports are sent by e-mail: each schedule in words, or that it is paused. */
function scheduleColumn(schedules: readonly ReportSchedule[]): Column<SavedReport> {
  const byReport = Map.groupBy(schedules, (row) => row.report);
  const text = (r: SavedReport) => {
    const own = byReport.get(r.id);
    if (!own) return null;
    return own
      .map((schedule) => (schedule.paused ? `Paused: ${describeSchedule(schedule)}` : describeSchedule(schedule)))
      .join('; ');
  };
  return { id: 'schedule', header: 'Schedule', csv: text, cell: (r) => text(r) ?? '—' };
}

export default function SavedReportsPage() {
  usePageTitle('Saved Reports');
  const account = useStore($selectedAccountId);
  const base = useMemo(() => (account ? { account: [account] } : null), [account]);
  const reports = useResourceList(spec, base);
  const schedules = useAsync(
    () => (account ? listAll('report-schedule', { account }) : Promise.resolve([])),
    `report-schedules:${account}`,
  );
  const shown = useMemo(() => [...columns, scheduleColumn(schedules.data ?? [])], [schedules.data]);
  const canWrite = useCanWriteRow('saved-report');
  const [renaming, setRenaming] = useState<SavedReport | null>(null);
  const [deleting, setDeleting] = useState<SavedReport | null>(null);
  const [busy, setBusy] = useState(false);

  // A report saved, renamed or deleted elsewhere (the builder, the sidebar) shows here at once.
  const version = useStore($savedReportsVersion);
  const seen = useRef(version);
  const { reload } = reports;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    reload();
  }, [version, reload]);

  const write = { onReload: reload };
  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteListedReport(deleting, write);
      showSuccess(`Deleted saved report '${deleting.name}'`);
      setDeleting(null);
    } catch (error) {
      // Answered in the conflict dialog: Reload shows the list again, Cancel keeps this dialog open.
      if (isConflict(error) && error.choice) {
        if (error.choice === 'reload') setDeleting(null);
        return;
      }
      setDeleting(null);
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader title="Saved Reports">
        <Link href={paths.reports()} className="text-sm font-medium">
          New report
        </Link>
      </PageHeader>
      <ListView
        list={reports}
        columns={shown}
        search
        csv
        caption="Saved reports of this account"
        // A reader among colleagues' reports has nothing to do with them: no empty Actions column.
        rowActions={
          reports.rows.some(canWrite)
            ? (r) =>
                canWrite(r) ? (
                  <>
                    <RowButton action="Rename" name={r.name} onPress={() => setRenaming(r)} />
                    <RowButton action="Delete" name={r.name} tone="danger" onPress={() => setDeleting(r)} />
                  </>
                ) : null
            : undefined
        }
        empty={emptyWhen('saved reports', {
          title: 'No saved reports yet',
          body: 'Build a report and choose ‘Save report’ to keep it here.',
        })}
      />
      <NameDialog
        isOpen={renaming !== null}
        title="Rename saved report"
        submitLabel="Rename"
        initial={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSubmit={async (next) => {
          if (!renaming) return;
          const row = await renameListedReport(renaming, next, write);
          setRenaming(null);
          showSuccess(`Renamed to '${row.name}'`);
        }}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete saved report"
        confirmLabel="Delete"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the saved report ‘{deleting?.name}’? The measurements and their figures stay as they are.
      </ConfirmDialog>
    </div>
  );
}
