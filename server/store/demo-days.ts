/**
 * Demo freshness (issues 16 and 27): in demo mode the data tells its story on the server's today.
 * A fresh store (first start, reset) is generated for today (fixtures/generate.ts, `today`), so
 * names, seasons, financial years and report ranges agree with the dates shown; test mode keeps
 * the committed fixtures (FIXTURE_TODAY), byte for byte.
 *
 * The delivery figures are generated on the fixtures' clock and dated forward (fixtures/metrics.ts,
 * dayShift): the data file records that shift (DatabaseDocument.dayShift). A demo store opened
 * on a later day keeps what people changed in it and moves its dates on by the difference.
 */
import { FIXTURE_TODAY } from '../../fixtures/generate.ts';
export { shiftCollections } from '../../fixtures/shift.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today as a UTC day, on the real clock. */
export const realToday = () => new Date().toISOString().slice(0, 10);

/** Whole days from the fixtures' day to `today` (a UTC day, by default the real one). */
export function demoDayShift(today: string = realToday()): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${FIXTURE_TODAY}T00:00:00Z`)) / DAY_MS);
}
