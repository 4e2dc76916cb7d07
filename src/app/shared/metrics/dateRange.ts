/**
 * The dashboard's date range: absolute, or relative (last 7/30/90 days, flight to date).
 * Relative ranges end on the last day that can have delivery: today, or the flight's end if it
 * has ended (a completed campaign's "last 7 days" are its final week, not an empty week).
 * Ranges never reach outside the flight.
 */
import { serverNow } from '../../../lib/server-clock.ts';

export const RELATIVE_RANGES = [
  { id: 'last_7', label: 'Last 7 days', days: 7 },
  { id: 'last_30', label: 'Last 30 days', days: 30 },
  { id: 'last_90', label: 'Last 90 days', days: 90 },
  { id: 'flight', label: 'Flight to date', days: null },
] as const;

export type RelativeRange = (typeof RELATIVE_RANGES)[number]['id'];
export type RangeChoice = RelativeRange | 'custom';

export interface Flight {
  start_date: string;
  end_date: string;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const clamp = (day: string, lo: string, hi: string) => (day < lo ? lo : day > hi ? hi : day);

/** Today as a UTC day, on the server's clock (a test sandbox's may be set elsewhere). */
export function todayUtc(now = new Date(serverNow())): string {
  return now.toISOString().slice(0, 10);
}

/** The last day a relative range may cover. */
export function anchorDay(flight: Flight, today: string): string {
  return clamp(today, flight.start_date, flight.end_date);
}

export function resolveRange(choice: RelativeRange, flight: Flight, today: string): { start: string; end: string } {
  const end = anchorDay(flight, today);
  const preset = RELATIVE_RANGES.find((r) => r.id === choice);
  if (!preset?.days) return { start: flight.start_date, end };
  return { start: clamp(addDays(end, -(preset.days - 1)), flight.start_date, end), end };
}

/** Whole days in an inclusive range. */
export function rangeLength(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

// One formatter for the whole app (src/shared/date-format.ts); these names stay for the dashboards.
export {
  formatDate as formatDay,
  formatShortDate as formatShortDay,
  formatDateRange as formatFlight,
} from '../../../shared/date-format.ts';
