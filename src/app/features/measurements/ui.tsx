/** Small presentational pieces the measurement pages share. */
import { Badge } from '../../shared/metrics/ui.tsx';

/** Spec §4: successful/success green, failed/error red, queued blue, any other state grey. */
export function importStatusClass(status: string): string {
  if (status === 'successful' || status === 'success') return 'bg-green-100 text-green-800 ring-green-600/30';
  if (status === 'failed' || status === 'error') return 'bg-red-100 text-red-800 ring-red-600/30';
  if (status === 'queued') return 'bg-blue-100 text-blue-800 ring-blue-600/30';
  return 'bg-slate-100 text-slate-700 ring-slate-500/30';
}

const MEASUREMENT_STATUS: Record<string, string> = {
  live: 'bg-green-100 text-green-800 ring-green-600/30',
  paused: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  completed: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  draft: 'bg-white text-slate-700 ring-slate-400/40',
};

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function MeasurementStatusBadge({ status }: { status: string }) {
  return <Badge className={MEASUREMENT_STATUS[status] ?? MEASUREMENT_STATUS.draft!}>{capitalise(status)}</Badge>;
}

export function ImportStatusBadge({ status }: { status: string }) {
  return <Badge className={importStatusClass(status)}>{capitalise(status)}</Badge>;
}
