/** The reports pages' sidebar section (until the reports feature declares its own). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { listAll } from '../../../lib/api.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../routes.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { Group, ItemLink } from '../../shared/SidebarParts.tsx';
import { Spinner } from '../../shared/Spinner.tsx';

/** Reports: the main reports, saved reports of the selected account, 'Back to main reports'. */
export default function ReportsMenu() {
  const accountId = useStore($selectedAccountId);
  const [location] = useLocation();
  const [saved, setSaved] = useState<{ id: string; name: string }[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!accountId) return;
    let live = true;
    void listAll('saved-report', { account: accountId, sort: 'asc(name),asc(id)' })
      .then((rows) => live && setSaved(rows))
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [accountId]);
  const onSaved = location.startsWith('/reports/saved');
  return (
    <>
      <Group title="Reports" id="sidebar-reports">
        {onSaved ? (
          <ItemLink
            item={{
              id: 'back',
              name: messages.shell.backToMainReports,
              path: paths.reports(),
              isViewable: true,
              isCurrent: false,
            }}
          />
        ) : (
          <ItemLink
            item={{
              id: 'reports',
              name: 'Reports',
              path: paths.reports(),
              isViewable: true,
              isCurrent: location === '/reports',
            }}
          />
        )}
        <ItemLink
          item={{
            id: 'saved',
            name: messages.shell.savedReports,
            path: paths.savedReports(),
            isViewable: true,
            isCurrent: location === '/reports/saved',
          }}
        />
      </Group>
      <Group title={messages.shell.savedReports} id="sidebar-saved-reports">
        {error ? (
          <ErrorPlaceholder name="saved reports" error={error} />
        ) : !saved ? (
          <Spinner className="mx-3" label="Loading saved reports" />
        ) : saved.length === 0 ? (
          <p className="px-3 text-sm text-slate-600">No saved reports yet</p>
        ) : (
          saved.map((report) => {
            const path = paths.savedReport(report.name, { id: report.id });
            return (
              <ItemLink
                key={report.id}
                item={{
                  id: report.id,
                  name: report.name,
                  path,
                  isViewable: true,
                  isCurrent: location === path.split('?')[0],
                }}
              />
            );
          })
        )}
      </Group>
    </>
  );
}
