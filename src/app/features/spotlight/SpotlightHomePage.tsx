/**
 * /spotlight: the company's home: headline figures, recent studies, and the assets with the best
 * and worst attention against their category norm (the service's dashboard lists).
 */
import { Link } from 'wouter';
import type { Stim } from '../../../shared/schemas/spotlight.ts';
import { paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Thumbnail } from './Creative.tsx';
import { rankedStims, recentBriefs, useAsync } from './data.ts';
import { ASSET_FIGURES, formatDay, formatFigure } from './format.ts';
import { spotlightPage } from './SpotlightGate.tsx';
import { Card, contextLabel, FigureWithNorm, Skeleton, StatusBadge } from './ui.tsx';

function Headline() {
  const ranked = useAsync(rankedStims, 'ranked');
  if (ranked.error) return <ErrorPlaceholder name="figures" error={ranked.error} />;
  const h = ranked.data?.headline;
  const tiles: [string, string][] = h
    ? [
        ['Studies', String(h.studies)],
        ['Assets tested', `${h.assets_with_results} of ${h.assets}`],
        ['Panellists', h.panellists.toLocaleString('en-GB')],
        ['Average % noticed', formatFigure(h.noticed_pct, 'pct')],
        ['Average dwell', formatFigure(h.dwell_s, 'seconds')],
        ['Recall uplift', formatFigure(h.recall_uplift_pts, 'points')],
      ]
    : [];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {h
          ? tiles.map(([label, value]) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
                <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))
          : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-20" />)}
      </dl>
      <div className="grid gap-5 lg:grid-cols-2">
        <RankedAssets title="Best attention against norm" rows={ranked.data?.best} />
        <RankedAssets title="Lowest attention against norm" rows={ranked.data?.worst} />
      </div>
    </>
  );
}

function RankedAssets({ title, rows }: { title: string; rows: Stim[] | undefined }) {
  return (
    <Card title={title}>
      {!rows ? (
        <Skeleton className="h-48" />
      ) : (
        <ol className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.id} className="flex items-center gap-3 py-2.5">
              <Thumbnail stim={row} className="h-12 w-12" />
              <div className="min-w-0 flex-1">
                <Link href={paths.spotlightAsset(row.id)} className="block truncate font-medium">
                  {row.name}
                </Link>
                <p className="truncate text-xs text-slate-600">{row.brief_name}</p>
              </div>
              {row.results ? (
                <dl className="w-40 shrink-0 text-right">
                  <FigureWithNorm
                    spec={ASSET_FIGURES.noticed_pct}
                    value={row.results.noticed_pct}
                    norm={row.results.norms.noticed_pct}
                  />
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function RecentStudies() {
  const recent = useAsync(recentBriefs, 'recent');
  if (recent.error) return <ErrorPlaceholder name="studies" error={recent.error} />;
  return (
    <Card
      title="Recent studies"
      actions={
        <Link href={paths.spotlightStudies()} className="text-sm font-medium">
          All studies
        </Link>
      }
    >
      {!recent.data ? (
        <Skeleton className="h-40" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {recent.data.map((study) => (
            <li key={study.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <Link href={paths.spotlightStudy(study.id)} className="font-medium">
                  {study.name}
                </Link>
                <p className="text-xs text-slate-600">
                  {contextLabel(study.context)} · {study.asset_count ?? 0} assets · {formatDay(study.start_date)} –{' '}
                  {formatDay(study.end_date)}
                </p>
              </div>
              <StatusBadge status={study.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Home() {
  return (
    <div className="space-y-5">
      <PageHeader title="Spotlight" />
      <p className="-mt-4 text-sm text-slate-600">
        Creative testing with an eye-tracking panel: how your assets are noticed, read and remembered.
      </p>
      <Headline />
      <RecentStudies />
    </div>
  );
}

export default spotlightPage(Home);
