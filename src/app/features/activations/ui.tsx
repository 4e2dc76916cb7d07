/** Small presentational pieces the activation pages share. */
import { useState } from 'react';
import { Badge, capitalise, STATUS_TONES } from '../../shared/Badge.tsx';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import type { ActivationStatus } from '../../../shared/activations.ts';

/**
 * Spec §4's status colours, read for activations: active is the running, successful state
 * (green); a draft waits to go out as a queued job does (blue); paused and ended are the others
 * (grey).
 */
const STATUS_CLASS: Record<ActivationStatus, string> = {
  active: STATUS_TONES.success,
  draft: STATUS_TONES.queued,
  paused: STATUS_TONES.other,
  ended: STATUS_TONES.other,
};

export function StatusBadge({ status }: { status: ActivationStatus }) {
  return <Badge className={STATUS_CLASS[status]}>{capitalise(status)}</Badge>;
}

export function ListTypeBadge({ type }: { type: 'allow' | 'block' }) {
  return (
    <Badge
      className={
        type === 'allow'
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30'
          : 'bg-rose-50 text-rose-800 ring-rose-600/30'
      }
    >
      {type === 'allow' ? 'Allow' : 'Block'}
    </Badge>
  );
}

/** A deal id with a button that copies it; the button says what it copies to screen readers. */
export function DealId({ value }: { value: string | null }) {
  const [copied, setCopied] = useState(false);
  if (!value) return <span className="text-slate-500">—</span>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      showSuccess(`Deal id ${value} copied`);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      showError(`The deal id could not be copied: select ${value} and copy it`);
    }
  };
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800" data-testid="deal-id">
        {value}
      </code>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy deal id ${value}`}
        title="Copy deal id"
        className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          {copied ? (
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
          ) : (
            <path d="M7 3a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7zm6 10V8a2 2 0 0 0-2-2H7V5h7v8h-1zM4 8h7v7H4V8z" />
          )}
        </svg>
      </button>
    </span>
  );
}

export { Card } from '../../shared/Card.tsx';
export { Skeleton } from '../../shared/EmptyState.tsx';
