/** /reports: the report builder of the selected account (decisions.md §6). */
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../routes/index.ts';
import { Button } from '../../shared/Button.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { NameDialog } from './NameDialog.tsx';
import { ReportBuilder } from './ReportBuilder.tsx';
import { createSavedReport } from './savedReports.ts';
import type { ReportState } from './state.ts';

export default function ReportsPage() {
  usePageTitle('Reports');
  const search = useSearch();
  const [, navigate] = useLocation();
  const [saving, setSaving] = useState<ReportState | null>(null);
  return (
    <>
      <ReportBuilder
        title="Reports"
        search={search}
        keep={['back']}
        onSearch={(next) => navigate(paths.reports() + (next ? `?${next}` : ''), { replace: true })}
        actions={(state) => (
          <Button onClick={() => setSaving(state)} disabled={!state.account}>
            Save report
          </Button>
        )}
      />
      <NameDialog
        isOpen={saving !== null}
        title="Save report"
        submitLabel="Save"
        onClose={() => setSaving(null)}
        onSubmit={async (name) => {
          if (!saving?.account) return;
          const row = await createSavedReport(name, saving, saving.account);
          setSaving(null);
          showSuccess(`Saved report '${row.name}'`);
          navigate(paths.savedReport(row.name, { id: row.id }));
        }}
      />
    </>
  );
}
