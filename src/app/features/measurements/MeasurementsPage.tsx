/**
 * /measurements: the account's measurements with server-side paging, sorting, search and filters
 * (status, channel, flight dates). Paging, sorting and filters live in the URL query, so a list
 * can be shared and survives reload; each row opens its dashboard.
 */
import { MEASUREMENT_STATUS_ORDER } from '../../../shared/schemas/measurement.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { accountFilter, getOne, list, sortQuery } from '../../../lib/api.ts';
import { $role, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import { paths } from '../../routes.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { useNamedList } from './data.ts';
import { formatDay } from '../../shared/metrics/dateRange.ts';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { stillShown } from '../../shared/stillShown.ts';
import { MeasurementStatusBadge } from './ui.tsx';
import { Pager } from '../../kit/Pager.tsx';

export const PAGE_SIZES = [10, 25, 50] as const;
const STATUSES = MEASUREMENT_STATUS_ORDER;

type SortField = 'name' | 'status' | 'start_date' | 'impressions' | 'apm';
const COLUMNS: { field: SortField | null; label: string; numeric?: boolean }[] = [
  { field: 'name', label: 'Name' },
  { field: 'status', label: 'Status' },
  { field: 'start_date', label: 'Flight dates' },
  { field: null, label: 'Channels' },
  { field: 'impressions', label: 'Impressions', numeric: true },
  { field: 'apm', label: 'APM', numeric: true },
];

interface ListState {
  search: string;
  status: string;
  channel: string;
  from: string;
  to: string;
  sort: SortField;
  dir: 'asc' | 'desc';
  page: number;
  size: number;
  /** A label value id (a search result for write users, decisions.md §8). */
  label: string;
  /** A label category: measurements carrying any of its labels (spec §2 query labelCategoryId). */
  labelCategory: string;
}

function readState(search: string): ListState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort') as SortField | null;
  const size = Number(q.get('size'));
  return {
    search: q.get('q') ?? '',
    status: q.get('status') ?? '',
    channel: q.get('channel') ?? '',
    from: q.get('from') ?? '',
    to: q.get('to') ?? '',
    // Largest first by default: the flights a planner talks about are at the top.
    sort: sort && COLUMNS.some((c) => c.field === sort) ? sort : 'impressions',
    dir: q.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number(q.get('page')) || 1),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    label: q.get('label') ?? '',
    labelCategory: q.get('labelCategoryId') ?? '',
  };
}

function writeState(state: ListState): string {
  const q = new URLSearchParams();
  if (state.search) q.set('q', state.search);
  if (state.status) q.set('status', state.status);
  if (state.channel) q.set('channel', state.channel);
  if (state.from) q.set('from', state.from);
  if (state.to) q.set('to', state.to);
  if (state.sort !== 'impressions' || state.dir !== 'desc') {
    q.set('sort', state.sort);
    q.set('dir', state.dir);
  }
  if (state.page > 1) q.set('page', String(state.page));
  if (state.size !== 25) q.set('size', String(state.size));
  if (state.label) q.set('label', state.label);
  if (state.labelCategory) q.set('labelCategoryId', state.labelCategory);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The label filter of the query, resolved: the label ids to match and how to name the filter. */
function useLabelFilter(state: ListState) {
  const key = `${state.label}|${state.labelCategory}`;
  return useAsync(async (): Promise<{ ids: string[]; name: string } | null> => {
    if (state.label) {
      const label = await getOne('label-value', state.label);
      return { ids: [label.id], name: `Label: ${label.name}` };
    }
    if (state.labelCategory) {
      const [category, labels] = await Promise.all([
        getOne('label-category', state.labelCategory),
        list('label-value', { category_id: state.labelCategory, limit: 500 }),
      ]);
      return { ids: labels.data.map((l) => l.id), name: `Label category: ${category.name}` };
    }
    return null;
  }, key);
}

export default function MeasurementsPage() {
  usePageTitle('Measurements');
  const accountId = useStore($selectedAccountId);
  const role = useStore($role);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const state = readState(search);
  const [term, setTerm] = useState(state.search);
  const channels = useNamedList('advertising-channel');
  const channelName = new Map((channels.data ?? []).map((c) => [c.id, c.name]));

  const update = (patch: Partial<ListState>) => {
    // The search's late write after a click on to a row must not bring the person back here.
    if (!stillShown(location)) return;
    const next = { ...state, page: 1, ...patch };
    navigate(`${location}${writeState(next)}`, { replace: true });
  };

  // Search as you type, a moment after the last key.
  useEffect(() => {
    if (term === state.search) return;
    const timer = setTimeout(() => update({ search: term.trim() }), 300);
    return () => clearTimeout(timer);
  });

  const labelFilter = useLabelFilter(state);
  const labelIds = labelFilter.data?.ids;
  const query = {
    account: accountId ? accountFilter(accountId) : undefined,
    label_ids: labelIds?.length ? labelIds.join(',') : undefined,
    limit: state.size,
    skip: (state.page - 1) * state.size,
    sort: sortQuery(state.sort, state.dir),
    search: state.search || undefined,
    status: state.status || undefined,
    channel: state.channel || undefined,
    start_date: state.from || undefined,
    end_date: state.to || undefined,
  };
  const filtering = !!(state.label || state.labelCategory);
  const result = useAsync(
    async () => {
      // Wait for the label filter; if it cannot be read, the page says so rather than list everything.
      if (filtering && !labelFilter.data) return new Promise<never>(() => undefined);
      // A category without labels matches no measurement.
      if (filtering && labelIds?.length === 0) return { data: [], count: 0 };
      return list('measurement', query);
    },
    `${JSON.stringify(query)}|${filtering && !labelFilter.data ? 'wait' : 'ready'}`,
  );
  const rows = result.data?.data ?? [];
  const count = result.data?.count ?? 0;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Measurements</h1>
          <p className="mt-1 text-sm text-slate-600">Every flight whose attention this account measures.</p>
        </div>
        {role && can(role, 'measurement.write') ? (
          <Link href={paths.measurementCreate()} className={buttonClass('primary', 'no-underline')}>
            New measurement
          </Link>
        ) : null}
      </div>

      <form
        role="search"
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: term.trim() });
        }}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="measurement-search" className="mb-1 block text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id="measurement-search"
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            // Leaving the box puts the search in at once, before whatever the person clicked.
            onBlur={() => term.trim() !== state.search && update({ search: term.trim() })}
            placeholder="Measurement name"
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm placeholder:text-slate-500"
          />
        </div>
        <SelectField
          label="Status"
          value={state.status}
          placeholder="All statuses"
          options={STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
          onChange={(e) => update({ status: e.target.value })}
        />
        <SelectField
          label="Channel"
          value={state.channel}
          placeholder="All channels"
          options={(channels.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(e) => update({ channel: e.target.value })}
        />
        <div>
          <label htmlFor="flight-from" className="mb-1 block text-sm font-medium text-slate-700">
            Running from
          </label>
          <input
            id="flight-from"
            type="date"
            value={state.from}
            onChange={(e) => update({ from: e.target.value })}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
          />
        </div>
        <div>
          <label htmlFor="flight-to" className="mb-1 block text-sm font-medium text-slate-700">
            Running to
          </label>
          <input
            id="flight-to"
            type="date"
            value={state.to}
            onChange={(e) => update({ to: e.target.value })}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
          />
        </div>
      </form>

      {labelFilter.data ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="label-filter">
          <span className="rounded-full bg-primary-faded-2 px-3 py-1 font-medium text-slate-900">
            {labelFilter.data.name}
          </span>
          <button
            type="button"
            className="font-medium text-slate-700 underline-offset-2 hover:underline"
            onClick={() => update({ label: '', labelCategory: '' })}
          >
            Clear label filter
          </button>
        </p>
      ) : null}

      {labelFilter.error ? (
        <ErrorPlaceholder name="label" error={labelFilter.error} />
      ) : result.error ? (
        <ErrorPlaceholder name="measurements" error={result.error} />
      ) : !result.loading && rows.length === 0 ? (
        <EmptyState title="No measurements match">Change the search or the filters to see more.</EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[760px] text-left text-sm" aria-busy={result.loading}>
              <caption className="sr-only">Measurements, sorted by {state.sort.replace('_', ' ')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {COLUMNS.map((c) => {
                    const active = c.field === state.sort;
                    return (
                      <th
                        key={c.label}
                        scope="col"
                        aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                        className={`px-4 py-3 font-medium ${c.numeric ? 'text-right' : ''}`}
                      >
                        {c.field ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                            onClick={() =>
                              update({
                                sort: c.field!,
                                dir: active
                                  ? state.dir === 'asc'
                                    ? 'desc'
                                    : 'asc'
                                  : c.numeric || c.field === 'start_date'
                                    ? 'desc'
                                    : 'asc',
                              })
                            }
                          >
                            {c.label}
                            <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-400'}>
                              {active ? (state.dir === 'asc' ? '▲' : '▼') : '↕'}
                            </span>
                          </button>
                        ) : (
                          c.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {result.loading && !result.data
                  ? Array.from({ length: 6 }, (_, i) => (
                      <tr key={i} className="border-b border-slate-100">
                        {COLUMNS.map((c) => (
                          <td key={c.label} className="px-4 py-3">
                            <Skeleton className="h-4 w-full" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : rows.map((m) => (
                      <tr
                        key={m.id}
                        className="cursor-pointer border-b border-slate-100 last:border-0 hover:bg-primary-faded"
                        onClick={(e) => {
                          if ((e.target as HTMLElement).closest('a')) return;
                          navigate(paths.measurement(m.id));
                        }}
                      >
                        <td className="max-w-[22rem] px-4 py-3">
                          <Link
                            href={paths.measurement(m.id)}
                            className="font-medium text-slate-900 no-underline hover:underline"
                          >
                            {m.name}
                          </Link>
                        </td>
                        <td className="px-4 py-3">
                          <MeasurementStatusBadge status={m.status} />
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                          {formatDay(m.start_date)} – {formatDay(m.end_date)}
                        </td>
                        <td className="px-4 py-3 text-slate-700">
                          {m.channels.map((c) => channelName.get(c) ?? '…').join(', ') || '—'}
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums text-slate-900">
                          {formatMetric('impressions', m.impressions)}
                        </td>
                        <td className="px-4 py-3 text-right font-medium tabular-nums text-slate-900">
                          {formatMetric('apm', m.apm)}
                        </td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={state.page}
            size={state.size}
            count={count}
            sizes={PAGE_SIZES}
            noun="measurements"
            placement="footer"
            onChange={update}
          />
        </div>
      )}
    </div>
  );
}
