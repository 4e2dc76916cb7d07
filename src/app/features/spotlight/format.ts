/**
 * Figures of the Spotlight pages and how they compare with their category norm: which direction
 * is better (a shorter time to notice is; a longer dwell is), and the difference as text.
 */
export type FigureKind = 'pct' | 'seconds' | 'points';

export interface FigureSpec {
  label: string;
  kind: FigureKind;
  /** True when a lower value is better (times to notice). */
  lowerIsBetter?: boolean;
}

export const ASSET_FIGURES = {
  noticed_pct: { label: '% noticed', kind: 'pct' },
  dwell_s: { label: 'Dwell', kind: 'seconds' },
  ttff_s: { label: 'Time to first fixation', kind: 'seconds', lowerIsBetter: true },
} as const satisfies Record<string, FigureSpec>;

export const AOI_FIGURES = {
  seen_pct: { label: '% seen', kind: 'pct' },
  time_to_notice_s: { label: 'Time to notice', kind: 'seconds', lowerIsBetter: true },
  dwell_s: { label: 'Dwell', kind: 'seconds' },
  seen_first_pct: { label: '% seen first', kind: 'pct' },
  revisited_pct: { label: '% revisited', kind: 'pct' },
} as const satisfies Record<string, FigureSpec>;

export function formatFigure(value: number | null | undefined, kind: FigureKind): string {
  if (value == null || !Number.isFinite(value)) return '—';
  if (kind === 'pct') return `${value.toFixed(1)}%`;
  if (kind === 'seconds') return `${value.toFixed(value >= 10 ? 1 : 2)} s`;
  return `${value > 0 ? '+' : ''}${value.toFixed(1)} pts`;
}

export type Verdict = 'better' | 'worse' | 'level';

/** Within 3% of the norm counts as level. */
export function compareWithNorm(value: number, norm: number, lowerIsBetter = false): Verdict {
  if (!norm) return 'level';
  const ratio = (value - norm) / norm;
  if (Math.abs(ratio) < 0.03) return 'level';
  return ratio > 0 !== lowerIsBetter ? 'better' : 'worse';
}

/** "+4.2 pts" for percentages, "−0.30 s" for times: the difference in the figure's own unit. */
export function formatDifference(value: number, norm: number, kind: FigureKind): string {
  const diff = value - norm;
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  const size = Math.abs(diff);
  if (kind === 'pct' || kind === 'points') return `${sign}${size.toFixed(1)} pts`;
  return `${sign}${size.toFixed(size >= 10 ? 1 : 2)} s`;
}

export const VERDICT_CLASS: Record<Verdict, string> = {
  better: 'text-emerald-700',
  worse: 'text-red-700',
  level: 'text-slate-600',
};

export const VERDICT_TEXT: Record<Verdict, string> = {
  better: 'better than norm',
  worse: 'worse than norm',
  level: 'in line with norm',
};

// One formatter for the whole app (src/shared/date-format.ts); the Spotlight pages keep this name.
export { formatDate as formatDay } from '../../../shared/date-format.ts';

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A study's sample as people write it: '3 cells of 150 panellists' (one source for every page). */
export function sampleText(study: { sample_size: number; cells: number }): string {
  return `${study.cells} ${study.cells === 1 ? 'cell' : 'cells'} of ${study.sample_size} panellists`;
}
