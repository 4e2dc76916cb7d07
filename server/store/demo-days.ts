/**
 * Demo freshness (issue 16): the fixtures are made on a fixed clock (FIXTURE_NOW, 1 November
 * 2026), so a live demo weeks later would show nothing in 'last 7 days'. In demo mode every date
 * of the data moves by whole days so that the fixtures' day is today: flights, imports, contracts,
 * Spotlight studies, timestamps. The generated delivery follows (fixtures/metrics.ts, dayShift):
 * the same figures, dated moved. Test mode keeps the fixed clock: its data is the fixtures, byte
 * for byte.
 *
 * The data file records how far its data was moved (DatabaseDocument.dayShift), so a demo store
 * opened on a later day moves again by the difference, and a reset starts from today's move.
 */
import { FIXTURE_TODAY, type Collections } from '../../fixtures/generate.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** Whole days from the fixtures' day to `today` (a UTC day, by default the real one). */
export function demoDayShift(today: string = new Date().toISOString().slice(0, 10)): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${FIXTURE_TODAY}T00:00:00Z`)) / DAY_MS);
}

function shiftValue(value: unknown, days: number): unknown {
  if (typeof value === 'string') {
    if (DAY.test(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    if (TIMESTAMP.test(value)) return new Date(Date.parse(value) + days * DAY_MS).toISOString();
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => shiftValue(item, days));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = shiftValue(item, days);
    return out;
  }
  return value;
}

/**
 * Every collection with each date ('YYYY-MM-DD') and timestamp (ISO, UTC) moved by `days` whole
 * days. New row objects (rows are never changed in place); other values as they are.
 */
export function shiftCollections(collections: Collections, days: number): Collections {
  if (days === 0) return collections;
  return shiftValue(collections, days) as Collections;
}
