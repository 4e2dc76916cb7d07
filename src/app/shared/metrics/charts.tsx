/**
 * The dashboard's charts, drawn as plain SVG and HTML. Measured against uPlot: uPlot adds 22 KB
 * gzipped (measured: uPlot.iife.min.js) for one line chart, while these two charts cost under 3 KB and stay inside the
 * dashboard chunk's 80 KB budget with room to spare; the line chart is drawn at the width it is
 * given (so its text keeps its size on a phone) and they are readable by screen readers through a
 * data table behind each chart.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  formatMetric,
  METRIC_FORMULAS,
  metricBase,
  metricDefinition,
  type MetricFormula,
  type MetricKey,
  type MetricSummary,
} from '../../../shared/metrics.ts';
import { EmptyState } from '../EmptyState.tsx';
import { formatShortDay } from './dateRange.ts';
import { formatCompact } from '../../../shared/number-format.ts';
import { MetricCells, MetricHeads } from './figures.tsx';

type FunnelCount = 'impressions' | 'measured' | 'viewable' | 'viewed';
type FunnelShare = 'pct_measured' | 'pct_viewable' | 'pct_viewed';
/** The funnel's short names; a share's base is named in full ("of measured impressions"). */
const STEP_NAMES: Record<FunnelCount, string> = {
  impressions: 'Impressions',
  measured: 'Measured',
  viewable: 'Viewable',
  viewed: 'Viewed',
};

/**
 * One step: its count, and a bar whose track is the step's base (the denominator of its share's
 * formula) and whose fill is its share of it. A meter, so a screen reader hears the share too.
 */
function FunnelBar({
  count,
  share,
  totals,
  tone,
}: {
  count: FunnelCount;
  share?: FunnelShare;
  totals: MetricSummary;
  tone: number;
}) {
  const value = totals[count];
  const label = STEP_NAMES[count];
  const ratio = share ? totals[share] : 1;
  const percent = typeof ratio === 'number' ? Math.min(ratio, 1) * 100 : 0;
  const caption = share ? `${formatMetric(share, ratio)} ${metricBase(share) ?? ''}` : null;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="font-semibold tabular-nums text-slate-900">{formatMetric(count, value)}</span>
      </div>
      <div
        role="meter"
        aria-label={caption ? `${label}: ${caption}` : label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent * 10) / 10}
        aria-valuetext={caption ?? formatMetric(count, value)}
        className="h-6 w-full overflow-hidden rounded bg-slate-100"
      >
        <div
          className="h-full rounded bg-primary"
          style={{ width: `${Math.max(percent, value > 0 ? 1.5 : 0)}%`, opacity: 1 - tone * 0.17 }}
        />
      </div>
      {caption ? <p className="mt-1 text-xs text-slate-600">{caption}</p> : null}
    </div>
  );
}

/**
 * The attention funnel. Viewable is a share of impressions and viewed a share of measured
 * impressions (the model's prediction needs no viewability), so viewed can outnumber viewable:
 * drawn one under the other, the funnel seemed to widen. The two stand side by side instead, each
 * bar against its own base, and every share says what it is a share of.
 */
export function FunnelChart({ totals }: { totals: MetricSummary }) {
  return (
    <div className="space-y-3" role="group" aria-label="Attention funnel">
      <FunnelBar count="impressions" totals={totals} tone={0} />
      <FunnelBar count="measured" share="pct_measured" totals={totals} tone={1} />
      <div className="grid grid-cols-2 gap-3">
        <FunnelBar count="viewable" share="pct_viewable" totals={totals} tone={2} />
        <FunnelBar count="viewed" share="pct_viewed" totals={totals} tone={2} />
      </div>
    </div>
  );
}

export const SERIES_COLOURS = ['var(--lamp-primary)', '#475569'] as const;

/**
 * Why a metric has no value to draw: a derived metric is null only where its formula's
 * denominator is zero ('aCPM is worked out per total view time, and there is none here').
 */
function noValueReason(key: MetricKey): string {
  const label = metricDefinition(key).label;
  const formula = (METRIC_FORMULAS as Partial<Record<MetricKey, MetricFormula>>)[key];
  return formula
    ? `${label} is worked out per ${metricDefinition(formula.denominator).label.toLowerCase()}, and there is none here.`
    : `There is no ${label} here.`;
}

const hasValue = (values: readonly (number | null | undefined)[]) => values.some((v) => typeof v === 'number');

/** The horizontal lines (and value labels) of the line chart above its zero line. */
const TICKS = 4;

function niceMax(value: number): number {
  if (value <= 0) return TICKS;
  // A round step (1, 2, 2.5 or 5 times a power of ten) times the ticks: 50K, 100K, 150K, 200K,
  // never 62,500 and 187.5K.
  const raw = value / TICKS;
  const exponent = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / exponent;
  const step = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return step * exponent * TICKS;
}

/**
 * The width an element is drawn at, kept up to date. The line chart draws in its own pixels: scaled
 * through a fixed viewBox, its 11 px axis text shrank to about 5 px on a phone.
 */
function useDrawnWidth(fallback: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(Math.round(element.clientWidth) || fallback));
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

/** The least room a day's label takes on the time axis ("30 Nov" at 11 px, and a gap). */
const DAY_LABEL_PX = 56;

/** An axis reads in one format: a count axis that reaches 100,000 writes every tick compactly (50K, 100K). */
const axisLabel = (key: MetricKey, value: number, max: number) =>
  metricDefinition(key).kind === 'count' && max >= 100_000 ? formatCompact(value) : formatMetric(key, value);

/**
 * Two metrics over time on one chart, each on its own axis (left and right), so metrics of
 * different scales (impressions and APM) can be compared day by day.
 */
export function TimeSeriesChart({
  points,
  metrics,
}: {
  points: (MetricSummary & { date: string })[];
  metrics: readonly [MetricKey, MetricKey];
}) {
  const drawn = metrics.filter((key) => hasValue(points.map((p) => p[key])));
  if (points.length === 0) return <EmptyState title="No days in this date range" />;
  if (drawn.length === 0)
    return (
      <EmptyState title={`No ${metrics.map((k) => metricDefinition(k).label).join(' or ')} to draw`}>
        {metrics.map(noValueReason).join(' ')}
      </EmptyState>
    );
  return <TimeSeriesLines points={points} metrics={metrics} missing={metrics.filter((k) => !drawn.includes(k))} />;
}

function TimeSeriesLines({
  points,
  metrics,
  missing,
}: {
  points: (MetricSummary & { date: string })[];
  metrics: readonly [MetricKey, MetricKey];
  /** Metrics with no value on any day: their line is missing, and a note says why. */
  missing: readonly MetricKey[];
}) {
  const titleId = useId();
  const [hover, setHover] = useState<number | null>(null);
  const [figure, width] = useDrawnWidth(720);
  const height = 260;
  const pad = { top: 16, right: 64, bottom: 28, left: 64 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;

  const scales = useMemo(
    () =>
      metrics.map((key) => {
        const values = points.map((p) => p[key]).filter((v): v is number => typeof v === 'number');
        return { key, max: niceMax(Math.max(0, ...values)) };
      }),
    [points, metrics],
  );
  const x = (i: number) => pad.left + (points.length <= 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
  const y = (value: number, max: number) => pad.top + innerH - (value / max) * innerH;

  const paths = scales.map(({ key, max }) => {
    let d = '';
    let pen = false;
    points.forEach((p, i) => {
      const v = p[key];
      if (typeof v !== 'number') {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v, max).toFixed(1)}`;
      pen = true;
    });
    return d;
  });

  const tickCount = TICKS;
  // At most 8 day labels, fewer where the axis has no room for them at their size.
  const labelEvery = Math.max(
    1,
    Math.ceil(points.length / Math.max(1, Math.min(8, Math.floor(innerW / DAY_LABEL_PX)))),
  );
  const hovered = hover === null ? null : points[hover];

  return (
    <figure ref={figure} aria-labelledby={titleId} className="relative">
      <figcaption id={titleId} className="sr-only">
        {metricDefinition(metrics[0]).label} and {metricDefinition(metrics[1]).label} by day
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="block w-full touch-none select-none"
        role="img"
        aria-hidden="true"
        onMouseLeave={() => setHover(null)}
        onMouseMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const px = ((event.clientX - box.left) / box.width) * width;
          const i = Math.round(((px - pad.left) / innerW) * (points.length - 1));
          setHover(Math.min(points.length - 1, Math.max(0, i)));
        }}
      >
        {Array.from({ length: tickCount + 1 }, (_, t) => {
          const ty = pad.top + innerH - (t / tickCount) * innerH;
          return (
            <g key={t}>
              <line x1={pad.left} x2={width - pad.right} y1={ty} y2={ty} stroke="#e2e8f0" />
              {scales.map(({ key, max }, s) => (
                <text
                  key={key}
                  x={s === 0 ? pad.left - 8 : width - pad.right + 8}
                  y={ty + 4}
                  textAnchor={s === 0 ? 'end' : 'start'}
                  className="fill-slate-600 text-[11px]"
                >
                  {axisLabel(key, (max * t) / tickCount, max)}
                </text>
              ))}
            </g>
          );
        })}
        {points.map((p, i) =>
          i % labelEvery === 0 ? (
            <text key={p.date} x={x(i)} y={height - 8} textAnchor="middle" className="fill-slate-600 text-[11px]">
              {formatShortDay(p.date)}
            </text>
          ) : null,
        )}
        {paths.map((d, s) => (
          <path
            key={metrics[s]}
            d={d}
            fill="none"
            stroke={SERIES_COLOURS[s]}
            strokeWidth={2.25}
            strokeDasharray={s === 1 ? '6 4' : undefined}
            strokeLinejoin="round"
          />
        ))}
        {hovered && hover !== null ? (
          <g>
            <line x1={x(hover)} x2={x(hover)} y1={pad.top} y2={pad.top + innerH} stroke="#94a3b8" />
            {scales.map(({ key, max }, s) => {
              const v = hovered[key];
              return typeof v === 'number' ? (
                <circle key={key} cx={x(hover)} cy={y(v, max)} r={4} fill={SERIES_COLOURS[s]} />
              ) : null;
            })}
          </g>
        ) : null}
      </svg>
      {hovered ? (
        <div className="pointer-events-none absolute left-2 top-2 rounded-md bg-white/95 px-3 py-2 text-xs shadow ring-1 ring-slate-200">
          <div className="font-medium text-slate-900">{formatShortDay(hovered.date)}</div>
          {metrics.map((key) => (
            <div key={key} className="tabular-nums text-slate-700">
              {metricDefinition(key).label}: {formatMetric(key, hovered[key])} {metricBase(key)}
            </div>
          ))}
        </div>
      ) : null}
      {missing.length ? <p className="mt-2 text-sm text-slate-600">{missing.map(noValueReason).join(' ')}</p> : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600">Show the chart's data</summary>
        <div className="relative mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left text-xs">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Day
                </th>
                <MetricHeads metrics={metrics} className="py-1 pr-4 text-right" />
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date} className="border-t border-slate-100">
                  <td className="py-1 pr-4">{formatShortDay(p.date)}</td>
                  <MetricCells metrics={metrics} values={p} className="py-1 pr-4 text-right tabular-nums" />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/**
 * One metric across the values of a dimension, as horizontal bars (largest first is the caller's
 * choice of order). HTML rather than SVG: the labels wrap and truncate like text, on any width.
 */
export function BarChart({
  bars,
  metric,
  caption,
}: {
  bars: readonly { label: string; value: number | null }[];
  metric: MetricKey;
  caption: string;
}) {
  const max = Math.max(0, ...bars.map((b) => b.value ?? 0)) || 1;
  if (bars.length === 0) return <EmptyState title="Nothing to draw for these rows" />;
  if (!hasValue(bars.map((b) => b.value)))
    return <EmptyState title={`No ${metricDefinition(metric).label} to draw`}>{noValueReason(metric)}</EmptyState>;
  return (
    <figure>
      <figcaption className="sr-only">{caption}</figcaption>
      <ol className="space-y-2">
        {bars.map((bar, i) => (
          <li
            key={`${bar.label}-${i}`}
            className="grid grid-cols-[minmax(6rem,12rem)_1fr_auto] items-center gap-3 text-sm"
          >
            <span className="truncate text-slate-700" title={bar.label}>
              {bar.label}
            </span>
            <span className="h-4 rounded bg-slate-100" aria-hidden="true">
              <span
                className="block h-4 rounded bg-primary"
                style={{ width: `${Math.max(((bar.value ?? 0) / max) * 100, bar.value ? 1 : 0)}%` }}
              />
            </span>
            <span className="text-right tabular-nums text-slate-900">{formatMetric(metric, bar.value)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
