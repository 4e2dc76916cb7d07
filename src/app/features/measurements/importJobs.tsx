/** What the import pages share: the job as the list shows it, progress, the progress bar. */
import { useEffect } from 'react';
import { AUTO_REFRESH_MS } from '../../../shared/constants.ts';
import type { ImportJob } from '../../../shared/schemas/index.ts';
import { importStatusClass } from '../../shared/Badge.tsx';

export const isActive = (job: { status: string }) => job.status === 'queued' || job.status === 'running';

/** 0..1: queued is 0, running is the share of rows checked, finished is 1. */
/**
 * Reloads every 5 s while any job shown is still queued or running (spec §9 auto refresh), and
 * stops once every one has finished, so a finished page asks the server nothing more.
 */
export function useAutoRefresh(active: boolean, reload: () => void) {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(reload, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, reload]);
}

export function jobProgress(job: ImportJob): number {
  if (job.status === 'queued') return 0;
  if (!isActive(job)) return 1;
  return job.rows_total ? Math.min(1, (job.rows_processed ?? 0) / job.rows_total) : 0;
}

const BAR: Record<string, string> = {
  successful: 'bg-green-600',
  failed: 'bg-red-600',
  queued: 'bg-blue-600',
};

export function ProgressBar({ value, status, label }: { value: number; status: string; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${BAR[status] ?? 'bg-slate-500'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className={`w-10 text-right text-xs tabular-nums ${importStatusClass(status).split(' ')[1] ?? ''}`}>
        {percent}%
      </span>
    </div>
  );
}
