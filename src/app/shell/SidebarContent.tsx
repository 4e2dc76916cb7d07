import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { accountFilter, listAll } from '../../lib/api.ts';
import { loadSchemas } from '../../lib/schemas.ts';
import { $isRoot, $role, $selectedAccount, $selectedAccountId } from '../../stores/account.ts';
import { can, roleAtLeast, type Role } from '../../shared/access.ts';
import { SIDEBAR_SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import type { Measurement } from '../../shared/schemas/measurement.ts';
import { ADMIN_MENUS, capitalise, findRoute, paths, type SidebarKind } from '../routes.ts';
import MeasurementSections from '../features/measurements/MeasurementSections.tsx';
import { ErrorPlaceholder } from '../shared/ErrorPlaceholder.tsx';
import { Spinner } from '../shared/Spinner.tsx';

/** A sidebar entry (spec §3 "Sidebar item"). */
export interface SidebarItem {
  id: string;
  name: string;
  path: string;
  isViewable: boolean;
  isCurrent: boolean;
  role?: Role;
  isExternal?: boolean;
  options?: SidebarItem[];
}

function ItemLink({ item, indent = false }: { item: SidebarItem; indent?: boolean }) {
  if (!item.isViewable) return null;
  const cls = `block truncate rounded-md px-3 py-1.5 text-sm no-underline ${indent ? 'ml-3' : ''} ${
    item.isCurrent ? 'bg-primary-faded-2 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-100'
  }`;
  return item.isExternal ? (
    <a href={item.path} className={cls} target="_blank" rel="noopener noreferrer">
      {item.name}
    </a>
  ) : (
    <Link href={item.path} className={cls} aria-current={item.isCurrent ? 'page' : undefined}>
      {item.name}
    </Link>
  );
}

function Group({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <div className="mb-4 px-2" role="group" aria-labelledby={id}>
      <h2 id={id} className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      {children}
    </div>
  );
}

/** 'Return to Measurement' when the page carries a back query (spec §2). */
function ReturnToMeasurement() {
  const search = useSearch();
  const back = new URLSearchParams(search).get('back');
  if (!back) return null;
  const href = back.startsWith('/') ? back : paths.measurement(back);
  return (
    <div className="mb-3 px-2">
      <Link
        href={href}
        className="flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-800 no-underline hover:bg-slate-100"
      >
        <span aria-hidden="true">←</span> {messages.shell.returnToMeasurement}
      </Link>
    </div>
  );
}

const STATUS_ORDER = ['live', 'paused', 'draft', 'completed'] as const;

/** The measurements of the selected account as a searchable tree, grouped by status. */
function MeasurementTree() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const role = useStore($role);
  const [location] = useLocation();
  const [rows, setRows] = useState<Measurement[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState('');
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set(['completed']));

  useEffect(() => {
    const timer = setTimeout(() => setFilter(term.trim().toLowerCase()), SIDEBAR_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  useEffect(() => {
    if (!accountId || !account?.feature_flags.lamp_access) return;
    let live = true;
    setRows(null);
    setError(null);
    void loadSchemas()
      .then(({ measurementRow }) =>
        listAll('measurement', { account: accountFilter(accountId), sort: 'asc(name),asc(id)' }, measurementRow),
      )
      .then((data) => live && setRows(data))
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [accountId, account?.feature_flags.lamp_access]);

  if (!account?.feature_flags.lamp_access) return null;
  if (error)
    return (
      <div className="px-3">
        <ErrorPlaceholder name="measurements" error={error} />
      </div>
    );
  if (!rows) return <Spinner className="m-4" label="Loading measurements" />;

  const current = location.match(/^\/measurements\/([0-9a-f]{24})/)?.[1];
  const matching = filter ? rows.filter((m) => m.name.toLowerCase().includes(filter)) : rows;
  return (
    <div className="px-2">
      <div className="mb-2 flex items-center justify-between px-3">
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Measurements</h2>
        {role && can(role, 'measurement.write') ? (
          <Link href={paths.measurementCreate()} className="text-xs font-medium">
            + New
          </Link>
        ) : null}
      </div>
      <label className="mb-2 block px-1">
        <span className="sr-only">Filter measurements</span>
        <input
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Filter measurements"
          className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm placeholder:text-slate-500"
        />
      </label>
      {matching.length === 0 ? <p className="px-3 py-2 text-sm text-slate-600">No measurements</p> : null}
      <ul aria-label="Measurements by status">
        {STATUS_ORDER.map((status) => {
          const group = matching.filter((m) => m.status === status);
          if (!group.length) return null;
          const open = filter !== '' || !closed.has(status);
          return (
            <li key={status}>
              <button
                type="button"
                aria-expanded={open}
                onClick={() => {
                  const next = new Set(closed);
                  if (next.has(status)) next.delete(status);
                  else next.add(status);
                  setClosed(next);
                }}
                className="flex w-full items-center gap-1 rounded-md px-2 py-1.5 text-left text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                <span
                  aria-hidden="true"
                  className={`inline-block w-3 text-xs text-slate-500 transition-transform ${open ? 'rotate-90' : ''}`}
                >
                  ▶
                </span>
                {capitalise(status)}
                <span className="ml-auto text-xs font-normal text-slate-500">{group.length}</span>
              </button>
              {open ? (
                <ul>
                  {group.map((m) => (
                    <li key={m.id}>
                      <ItemLink
                        indent
                        item={{
                          id: m.id,
                          name: m.name,
                          path: paths.measurement(m.id),
                          isViewable: true,
                          isCurrent: m.id === current,
                        }}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Reports: the main reports, saved reports of the selected account, 'Back to main reports'. */
function ReportsMenu() {
  const accountId = useStore($selectedAccountId);
  const [location] = useLocation();
  const [saved, setSaved] = useState<{ id: string; name: string }[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!accountId) return;
    let live = true;
    void loadSchemas()
      .then(({ schemaFor }) =>
        listAll<{ id: string; name: string }>(
          'saved-report',
          { account: accountId, sort: 'asc(name),asc(id)' },
          schemaFor('saved-report') as never,
        ),
      )
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

const ADMIN_TITLES: Record<string, string> = { 'name-mapping': 'Name Mapping' };

/** The Account Admin Menu, and the Global Admin Menu for root users (spec §2). */
function AdminMenu() {
  const role = useStore($role) ?? 'read';
  const isRoot = useStore($isRoot);
  const selected = useStore($selectedAccount);
  const [location] = useLocation();
  const item = (section: string): SidebarItem => {
    const path = paths.adminSection(section);
    const required = findRoute(path).route.access.role ?? 'read';
    return {
      id: section,
      name: ADMIN_TITLES[section] ?? capitalise(section),
      path,
      role: required,
      isViewable: roleAtLeast(role, required),
      isCurrent: location === path || location.startsWith(`${path}/`),
    };
  };
  return (
    <>
      <Group title="Account Admin Menu" id="sidebar-account-admin">
        {/* It acts on the selected account, whichever it is (decisions.md §3). */}
        <p className="mb-1 truncate px-3 text-sm font-medium text-slate-900" data-testid="admin-menu-account">
          {selected?.name}
        </p>
        {ADMIN_MENUS.account.map((section) => (
          <ItemLink key={section} item={item(section)} />
        ))}
      </Group>
      {isRoot ? (
        <Group title="Global Admin Menu" id="sidebar-global-admin">
          {ADMIN_MENUS.global.map((section) => (
            <ItemLink key={section} item={item(section)} />
          ))}
        </Group>
      ) : null}
    </>
  );
}

function LinkList({ title, id, links }: { title: string; id: string; links: { name: string; path: string }[] }) {
  const [location] = useLocation();
  return (
    <Group title={title} id={id}>
      {links.map((link) => (
        <ItemLink
          key={link.path}
          item={{
            id: link.path,
            name: link.name,
            path: link.path,
            isViewable: true,
            isCurrent: location === link.path,
          }}
        />
      ))}
    </Group>
  );
}

export default function SidebarContent({ kind }: { kind: Exclude<SidebarKind, 'none'> }) {
  return (
    <nav aria-label="Section">
      <ReturnToMeasurement />
      {kind === 'measurements' ? <MeasurementSections /> : null}
      {kind === 'measurements' ? <MeasurementTree /> : null}
      {kind === 'reports' ? <ReportsMenu /> : null}
      {kind === 'admin' ? <AdminMenu /> : null}
      {kind === 'spotlight' ? (
        <LinkList
          title="Spotlight"
          id="sidebar-spotlight"
          links={[
            { name: 'Dashboard', path: paths.spotlight() },
            { name: 'Studies', path: paths.spotlightStudies() },
            { name: 'Assets', path: paths.spotlightAssets() },
          ]}
        />
      ) : null}
      {kind === 'activations' ? (
        <LinkList
          title="Activations"
          id="sidebar-activations"
          links={[
            { name: 'Activations', path: paths.activations() },
            { name: 'Domain Lists', path: paths.domainLists() },
          ]}
        />
      ) : null}
    </nav>
  );
}
