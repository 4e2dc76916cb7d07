/** Small presentational parts the Spotlight pages share. */
import type { ReactNode } from 'react';
import { STUDY_CONTEXT_LABELS, type StudyContext } from '../../../shared/schemas/spotlight.ts';
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

export function Card({
  title,
  actions,
  children,
  className = '',
  labelledBy,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title ? (
            <h2 id={labelledBy} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
          ) : (
            <span />
          )}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
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

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200/70 ${className}`} />;
}

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
