/** Status badges: one pill style, with the spec's status colours (§4). */
import type { ReactNode } from 'react';
import { measurementStatusLabel } from '../../shared/measurement-status.ts';

/**
 * Spec §4's status colours, the one palette status badges read: success green, failure red,
 * queued blue, any other state grey. A feature maps its own states onto these tones.
 */
export const STATUS_TONES = {
  success: 'bg-green-100 text-green-800 ring-green-600/30',
  failure: 'bg-red-100 text-red-800 ring-red-600/30',
  queued: 'bg-blue-100 text-blue-800 ring-blue-600/30',
  other: 'bg-slate-100 text-slate-700 ring-slate-500/30',
} as const;

/** Spec §4: successful/success green, failed/error red, queued blue, any other state grey. */
export function importStatusClass(status: string): string {
  if (status === 'successful' || status === 'success') return STATUS_TONES.success;
  if (status === 'failed' || status === 'error') return STATUS_TONES.failure;
  if (status === 'queued') return STATUS_TONES.queued;
  return STATUS_TONES.other;
}

/** The measurement statuses' tones (the one palette: badges, the home page's cards). */
export const MEASUREMENT_STATUS_TONES: Record<string, string> = {
  live: 'bg-green-100 text-green-800 ring-green-600/30',
  paused: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  completed: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  draft: 'bg-white text-slate-700 ring-slate-400/40',
};

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`}
    >
      {children}
    </span>
  );
}

export function MeasurementStatusBadge({ status }: { status: string }) {
  return (
    <Badge className={MEASUREMENT_STATUS_TONES[status] ?? MEASUREMENT_STATUS_TONES.draft!}>
      {measurementStatusLabel(status)}
    </Badge>
  );
}

export function ImportStatusBadge({ status }: { status: string }) {
  return <Badge className={importStatusClass(status)}>{capitalise(status)}</Badge>;
}
