import { once } from './once.ts';

/**
 * How the product writes dates and times, everywhere a person reads them: '26 Nov 2026' and
 * '26 Nov 2026, 14:08'. ISO strings stay for CSV files and the API only.
 *
 * Days (a flight's start, a contract's end, a report range) are calendar days of the product,
 * which keeps them in UTC, so a day never moves with the viewer's time zone. Instants (when a user
 * signed in, when an import ran) are shown in the viewer's own zone, as any app shows a time.
 */
// Each format is made the first time it is used (see once.ts).
const day = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const month = once(() => new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }));
const shortDay = once(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const instant = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** Milliseconds of a day ('2026-11-26') or of the day of a timestamp; NaN when unreadable. */
function dayTime(value: string): number {
  return Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
}

/** A day: '26 Nov 2026'. Takes '2026-11-26' or a full timestamp (its UTC day); anything unreadable is returned as given. */
export function formatDate(value: string): string {
  const t = dayTime(value);
  return Number.isNaN(t) ? value : day().format(t);
}

/** A day without its year, for ranges and axes within one year: '26 Nov'. */
export function formatShortDate(value: string): string {
  const t = dayTime(value);
  return Number.isNaN(t) ? value : shortDay().format(t);
}

/** A calendar month ('2026-11' or a day in it): 'Nov 2026'. */
export function formatMonth(value: string): string {
  const t = dayTime(value.length === 7 ? `${value}-01` : value);
  return Number.isNaN(t) ? value : month().format(t);
}

/** An instant in the viewer's zone: '26 Nov 2026, 14:08'. */
export function formatDateTime(value: string | number | Date): string {
  const t = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(t) ? String(value) : instant().format(t);
}

/** An inclusive range of days: '1 Oct 2026 – 31 Dec 2026'. */
export function formatDateRange(start: string, end: string): string {
  return `${formatDate(start)} – ${formatDate(end)}`;
}
