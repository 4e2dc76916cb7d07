/**
 * /spotlight/assets: the company's assets (stims) with a thumbnail, their study, % noticed, dwell
 * and time to first fixation; ?study= narrows it to one study (how a study's assets open).
 */
import { Link, useLocation, useSearch } from 'wouter';
import type { Stim } from '../../../shared/schemas/spotlight.ts';
import { paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Thumbnail } from './Creative.tsx';
import { getBrief, listStims, useAsync } from './data.ts';
import { ASSET_FIGURES, compareWithNorm, formatFigure, VERDICT_CLASS, VERDICT_TEXT } from './format.ts';
import { Pager } from '../../kit/Pager.tsx';
import { SearchBox, SortHeaders, type Column } from './ListParts.tsx';
import { listBody, PAGE_SIZES, readListState, writeListState, type ListState } from './listState.ts';
import { SpotlightGate } from './SpotlightGate.tsx';
import { contextLabel, EmptyState, Skeleton, StatusBadge } from './ui.tsx';

const COLUMNS: Column[] = [
  { field: null, label: 'Creative', className: 'w-20' },
  { field: 'name', label: 'Asset' },
  { field: 'noticed_pct', label: '% noticed', numeric: true },
  { field: 'dwell_s', label: 'Dwell', numeric: true },
  { field: 'ttff_s', label: 'Time to first fixation', numeric: true },
];
const DEFAULTS = { sort: 'created_at', dir: 'desc' } as const;
const SORTS = ['created_at', 'recall_uplift_pts', ...COLUMNS.flatMap((c) => (c.field ? [c.field] : []))];

function Figure({ stim, field }: { stim: Stim; field: keyof typeof ASSET_FIGURES }) {
  const results = stim.results;
  if (!results) return <span className="text-slate-500">—</span>;
  const spec = ASSET_FIGURES[field];
  const verdict = compareWithNorm(results[field], results.norms[field], 'lowerIsBetter' in spec);
  return (
    <span
      className={`font-medium ${VERDICT_CLASS[verdict]}`}
      title={`Norm ${formatFigure(results.norms[field], spec.kind)}`}
    >
      {formatFigure(results[field], spec.kind)}
      <span className="sr-only"> ({VERDICT_TEXT[verdict]})</span>
    </span>
  );
}

function StudyHeading({ id, onClear }: { id: string; onClear: () => void }) {
  const study = useAsync(() => getBrief(id), id);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Study</p>
        {study.data ? (
          <p className="font-semibold text-slate-900">
            <Link href={paths.spotlightStudy(id)} className="text-slate-900">
              {study.data.name}
            </Link>{' '}
            <span className="ml-1 align-middle">
              <StatusBadge status={study.data.status} />
            </span>
          </p>
        ) : (
          <Skeleton className="h-5 w-64" />
        )}
        {study.data ? (
          <p className="text-sm text-slate-600">
            {contextLabel(study.data.context)} · {study.data.sample_size} a cell × {study.data.cells} cells
          </p>
        ) : null}
      </div>
      <button type="button" onClick={onClear} className="text-sm font-medium text-primary-strong hover:underline">
        Show all assets
      </button>
    </div>
  );
}

function Assets() {
  const [location, navigate] = useLocation();
  const state = readListState(useSearch(), DEFAULTS, SORTS);
  const update = (patch: Partial<ListState>) =>
    navigate(`${location}${writeListState({ ...state, page: 1, ...patch }, DEFAULTS)}`, { replace: true });
  const body = listBody(state);
  const result = useAsync(() => listStims(body), JSON.stringify(body));
  const rows = result.data?.data ?? [];

  return (
    <div className="space-y-5">
      <PageHeader title="Assets" />
      {state.study ? <StudyHeading id={state.study} onClear={() => update({ study: '' })} /> : null}
      <SearchBox
        id="asset-search"
        label="Search"
        placeholder="Asset name"
        value={state.search}
        onSearch={(search) => update({ search })}
      />
      {result.error ? (
        <ErrorPlaceholder name="assets" error={result.error} />
      ) : !result.loading && rows.length === 0 ? (
        <EmptyState title="No assets match">Change the search to see more.</EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {/* Phones get cards: a five-column table does not fit 390 px. */}
          <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Assets" aria-busy={result.loading}>
            {rows.map((asset) => (
              <li key={asset.id} className="flex gap-3 p-3">
                <Thumbnail stim={asset} className="h-16 w-16" />
                <div className="min-w-0 flex-1">
                  <Link href={paths.spotlightAsset(asset.id)} className="font-medium text-slate-900 no-underline">
                    {asset.name}
                  </Link>
                  <p className="mt-0.5 truncate text-xs text-slate-600">{asset.brief_name}</p>
                  <dl className="mt-1 grid grid-cols-3 gap-2 text-xs">
                    {(['noticed_pct', 'dwell_s', 'ttff_s'] as const).map((field) => (
                      <div key={field}>
                        <dt className="text-slate-600">
                          {field === 'ttff_s' ? 'First fixation' : ASSET_FIGURES[field].label}
                        </dt>
                        <dd className="tabular-nums">
                          <Figure stim={asset} field={field} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[680px] text-left text-sm" aria-busy={result.loading}>
              <caption className="sr-only">Assets, sorted by {state.sort.replace('_', ' ')}</caption>
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
                  : rows.map((asset) => (
                      <tr key={asset.id} className="border-b border-slate-100 last:border-0 hover:bg-primary-faded">
                        <td className="px-4 py-2">
                          <Thumbnail stim={asset} className="h-14 w-14" />
                        </td>
                        <td className="max-w-[26rem] px-4 py-3">
                          <Link
                            href={paths.spotlightAsset(asset.id)}
                            className="font-medium text-slate-900 no-underline hover:underline"
                          >
                            {asset.name}
                          </Link>
                          <p className="mt-0.5 text-xs text-slate-600">
                            {asset.brief_name} · {asset.type === 'video' ? `video, ${asset.duration_s} s` : 'image'}
                          </p>
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">
                          <Figure stim={asset} field="noticed_pct" />
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">
                          <Figure stim={asset} field="dwell_s" />
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">
                          <Figure stim={asset} field="ttff_s" />
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
            noun="assets"
            placement="footer"
            onChange={update}
          />
        </div>
      )}
    </div>
  );
}

export default function AssetsPage() {
  return (
    <SpotlightGate>
      <Assets />
    </SpotlightGate>
  );
}
