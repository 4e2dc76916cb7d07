/**
 * /spotlight/assets/{assetId}: the creative with its heatmap overlay (heatmap, fogmap or off, and
 * its opacity), the areas of interest drawn on it and listed in view order with their figures
 * against the category norm, the recall uplift, and a side-by-side comparison with another asset
 * of the same study (?compare={assetId}, so a comparison is a link).
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Stim } from '../../../shared/schemas/spotlight.ts';
import { AOI_LABELS } from '../../../shared/spotlight-words.ts';
import { paths, type PageProps } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { RecordHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useIdle } from '../../shared/useIdle.ts';
import { AreaEditorPlaceholder } from './AreaEditorLayout.tsx';
import { AOI_COLOURS, CreativeViewer } from './Creative.tsx';
import { getBrief, getStim, listStims, useAsync } from './data.ts';
import { useStore } from '@nanostores/react';
import { $spotlightRole } from '../../../stores/spotlight.ts';
import { assetsEditable, canSpotlight } from '../../../shared/spotlight-rules.ts';
import {
  AOI_FIGURES,
  ASSET_FIGURES,
  compareWithNorm,
  formatDifference,
  formatFigure,
  VERDICT_CLASS,
  VERDICT_TEXT,
} from './format.ts';
import { OVERLAY_MODES, type OverlayMode } from './heatmap.ts';
import { spotlightPage } from './SpotlightGate.tsx';
import { Card, FigureWithNorm, Skeleton } from './ui.tsx';

const MODE_LABELS: Record<OverlayMode, string> = { heatmap: 'Heatmap', fogmap: 'Fogmap', off: 'Off' };

interface ViewSettings {
  mode: OverlayMode;
  opacity: number;
  showAreas: boolean;
}

function OverlayControls({ value, onChange }: { value: ViewSettings; onChange: (next: ViewSettings) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <fieldset className="flex items-center gap-1 rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">Overlay</legend>
        {OVERLAY_MODES.map((mode) => (
          <label
            key={mode}
            className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
              value.mode === mode ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
            }`}
          >
            <input
              type="radio"
              name={`${id}-overlay`}
              value={mode}
              checked={value.mode === mode}
              onChange={() => onChange({ ...value, mode })}
              className="sr-only"
            />
            {MODE_LABELS[mode]}
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Opacity
        <input
          type="range"
          min={10}
          max={100}
          step={5}
          value={Math.round(value.opacity * 100)}
          disabled={value.mode === 'off'}
          onChange={(e) => onChange({ ...value, opacity: Number(e.target.value) / 100 })}
          className="w-28 accent-[var(--color-primary-strong,#0f766e)]"
          aria-valuetext={`${Math.round(value.opacity * 100)}%`}
        />
        <span className="w-10 tabular-nums">{Math.round(value.opacity * 100)}%</span>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={value.showAreas}
          onChange={(e) => onChange({ ...value, showAreas: e.target.checked })}
          className="h-4 w-4"
        />
        Areas of interest
      </label>
    </div>
  );
}

function Headline({ stim }: { stim: Stim }) {
  const r = stim.results;
  if (!r) return null;
  return (
    <Card title="Attention">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {(Object.keys(ASSET_FIGURES) as (keyof typeof ASSET_FIGURES)[]).map((field) => (
          <FigureWithNorm key={field} spec={ASSET_FIGURES[field]} value={r[field]} norm={r.norms[field]} size="lg" />
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Norm: {r.category}. Panel of {r.sample.toLocaleString('en-GB')}.
      </p>
    </Card>
  );
}

function Recall({ stim }: { stim: Stim }) {
  const r = stim.results;
  if (!r) return null;
  const verdict = compareWithNorm(r.recall_pct, r.norms.recall_pct);
  return (
    <Card title="Brand recall">
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Uplift against norm</dt>
          <dd className={`text-2xl font-semibold tabular-nums ${VERDICT_CLASS[verdict]}`} data-testid="recall-uplift">
            {formatFigure(r.recall_uplift_pts, 'points')}
            <span className="sr-only"> ({VERDICT_TEXT[verdict]})</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Aided recall</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{formatFigure(r.recall_pct, 'pct')}</dd>
          <dd className="text-xs text-slate-600">Norm {formatFigure(r.norms.recall_pct, 'pct')}</dd>
        </div>
      </dl>
    </Card>
  );
}

function AreasOfInterest({ stim }: { stim: Stim }) {
  const r = stim.results;
  if (!r) return null;
  const areas = [...r.aois].sort((a, b) => a.view_order - b.view_order);
  return (
    <Card title="Areas of interest, in view order">
      <ol className="space-y-3" aria-label="Areas of interest in view order">
        {areas.map((area) => {
          const norm = r.norms.aois[area.kind];
          return (
            <li key={area.kind} className="rounded-lg border border-slate-200 p-3" data-testid="aoi">
              <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
                <span
                  aria-hidden="true"
                  className="flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold text-slate-900 ring-1 ring-slate-400"
                  style={{ background: AOI_COLOURS[area.kind] }}
                >
                  {area.view_order}
                </span>
                <span>
                  <span className="sr-only">{area.view_order}. </span>
                  {AOI_LABELS[area.kind]}
                </span>
              </h3>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:grid-cols-5">
                {(Object.keys(AOI_FIGURES) as (keyof typeof AOI_FIGURES)[]).map((field) => (
                  <FigureWithNorm key={field} spec={AOI_FIGURES[field]} value={area[field]} norm={norm?.[field]} />
                ))}
              </dl>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

const COMPARE_ROWS: {
  label: string;
  value: (s: Stim) => number | undefined;
  kind: 'pct' | 'seconds' | 'points';
  lower?: boolean;
}[] = [
  { label: '% noticed', value: (s) => s.results?.noticed_pct, kind: 'pct' },
  { label: 'Dwell', value: (s) => s.results?.dwell_s, kind: 'seconds' },
  { label: 'Time to first fixation', value: (s) => s.results?.ttff_s, kind: 'seconds', lower: true },
  { label: 'Recall uplift', value: (s) => s.results?.recall_uplift_pts, kind: 'points' },
  ...(['product', 'headline', 'logo', 'cta'] as const).map((kind) => ({
    label: `${AOI_LABELS[kind]}: % seen`,
    value: (s: Stim) => s.results?.aois.find((a) => a.kind === kind)?.seen_pct,
    kind: 'pct' as const,
  })),
];

function Compare({ stim, other, settings }: { stim: Stim; other: Stim; settings: ViewSettings }) {
  return (
    <Card title="Compare">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {[stim, other].map((s, i) => (
          <div key={s.id} className="min-w-0">
            <p className="mb-2 truncate text-sm font-semibold text-slate-900">
              {i === 0 ? 'A' : 'B'}: {s.name}
            </p>
            <CreativeViewer stim={s} {...settings} maxHeight="45vh" />
          </div>
        ))}
      </div>
      <div className="mt-5 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {stim.name} against {other.name}
          </caption>
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Figure
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                A
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                B
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                B against A
              </th>
            </tr>
          </thead>
          <tbody>
            {COMPARE_ROWS.map((row) => {
              const a = row.value(stim);
              const b = row.value(other);
              const verdict = a !== undefined && b !== undefined ? compareWithNorm(b, a, row.lower) : 'level';
              return (
                <tr key={row.label} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 font-normal text-slate-700">
                    {row.label}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatFigure(a, row.kind)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatFigure(b, row.kind)}</td>
                  <td className={`py-2 pl-3 text-right font-medium tabular-nums ${VERDICT_CLASS[verdict]}`}>
                    {a !== undefined && b !== undefined
                      ? formatDifference(b, a, row.kind === 'points' ? 'pct' : row.kind)
                      : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/**
 * The area editor (a draft study's assets, for whoever may change them) with its form fields'
 * code: loaded only where it shows, so that an asset's results load without React Aria's inputs.
 */
const AreaEditor = lazy(() => import('./AreaEditor.tsx').then((module) => ({ default: module.AreaEditor })));

function Asset({ params }: PageProps) {
  const assetId = params.assetId ?? '';
  const [location, navigate] = useLocation();
  const compareId = new URLSearchParams(useSearch()).get('compare') ?? '';
  const [settings, setSettings] = useState<ViewSettings>({ mode: 'heatmap', opacity: 0.7, showAreas: true });
  const asset = useAsync(() => getStim(assetId), assetId);
  const stim = asset.data;
  usePageTitle(stim?.name);
  // The study's other assets, for "Compare with", once the asset itself has been read and drawn:
  // a study's list is larger than the asset and is not needed to show it.
  const idle = useIdle();
  const siblings = useAsync(
    () =>
      stim
        ? listStims({ page_num: 1, results_per_page: 100, order_by: 'name_asc', filter_brief: stim.brief })
        : Promise.resolve(null),
    idle ? (stim?.brief ?? '') : null,
  );
  const other = useAsync(() => (compareId ? getStim(compareId) : Promise.resolve(null)), compareId);
  // Areas of interest are drawn while the study is a draft, by whoever may change its assets.
  const study = useAsync(() => (stim ? getBrief(stim.brief) : Promise.resolve(null)), stim?.brief ?? null);
  const role = useStore($spotlightRole);
  const mayDraw = canSpotlight(role, 'spotlight.asset.write');
  const drawing = !!study.data && assetsEditable(study.data.status) && mayDraw;
  // Whoever may draw sees the editor's place while the study is read (an asset without results is
  // mostly a draft's), not the panel's "No results yet" that the editor would then replace.
  const studyPending = mayDraw && !study.data && !study.error;

  if (asset.error) return <ErrorPlaceholder name="asset" error={asset.error} />;
  if (!stim)
    return (
      <div className="space-y-5">
        <div>
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="mt-1 h-5 w-1/3" />
        </div>
        <Skeleton className="h-96" />
      </div>
    );
  const choices = (siblings.data?.data ?? []).filter((s) => s.id !== stim.id && s.results);

  return (
    <div className="space-y-5">
      <RecordHeader
        title={stim.name}
        align="end"
        // There from the first paint of the results, its width fixed: the other assets load after this one.
        actions={
          stim.results ? (
            <label className="flex flex-col text-sm font-medium text-slate-700">
              Compare with
              <select
                value={compareId}
                disabled={choices.length === 0}
                onChange={(e) =>
                  navigate(e.target.value ? `${location}?compare=${e.target.value}` : location, { replace: true })
                }
                className="mt-1 w-72 max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900 shadow-sm"
              >
                <option value="">No comparison</option>
                {choices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null
        }
      >
        <p className="mt-1 text-sm text-slate-600">
          Study:{' '}
          <Link href={paths.spotlightStudy(stim.brief)} className="font-medium">
            {stim.brief_name}
          </Link>
        </p>
      </RecordHeader>

      {stim.results ? (
        <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <Card className="self-start">
            <div className="mb-4">
              <OverlayControls value={settings} onChange={setSettings} />
            </div>
            <CreativeViewer stim={stim} {...settings} />
          </Card>
          <div className="min-w-0 space-y-5">
            <Headline stim={stim} />
            <Recall stim={stim} />
            <AreasOfInterest stim={stim} />
          </div>
        </div>
      ) : drawing || studyPending ? (
        <Card title="Areas of interest">
          {drawing ? (
            <Suspense fallback={<AreaEditorPlaceholder stim={stim} />}>
              <AreaEditor key={stim.updated_at ?? stim.id} stim={stim} onSaved={asset.reload} />
            </Suspense>
          ) : (
            <AreaEditorPlaceholder stim={stim} />
          )}
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
          <Card>
            <CreativeViewer stim={stim} mode="off" opacity={0} showAreas={false} />
          </Card>
          <Card title="No results yet">
            <p className="text-sm text-slate-700">
              The panel has not seen this asset yet: its figures, heatmap and areas of interest appear once the study is
              fielding.
            </p>
          </Card>
        </div>
      )}

      {compareId && other.data && stim.results ? <Compare stim={stim} other={other.data} settings={settings} /> : null}
      {compareId && other.error ? <ErrorPlaceholder name="asset to compare" error={other.error} /> : null}
    </div>
  );
}

export default spotlightPage(Asset);
