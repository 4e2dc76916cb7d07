import { formatDay } from '../../shared/metrics/dateRange.ts';
import type { Loaded } from './reportLoad.ts';
import { requestedRange, type ReportState } from '../../../shared/report-state.ts';

/**
 * "Showing 1 Oct 2026 to 31 Oct 2026 · 12 measurements": the range line, the largest text the page
 * paints first. An absolute range is written from the URL before the data arrives (a relative one
 * reads "Loading the date range…" until then) and only the count waits, so the line is there from
 * the page's first paint and keeps its place when the figures arrive.
 */
export function RangeLine({ state, loaded }: { state: ReportState; loaded: Loaded | null }) {
  const requested = requestedRange(state);
  const range = loaded
    ? {
        start: loaded.data.start_date,
        end: loaded.data.end_date,
        previous:
          loaded.comparison?.kind === 'previous'
            ? { start: loaded.comparison.other.start_date, end: loaded.comparison.other.end_date }
            : null,
      }
    : requested;
  const count = loaded?.data.measurements.length;
  return (
    <p className="mt-3 text-sm text-slate-600" aria-live="polite" data-testid="report-range">
      {range ? (
        <>
          Showing {formatDay(range.start)} to {formatDay(range.end)}
          {range.previous
            ? `, against ${formatDay(range.previous.start)} to ${formatDay(range.previous.end)}`
            : ''} ·{' '}
          {count === undefined ? (
            <span className="text-slate-500">counting measurements…</span>
          ) : (
            `${count} measurement${count === 1 ? '' : 's'}`
          )}
        </>
      ) : (
        'Loading the date range…'
      )}
      {state.measured ? ' · measured impressions only' : ''}
    </p>
  );
}
