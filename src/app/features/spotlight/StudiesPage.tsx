/**
 * /spotlight/studies: the company's studies (briefs), paged, ordered and searched by the service's
 * own list call; a study's assets open from its row (their page links to the study's own).
 */
import { useStore } from '@nanostores/react';
import { Link, useLocation, useSearch } from 'wouter';
import { canSpotlight } from '../../../shared/spotlight-rules.ts';
import { $spotlightRole } from '../../../stores/spotlight.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { listBriefs, useAsync } from './data.ts';
import { formatDay } from './format.ts';
import { Pager } from '../../kit/Pager.tsx';
import { SearchBox, SortHeaders, type Column } from './ListParts.tsx';
import { listBody, PAGE_SIZES, readListState, writeListState, type ListState } from './listState.ts';
import { SpotlightGate } from './SpotlightGate.tsx';
import { contextLabel, EmptyState, Skeleton, StatusBadge } from './ui.tsx';

const COLUMNS: Column[] = [
  { field: 'name', label: 'Study' },
  { field: 'status', label: 'Status' },
  { field: 'context', label: 'Context' },
  { field: 'sample_size', label: 'Sample', numeric: true },
  { field: null, label: 'Assets', numeric: true },
  { field: 'start_date', label: 'Fieldwork' },
];
const DEFAULTS = { sort: 'created_at', dir: 'desc' } as const;
const SORTS = ['created_at', ...COLUMNS.flatMap((c) => (c.field ? [c.field] : []))];

function Studies() {
  const [location, navigate] = useLocation();
  const state = readListState(useSearch(), DEFAULTS, SORTS);
  const update = (patch: Partial<ListState>) =>
    navigate(`${location}${writeListState({ ...state, page: 1, ...patch }, DEFAULTS)}`, { replace: true });
  const body = listBody({ ...state, study: '' });
  const result = useAsync(() => listBriefs(body), JSON.stringify(body));
  const rows = result.data?.data ?? [];
  const canCreate = canSpotlight(useStore($spotlightRole), 'spotlight.study.create');

  return (
    <div className="space-y-5">
      <PageHeader title="Studies">
        {canCreate ? (
          <Link href={paths.spotlightStudyCreate()} className={buttonClass('primary', 'no-underline')}>
            New study
          </Link>
        ) : null}
      </PageHeader>
      <SearchBox
        id="study-search"
        label="Search"
        placeholder="Study name"
        value={state.search}
        onSearch={(search) => update({ search })}
      />
      {result.error ? (
        <ErrorPlaceholder name="studies" error={result.error} />
      ) : !result.loading && rows.length === 0 ? (
        <EmptyState title="No studies match">
          {state.search ? 'Change the search to see more.' : 'Studies this company runs appear here.'}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {/* Phones get cards: the table does not fit 390 px. */}
          <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Studies" aria-busy={result.loading}>
            {rows.map((study) => (
              <li key={study.id} className="p-3">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    href={`${paths.spotlightAssets()}?study=${study.id}`}
                    className="font-medium text-slate-900 no-underline"
                  >
                    {study.name}
                  </Link>
                  <StatusBadge status={study.status} />
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  {contextLabel(study.context)} · {study.sample_size} × {study.cells} panellists ·{' '}
                  {study.asset_count ?? 0} assets
                </p>
                <p className="text-xs text-slate-600">
                  {formatDay(study.start_date)} – {formatDay(study.end_date)}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[760px] text-left text-sm" aria-busy={result.loading}>
              <caption className="sr-only">Studies, sorted by {state.sort.replace('_', ' ')}</caption>
              <SortHeaders columns={COLUMNS} state={state} onSort={(sort, dir) => update({ sort, dir })} />
              <tbody>
                {result.loading && !result.data
                  ? Array.from({ length: 5 }, (_, i) => (
                      <tr key={i} className="border-b border-slate-100">
                        {COLUMNS.map((c) => (
                          <td key={c.label} className="px-4 py-3">
                            <Skeleton className="h-4 w-full" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : rows.map((study) => (
                      <tr key={study.id} className="border-b border-slate-100 last:border-0 hover:bg-primary-faded">
                        <td className="max-w-[24rem] px-4 py-3">
                          <Link
                            href={`${paths.spotlightAssets()}?study=${study.id}`}
                            className="font-medium text-slate-900 no-underline hover:underline"
                          >
                            {study.name}
                          </Link>
                          {study.objective ? (
                            <p className="mt-0.5 line-clamp-1 text-xs text-slate-600">{study.objective}</p>
                          ) : null}
                        </td>
                        <td className="px-4 py-3">
                          <StatusBadge status={study.status} />
                        </td>
                        <td className="px-4 py-3 text-slate-700">{contextLabel(study.context)}</td>
                        <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                          {study.sample_size} × {study.cells}
                          <span className="sr-only"> cells</span>
                        </td>
                        <td className="px-4 py-3 text-right text-slate-900 tabular-nums">{study.asset_count ?? 0}</td>
                        <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                          {formatDay(study.start_date)} – {formatDay(study.end_date)}
                        </td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={state.page}
            size={state.size}
            count={result.data?.count ?? 0}
            sizes={PAGE_SIZES}
            noun="studies"
            placement="footer"
            onChange={update}
          />
        </div>
      )}
    </div>
  );
}

export default function StudiesPage() {
  return (
    <SpotlightGate>
      <Studies />
    </SpotlightGate>
  );
}
