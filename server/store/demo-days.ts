/**
 * Demo freshness: in demo mode the data tells its story at the server's start.
 * A fresh store (first start, reset) is generated for that moment (fixtures/generate.ts, `now`),
 * so names, seasons, financial years and report ranges agree with the dates shown and every
 * instant is past whatever the hour; test mode keeps the committed fixtures (FIXTURE_TODAY at
 * FIXTURE_NOW), byte for byte.
 *
 * The delivery figures are generated on the fixtures' clock and dated forward (fixtures/metrics.ts,
 * dayShift): the data file records that shift (DatabaseDocument.dayShift). A demo store opened
 * on a later day is retold on that day (retellOnToday): what nobody changed becomes that day's
 * story, and what people changed keeps their change, its dates moved on by the difference.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Collections, type Row } from './collections.ts';
import { FIXTURE_TODAY } from '../../src/shared/demo-data.ts';
import { addDays, epochDay } from '../../fixtures/context.ts';
import { shiftCollections } from '../../fixtures/shift.ts';

export { shiftCollections };

/** Today as a UTC day, on the real clock. */
export const realToday = () => new Date().toISOString().slice(0, 10);

/** The day `days` after the fixtures' day. */
export const dayAfterFixtures = (days: number) => addDays(FIXTURE_TODAY, days);

/** Whole days from the fixtures' day to `today` (a UTC day, by default the real one). */
export function demoDayShift(today: string = realToday()): number {
  return epochDay(today) - epochDay(FIXTURE_TODAY);
}

/**
 * A demo store seeded on an earlier day, retold on today: each row nobody changed since
 * it was seeded (it equals the earlier day's story, `then`) becomes today's telling of it (`now`),
 * so its names, financial years and report ranges agree with today's dates; a row someone changed
 * or made keeps their change, its dates moved on by `days`; a row someone deleted stays deleted;
 * and a row that only today's story has (a report that now has delivery to show) is added.
 */
export function retellOnToday(stored: Collections, then: Collections, now: Collections, days: number): Collections {
  const out: Collections = {};
  for (const name of new Set([...Object.keys(stored), ...Object.keys(now)])) {
    const told = new Map((then[name] ?? []).map((row) => [row.id, row]));
    const fresh = new Map((now[name] ?? []).map((row) => [row.id, row]));
    const rows: Row[] = [];
    for (const row of stored[name] ?? []) {
      const before = told.get(row.id);
      if (before && isDeepStrictEqual(row, before)) {
        const today = fresh.get(row.id);
        if (today) rows.push(structuredClone(today));
      } else {
        rows.push((shiftCollections({ row: [row] }, days).row as Row[])[0] as Row);
      }
    }
    for (const [id, row] of fresh) if (!told.has(id)) rows.push(structuredClone(row));
    out[name] = rows;
  }
  return out;
}
