/**
 * The journal's filters on what a request carried (GET /api/v1/testing/journal and /count):
 * its query parameters, a header, and JSON its body contains, as WireMock's verify matches them.
 * Each compiles once per listing into a predicate over a recorded entry.
 */
import type { StoredEntry } from './journal.ts';

export interface CarriedFilter {
  /** A query string: each parameter must be there with that value (one of a repeated one's). */
  query?: string;
  /** 'name: value' (that value, as recorded) or 'name' (present); the name in any case. */
  header?: string;
  /** JSON text the recorded body contains (see contains). */
  body?: string;
}

/**
 * Whether `actual` contains `expected`: an object every field of the expected one (recursively),
 * anything else equal (arrays element by element, in order and length).
 */
export function contains(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected);
  if (actual === null || typeof actual !== 'object') return false;
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => contains(actual[index], item))
    );
  if (Array.isArray(actual)) return false;
  const record = actual as Record<string, unknown>;
  return Object.entries(expected).every(([key, value]) => Object.hasOwn(record, key) && contains(record[key], value));
}

/** A predicate for the filters given, or null when none is. */
export function carriedMatcher(filter: CarriedFilter): ((entry: StoredEntry) => boolean) | null {
  const tests: ((entry: StoredEntry) => boolean)[] = [];
  if (filter.query !== undefined) {
    const wanted = [...new URLSearchParams(filter.query)];
    tests.push(({ query }) =>
      wanted.every(([name, value]) => {
        const sent = Object.hasOwn(query, name) ? query[name] : undefined;
        return Array.isArray(sent) ? sent.includes(value) : sent === value;
      }),
    );
  }
  if (filter.header !== undefined) {
    const colon = filter.header.indexOf(':');
    const name = (colon === -1 ? filter.header : filter.header.slice(0, colon)).trim().toLowerCase();
    const value = colon === -1 ? null : filter.header.slice(colon + 1).trim();
    tests.push(({ headers }) => Object.hasOwn(headers, name) && (value === null || headers[name] === value));
  }
  if (filter.body !== undefined) {
    const expected: unknown = JSON.parse(filter.body);
    tests.push(({ body }) => contains(body, expected));
  }
  return tests.length === 0 ? null : (entry) => tests.every((test) => test(entry));
}
