/** /reports: the report builder of the selected account (decisions.md §6). */
import { lazy, Suspense, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths, routeById } from '../../routes/index.ts';
import { Button } from '../../shared/Button.tsx';
import { showSuccess } from '../../../stores/alerts.ts';
import { ReportBuilder } from './ReportBuilder.tsx';
import { createSavedReport } from './savedReports.ts';
import { canSaveReport, CHOOSE_FIRST, type ReportState } from '../../../shared/report-state.ts';

/** The save dialog's modal code loads when someone saves, not with the report. */
const NameDialog = lazy(() => import('./NameDialog.tsx').then((m) => ({ default: m.NameDialog })));

/**
 * The builder's route: its title and its line on what it does (painted first from the HTML
 * too). The shell already makes the route's title the document's.
 */
const ROUTE = routeById('reports');

export default function ReportsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [saving, setSaving] = useState<ReportState | null>(null);
  return (
    <>
      <ReportBuilder
        title={ROUTE.title}
        subtitle={ROUTE.intro}
        search={search}
        keep={['back']}
        onSearch={(next) => navigate(paths.reports() + (next ? `?${next}` : ''), { replace: true })}
        actions={(state) => (
          <Button
            onClick={() => setSaving(state)}
            disabled={!canSaveReport(state)}
            title={canSaveReport(state) ? undefined : CHOOSE_FIRST}
          >
            Save report
          </Button>
        )}
      />
      {saving ? (
        <Suspense fallback={null}>
          <NameDialog
            isOpen
            title="Save report"
            submitLabel="Save"
            onClose={() => setSaving(null)}
            onSubmit={async (name) => {
              if (!saving.account) return;
              const row = await createSavedReport(name, saving, saving.account);
              setSaving(null);
              showSuccess(`Saved report '${row.name}'`);
              navigate(paths.savedReport(row.name, { id: row.id }));
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
