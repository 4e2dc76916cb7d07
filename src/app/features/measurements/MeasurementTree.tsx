/**
 * The measurements of the selected account as a searchable tree grouped by status: the sidebar
 * section of the measurement pages (declared in src/app/sidebars.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { accountOwners, listAll, onResourceWritten } from '../../../lib/api.ts';
import { whenIdle } from '../../../lib/idle.ts';
import { $role, $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { SIDEBAR_SEARCH_DEBOUNCE_MS } from '../../../shared/constants.ts';
import type { Measurement } from '../../../shared/schemas/measurement.ts';
import { MEASUREMENT_STATUS_ORDER, measurementStatusLabel } from '../../../shared/measurement-status.ts';
import { paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { ItemLink } from '../../shared/SidebarParts.tsx';
import { Spinner } from '../../shared/Spinner.tsx';
import { BY_NAME, listQuery } from '../../../shared/list-query-text.ts';

const STATUS_ORDER = MEASUREMENT_STATUS_ORDER;

/** The measurements of the selected account as a searchable tree, grouped by status. */
export default function MeasurementTree() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const role = useStore($role);
  const [location] = useLocation();
  const [rows, setRows] = useState<Measurement[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState('');
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set(['completed']));
  // A measurement created, renamed or deleted in this tab: the tree loads again, so the person
  // finds it beside the page at once (a new measurement was 'No measurements' here).
  const [writes, setWrites] = useState(0);
  const shownFor = useRef<string | null>(null);
  useEffect(() => onResourceWritten((resource) => resource === 'measurement' && setWrites((n) => n + 1)), []);

  useEffect(() => {
    const timer = setTimeout(() => setFilter(term.trim().toLowerCase()), SIDEBAR_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  useEffect(() => {
    if (!accountId || !account?.feature_flags.lamp_access) return;
    let live = true;
    // Another account's tree goes at once; a reload after a write keeps this one until it is back.
    if (shownFor.current !== accountId) setRows(null);
    shownFor.current = accountId;
    setError(null);
    // The tree is beside the page, not the page: its (full) list loads once the page has started.
    const cancel = whenIdle(() => {
      void listAll('measurement', listQuery('measurement', { account: accountOwners(accountId), sort: BY_NAME }))
        .then((data) => live && setRows(data))
        .catch((e: unknown) => live && setError(e));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [accountId, account?.feature_flags.lamp_access, writes]);

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
                {measurementStatusLabel(status)}
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
