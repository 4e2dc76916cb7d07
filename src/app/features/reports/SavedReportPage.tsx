/**
 * /reports/saved/{name}: a saved report of the selected account, opened by its name (unique in the
 * account); values in the query override the saved ones (decisions.md §6). Update saves what is
 * shown into it; Rename and Delete change the report itself. Those and the schedule's buttons show
 * only to whoever may change the report (its maker, or an admin: the row rule the server enforces). The report is read by id as well as
 * listed, so each change is sent with the version shown (someone else's save meanwhile asks the
 * conflict dialog instead of being overwritten). Below the report, its e-mail schedule.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { $selectedAccountId } from '../../../stores/account.ts';
import { $currentUser } from '../../../stores/session.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths } from '../../routes/index.ts';
import { Button } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { useCanWriteRow } from '../../kit/useCanWriteRow.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { fetchSavedReport, fetchSavedReports } from './api.ts';
import { NameDialog } from './NameDialog.tsx';
import { ReportBuilder } from './ReportBuilder.tsx';
import { deleteSavedReport, renameSavedReport, updateSavedReport } from './savedReports.ts';
import { $savedReportsVersion } from './savedReportsVersion.ts';
import { ScheduleSection } from './ScheduleSection.tsx';
import { canSaveReport, CHOOSE_FIRST, savedReportSearch } from '../../../shared/report-state.ts';

export default function SavedReportPage({ params }: PageProps) {
  const name = params.name ?? '';
  usePageTitle(name || 'Saved Report');
  const search = useSearch();
  const [, navigate] = useLocation();
  const selected = useStore($selectedAccountId);
  const account = new URLSearchParams(search).get('account') ?? selected;
  const version = useStore($savedReportsVersion);
  const me = useStore($currentUser)?.email ?? '';
  // The server's row rule: a colleague's report is read here, changed only by its maker or an admin.
  const canWrite = useCanWriteRow('saved-report');
  const reports = useAsync(
    () => (account ? fetchSavedReports(account) : Promise.resolve(null)),
    `saved:${account}:${version}`,
  );
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const wanted = name.trim().toLocaleLowerCase('en-GB');
  const listed =
    reports.data?.find((r) => r.name === name) ??
    reports.data?.find((r) => r.name.trim().toLocaleLowerCase('en-GB') === wanted);
  // The report itself, read by id after each change: what the page shows is the version it saves over.
  const stored = useAsync(() => fetchSavedReport(listed!.id), listed ? `saved-report:${listed.id}:${version}` : null);

  if (reports.error) return <ErrorPlaceholder name="saved report" error={reports.error} />;
  if (!reports.data) return <Skeleton className="h-64 w-full" />;
  if (!listed)
    return <ErrorPlaceholder name="saved report" error={`There is no saved report called '${name}' in this account`} />;
  if (stored.error) return <ErrorPlaceholder name="saved report" error={stored.error} />;
  const saved = stored.data?.id === listed.id ? stored.data : null;
  if (!saved) return <Skeleton className="h-64 w-full" />;

  const effective = savedReportSearch(saved, search);
  const open = (reportName: string, query?: string) =>
    navigate(paths.savedReport(reportName) + (query ? `?${query}` : ''), { replace: true });
  // Someone else changed the report: show it as stored, without this page's unsaved choices.
  const write = {
    onReload: () => {
      reports.reload();
      stored.reload();
      open(saved.name);
    },
  };

  return (
    <>
      <ReportBuilder
        title={saved.name}
        subtitle="Saved report"
        search={effective}
        keep={['back', 'id']}
        onSearch={(next) => open(saved.name, next)}
        actions={(state) =>
          canWrite(saved) ? (
            <>
              <Button
                disabled={busy || !canSaveReport(state)}
                title={canSaveReport(state) ? undefined : CHOOSE_FIRST}
                onClick={() => {
                  setBusy(true);
                  updateSavedReport(saved.id, state, saved.account, write).then(
                    () => {
                      setBusy(false);
                      showSuccess(`Saved report '${saved.name}' updated`);
                    },
                    (error: unknown) => {
                      setBusy(false);
                      showError(error);
                    },
                  );
                }}
              >
                Update
              </Button>
              <Button variant="secondary" onClick={() => setDialog('rename')}>
                Rename
              </Button>
              <Button variant="secondary" onClick={() => setDialog('delete')}>
                Delete
              </Button>
            </>
          ) : null
        }
      />
      <ScheduleSection report={saved.id} account={saved.account} me={me} canChange={canWrite(saved)} />
      <NameDialog
        isOpen={dialog === 'rename'}
        title="Rename saved report"
        submitLabel="Rename"
        initial={saved.name}
        onClose={() => setDialog(null)}
        onSubmit={async (next) => {
          const row = await renameSavedReport(saved.id, next, write);
          setDialog(null);
          showSuccess(`Renamed to '${row.name}'`);
          navigate(paths.savedReport(row.name) + `?${new URLSearchParams(search).toString()}`, { replace: true });
        }}
      />
      <Modal isOpen={dialog === 'delete'} onClose={() => setDialog(null)} title="Delete saved report">
        <div className="space-y-4 p-5">
          <p className="text-sm text-slate-700">
            Delete the saved report ‘{saved.name}’? The measurements and their figures stay as they are.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                deleteSavedReport(saved.id, write).then(
                  () => {
                    setBusy(false);
                    setDialog(null);
                    showSuccess(`Deleted saved report '${saved.name}'`);
                    navigate(paths.savedReports());
                  },
                  (error: unknown) => {
                    setBusy(false);
                    setDialog(null);
                    showError(error);
                  },
                );
              }}
            >
              Delete
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
