/** Small presentational parts the Spotlight pages share. */
import type { ComponentProps } from 'react';
import { Card as SharedCard } from '../../shared/Card.tsx';
import { STUDY_CONTEXT_LABELS, type StudyContext } from '../../../shared/spotlight-words.ts';
import type { StudyStatus } from '../../../shared/spotlight-rules.ts';
import {
  capitalise,
  compareWithNorm,
  formatDifference,
  formatFigure,
  VERDICT_CLASS,
  VERDICT_TEXT,
  type FigureSpec,
} from './format.ts';

export { Skeleton } from '../../shared/EmptyState.tsx';

/** The shared card, which may shrink in its grid cell (min-w-0): the asset page's grids hold wide creatives. */
export function Card({ className = '', ...props }: ComponentProps<typeof SharedCard>) {
  return <SharedCard {...props} className={`min-w-0 ${className}`} />;
}

const STATUS_CLASS: Record<StudyStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-300',
  fielding: 'bg-amber-50 text-amber-800 ring-amber-300',
  complete: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

export function StatusBadge({ status }: { status: StudyStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_CLASS[status]}`}
    >
      {capitalise(status)}
    </span>
  );
}

export const contextLabel = (context: StudyContext) => STUDY_CONTEXT_LABELS[context];

/** A figure with its category norm and the difference, coloured (and worded, not colour alone). */
export function FigureWithNorm({
  spec,
  value,
  norm,
  size = 'md',
}: {
  spec: FigureSpec;
  value: number;
  norm: number | undefined;
  size?: 'md' | 'lg';
}) {
  const verdict = norm === undefined ? 'level' : compareWithNorm(value, norm, spec.lowerIsBetter);
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{spec.label}</dt>
      <dd className={`${size === 'lg' ? 'text-2xl' : 'text-lg'} font-semibold text-slate-900 tabular-nums`}>
        {formatFigure(value, spec.kind)}
      </dd>
      {norm !== undefined ? (
        <dd className="text-xs text-slate-600">
          Norm {formatFigure(norm, spec.kind)}{' '}
          <span className={`font-medium ${VERDICT_CLASS[verdict]}`} title={VERDICT_TEXT[verdict]}>
            {formatDifference(value, norm, spec.kind)}
            <span className="sr-only"> ({VERDICT_TEXT[verdict]})</span>
          </span>
        </dd>
      ) : null}
    </div>
  );
}
