/**
 * The reports sidebar (spec §2): the main reports, the selected account's saved reports, and
 * 'Back to main reports' on saved-report pages. The shell renders 'Return to Measurement' above it
 * when the page carries a back query.
 */
import { useStore } from '@nanostores/react';
import { Link, useLocation } from 'wouter';
import { messages } from '../../../shared/messages.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { findRoute, paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { Spinner } from '../../shared/Spinner.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { fetchSavedReports } from './api.ts';
import { $savedReportsVersion } from './savedReportsVersion.ts';

function Item({ href, name, current }: { href: string; name: string; current: boolean }) {
  return (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={`block truncate rounded-md px-3 py-1.5 text-sm no-underline ${
          current ? 'bg-primary-faded-2 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        {name}
      </Link>
    </li>
  );
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
      {children}
    </h2>
  );
}

export default function ReportsSidebar() {
  const account = useStore($selectedAccountId);
  const version = useStore($savedReportsVersion);
  const [location] = useLocation();
  const saved = useAsync(() => (account ? fetchSavedReports(account) : Promise.resolve([])), `${account}:${version}`);
  const here = findRoute(location);
  const onSaved = here.route.id.startsWith('reports.saved');
  const currentName = here.route.id === 'reports.saved.detail' ? (here.params.name ?? null) : null;
  return (
    <>
      <div className="mb-4 px-2" role="group" aria-labelledby="sidebar-reports">
        <Heading id="sidebar-reports">Reports</Heading>
        <ul>
          {onSaved ? (
            <Item href={paths.reports()} name={messages.shell.backToMainReports} current={false} />
          ) : (
            <Item href={paths.reports()} name="Reports" current={location === paths.reports()} />
          )}
          <Item
            href={paths.savedReports()}
            name={messages.shell.savedReports}
            current={location === paths.savedReports()}
          />
        </ul>
      </div>
      <div className="mb-4 px-2" role="group" aria-labelledby="sidebar-saved-reports">
        <Heading id="sidebar-saved-reports">{messages.shell.savedReports}</Heading>
        {saved.error ? (
          <ErrorPlaceholder name="saved reports" error={saved.error} />
        ) : !saved.data ? (
          <Spinner className="mx-3" label="Loading saved reports" />
        ) : saved.data.length === 0 ? (
          <p className="px-3 text-sm text-slate-600">No saved reports yet</p>
        ) : (
          <ul aria-label="Saved reports of this account">
            {saved.data.map((report) => (
              <Item
                key={report.id}
                href={paths.savedReport(report.name, { id: report.id })}
                name={report.name}
                current={currentName === report.name}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
