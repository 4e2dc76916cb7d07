/**
 * /spotlight/assets: the company's assets (stims) on the kit's list, with a thumbnail, their
 * study, % noticed, dwell and time to first fixation; ?study= narrows it to one study (how a
 * study's assets open).
 */
import { Link } from 'wouter';
import type { Stim } from '../../../shared/schemas/spotlight.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { figureColumn, linkColumn } from '../../kit/columns.tsx';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { usePagedList } from '../../kit/usePagedList.ts';
import { paths } from '../../routes/index.ts';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Thumbnail } from './Creative.tsx';
import { getBrief, useAsync } from './data.ts';
import { ASSET_FIGURES, compareWithNorm, formatFigure, sampleText, VERDICT_CLASS, VERDICT_TEXT } from './format.ts';
import { assetListSpec, assetSource, spotlightListState } from './listSources.ts';
import { spotlightPage } from './SpotlightGate.tsx';
import { contextLabel, Skeleton, StatusBadge } from './ui.tsx';

type FigureField = keyof typeof ASSET_FIGURES;

function Figure({ stim, field }: { stim: Stim; field: FigureField }) {
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
            <Link href={paths.spotlightStudy(id)}>{study.data.name}</Link>{' '}
            <span className="ml-1 align-middle">
              <StatusBadge status={study.data.status} />
            </span>
          </p>
        ) : (
          <Skeleton className="h-5 w-64" />
        )}
        {study.data ? (
          <p className="text-sm text-slate-600">
            {contextLabel(study.data.context)} · {sampleText(study.data)}
          </p>
        ) : null}
      </div>
      <button type="button" onClick={onClear} className="text-sm font-medium text-primary-strong hover:underline">
        Show all assets
      </button>
    </div>
  );
}

/** A figure's column: sortable by the service, largest first, its raw value in the CSV. */
function assetFigure(field: FigureField, header: string): Column<Stim> {
  const csv = (asset: Stim) => asset.results?.[field];
  return figureColumn(field, header, { csv, cell: (asset) => <Figure stim={asset} field={field} /> });
}

const COLUMNS: readonly Column<Stim>[] = [
  { id: 'creative', header: 'Creative', cell: (asset) => <Thumbnail stim={asset} className="h-14 w-14" /> },
  linkColumn({
    header: 'Asset',
    text: (asset) => asset.name,
    href: (asset) => paths.spotlightAsset(asset.id),
    look: 'strong',
    rowHeader: true,
    width: 'max-w-[26rem]',
    detail: (asset) => (
      <>
        {asset.brief_name} · {asset.type === 'video' ? `video, ${asset.duration_s} s` : 'image'}
      </>
    ),
  }),
  { id: 'study', header: 'Study', csvOnly: true, csv: (asset) => asset.brief_name, cell: (asset) => asset.brief_name },
  { id: 'type', header: 'Type', csvOnly: true, csv: (asset) => asset.type, cell: (asset) => asset.type },
  assetFigure('noticed_pct', '% noticed'),
  assetFigure('dwell_s', 'Dwell'),
  assetFigure('ttff_s', 'Time to first fixation'),
];

/** An asset on a phone: its thumbnail, name, study and three figures in a card. */
function AssetCard({ asset }: { asset: Stim }) {
  return (
    <div className="flex gap-3">
      <Thumbnail stim={asset} className="h-16 w-16" />
      <div className="min-w-0 flex-1">
        <Link href={paths.spotlightAsset(asset.id)} className="font-medium text-slate-900 no-underline">
          {asset.name}
        </Link>
        <p className="mt-0.5 truncate text-xs text-slate-600">{asset.brief_name}</p>
        <dl className="mt-1 grid grid-cols-3 gap-2 text-xs">
          {(['noticed_pct', 'dwell_s', 'ttff_s'] as const).map((field) => (
            <div key={field}>
              <dt className="text-slate-600">{field === 'ttff_s' ? 'First fixation' : ASSET_FIGURES[field].label}</dt>
              <dd className="tabular-nums">
                <Figure stim={asset} field={field} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

function Assets() {
  const list = usePagedList(assetListSpec, assetSource);
  // The study the list is narrowed to, when the URL names one the service could list by.
  const study = spotlightListState(list.state).filter_brief;
  return (
    <div className="space-y-5">
      <PageHeader title="Assets" />
      {study ? <StudyHeading id={study} onClear={() => list.setFilter('study', '')} /> : null}
      <ListView
        list={list}
        columns={COLUMNS}
        search
        csv
        caption="Assets"
        card={(asset) => <AssetCard asset={asset} />}
        empty={emptyWhen('assets', {
          title: 'No assets yet',
          body: 'Assets of the studies this company runs appear here.',
        })}
      />
    </div>
  );
}

export default spotlightPage(Assets);
