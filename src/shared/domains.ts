/**
 * Domain list entries (decisions.md §7): web domains and app bundle ids, one per line of an
 * uploaded one-column CSV or of pasted text. The browser checks a file with this module before
 * it is sent (every bad line shown at once), and the server parses the same text with it again
 * before anything is saved, so the two can never disagree on what a valid entry is.
 */
import { parseCsv, toCsv } from './csv.ts';

/** The most entries a domain list holds. */
export const MAX_DOMAIN_LIST_ENTRIES = 50_000;

/** The header of a downloaded list; an upload with it (or any header) reads the same. */
export const DOMAIN_CSV_HEADER = 'domain';

/** A web domain: dot-separated labels of letters, digits and hyphens, ending in a letter TLD. */
const DOMAIN = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** A reverse-DNS app bundle id (Android package, iOS bundle): com.example.app, uk.co.bbc.news_2. */
const BUNDLE = /^(?=.{3,253}$)[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+$/;
/** A numeric store id (Apple App Store, Roku channel), optionally with Apple's 'id' prefix. */
const STORE_ID = /^(?:id)?\d{5,12}$/;

/** The forms a normalised entry takes, for the API document (a stored list's entries match one). */
export const NORMALISED_ENTRY_PATTERNS = [DOMAIN, BUNDLE, STORE_ID].map((pattern) => pattern.source);

/**
 * What a client may send as one entry, for the API document: the rule normaliseEntry applies,
 * with the patterns its result must match taken from the patterns themselves.
 */
export const INPUT_ENTRY_RULE =
  'A web domain, an app bundle id or a numeric store id. The server normalises it the way buying platforms compare ' +
  "entries (lower case; a scheme, path, port, trailing dot or leading 'www.' dropped; an internationalised domain in " +
  `its xn-- form) and refuses it (400, by its position) unless the result matches one of: ${NORMALISED_ENTRY_PATTERNS.join(' | ')}. ` +
  'Duplicates are merged.';

export type EntryResult = { ok: true; value: string } | { ok: false; message: string };

const quote = (raw: string) => `'${raw.length > 60 ? `${raw.slice(0, 57)}…` : raw}'`;

/**
 * One entry, normalised the way buying platforms compare them: lower case, without a scheme,
 * path, port, trailing dot or leading 'www.', internationalised names in their xn-- form.
 */
export function normaliseEntry(raw: string): EntryResult {
  let value = raw.trim().toLowerCase();
  if (value === '') return { ok: false, message: 'is empty' };
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.split(/[/?#]/, 1)[0] ?? '';
  value = value.replace(/:\d+$/, '').replace(/\.$/, '');
  // Non-ASCII: let the URL parser give the punycode form of an internationalised domain.
  if (/[^\x20-\x7e]/.test(value)) {
    try {
      value = new URL(`http://${value}`).hostname;
    } catch {
      return { ok: false, message: `${quote(raw.trim())} is not a domain or app bundle id` };
    }
  }
  if (value.startsWith('www.') && DOMAIN.test(value.slice(4))) value = value.slice(4);
  if (DOMAIN.test(value) || BUNDLE.test(value) || STORE_ID.test(value)) return { ok: true, value };
  return { ok: false, message: `${quote(raw.trim())} is not a domain or app bundle id` };
}

/** True for an entry already in its normalised form (what a stored list holds). */
export function isNormalisedEntry(value: string): boolean {
  const result = normaliseEntry(value);
  return result.ok && result.value === value;
}

export interface LineIssue {
  /** The line as a spreadsheet numbers its rows: with a header, the first entry is line 2. */
  line: number;
  message: string;
}

export interface ParsedDomainList {
  /** Normalised entries, each once, in the order they first appear. */
  entries: string[];
  /** Lines whose entry repeated an earlier one (after normalising), merged into it. */
  duplicates: number;
  /** Whether the first line was taken as a column header. */
  header: boolean;
  /** Lines with more than one column: only the first is read. */
  extraColumns: number;
  /** Every bad line, in file order. Any issue means nothing may be saved. */
  issues: LineIssue[];
}

/** The first line is a header when it is not an entry and has no dot in it ('Domain', 'App bundle id'). */
function isHeader(cell: string): boolean {
  return !cell.includes('.') && !normaliseEntry(cell).ok;
}

/**
 * Reads an uploaded one-column CSV or pasted text: one entry per line, an optional header, other
 * columns ignored, blank lines skipped, duplicates merged and counted. Problems are reported per
 * line; past the 50,000-entry limit the whole input is refused.
 */
export function parseDomainList(text: string): ParsedDomainList {
  const result: ParsedDomainList = { entries: [], duplicates: 0, header: false, extraColumns: 0, issues: [] };
  let csv;
  try {
    csv = parseCsv(text);
  } catch (error) {
    const line = (error as { line?: number }).line ?? 1;
    result.issues.push({ line, message: (error as Error).message });
    return result;
  }
  const records: { cells: string[]; line: number }[] = [];
  if (csv.header.length && csv.header.some((cell) => cell !== '')) {
    if (isHeader(csv.header[0] ?? '')) result.header = true;
    else records.push({ cells: csv.header, line: csv.headerLine });
  }
  csv.rows.forEach((cells, index) => records.push({ cells, line: csv.lines[index] ?? index + 2 }));
  const seen = new Set<string>();
  for (const { cells, line } of records) {
    const first = cells[0] ?? '';
    if (cells.slice(1).some((cell) => cell.trim() !== '')) result.extraColumns += 1;
    if (first.trim() === '') {
      result.issues.push({ line, message: 'The first column is empty' });
      continue;
    }
    const entry = normaliseEntry(first);
    if (!entry.ok) {
      result.issues.push({ line, message: entry.message });
      continue;
    }
    if (seen.has(entry.value)) {
      result.duplicates += 1;
      continue;
    }
    seen.add(entry.value);
    result.entries.push(entry.value);
  }
  if (result.entries.length > MAX_DOMAIN_LIST_ENTRIES) {
    result.issues.unshift({ line: 1, message: tooManyEntries(result.entries.length) });
  }
  // Nothing but blank lines, control characters or a header-like line: not a list.
  if (result.entries.length === 0 && result.issues.length === 0) {
    result.issues.push({ line: 1, message: NO_ENTRIES });
  }
  return result;
}

export const NO_ENTRIES = 'The text holds no domain or app bundle id';
/** A list sent as JSON with no entries: every route that makes or changes a list refuses it. */
export const EMPTY_LIST = 'A domain list must hold at least one domain or app bundle id';

export const tooManyEntries = (count: number) =>
  `The list has ${count.toLocaleString('en-GB')} entries; a domain list holds at most ${MAX_DOMAIN_LIST_ENTRIES.toLocaleString('en-GB')}`;

/** Normalises and merges entries given as a list (the JSON API); problems name their position. */
export function normaliseEntries(values: readonly string[]): {
  entries: string[];
  duplicates: number;
  issues: { index: number; message: string }[];
} {
  const seen = new Set<string>();
  const entries: string[] = [];
  const issues: { index: number; message: string }[] = [];
  let duplicates = 0;
  values.forEach((raw, index) => {
    const entry = normaliseEntry(raw);
    if (!entry.ok) issues.push({ index, message: entry.message });
    else if (seen.has(entry.value)) duplicates += 1;
    else {
      seen.add(entry.value);
      entries.push(entry.value);
    }
  });
  return { entries, duplicates, issues };
}

/** The list as a one-column CSV with a header: uploading it again gives the same list. */
export function domainListCsv(entries: readonly string[]): string {
  return toCsv(
    [DOMAIN_CSV_HEADER],
    entries.map((entry) => [entry]),
  );
}

/** A file name for a list's download. */
export function domainListFileName(name: string): string {
  return `${name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'domain-list'}.csv`;
}
