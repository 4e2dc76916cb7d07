import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  domainListCsv,
  MAX_DOMAIN_LIST_ENTRIES,
  NO_ENTRIES,
  normaliseEntries,
  normaliseEntry,
  parseDomainList,
} from '../../../src/shared/domains.ts';

const value = (raw: string) => {
  const result = normaliseEntry(raw);
  return result.ok ? result.value : `ERROR ${result.message}`;
};

describe('normaliseEntry', () => {
  it('keeps domains, app bundle ids and store ids, lower-cased', () => {
    expect(value('theguardian.com')).toBe('theguardian.com');
    expect(value('  BBC.co.UK ')).toBe('bbc.co.uk');
    expect(value('com.King.CandyCrushSaga')).toBe('com.king.candycrushsaga');
    expect(value('uk.co.bbc.news_2')).toBe('uk.co.bbc.news_2');
    expect(value('id284882215')).toBe('id284882215');
    expect(value('12345678')).toBe('12345678');
    expect(value('xn--bcher-kva.de')).toBe('xn--bcher-kva.de');
  });

  it('strips what platforms ignore: scheme, www., path, query, port, trailing dot', () => {
    expect(value('https://www.Telegraph.co.uk/news/?x=1')).toBe('telegraph.co.uk');
    expect(value('http://metro.co.uk:8080/')).toBe('metro.co.uk');
    expect(value('skysports.com.')).toBe('skysports.com');
    expect(value('bücher.de')).toBe('xn--bcher-kva.de');
  });

  it('refuses what is neither, naming it', () => {
    expect(value('london-waterloo-station')).toBe("ERROR 'london-waterloo-station' is not a domain or app bundle id");
    expect(value('not a domain.com')).toMatch(/^ERROR/);
    expect(value('-bad-.com')).toMatch(/^ERROR/);
    expect(value('example..com')).toMatch(/^ERROR/);
    expect(value('=HYPERLINK("x")')).toMatch(/^ERROR/);
    expect(value('   ')).toBe('ERROR is empty');
  });
});

describe('parseDomainList', () => {
  it('reads a one-column CSV with a header, numbering lines as a spreadsheet numbers rows', () => {
    const parsed = parseDomainList('Domain\r\ntheguardian.com\r\nnot valid\r\nmetro.co.uk\r\n\r\nalso bad\r\n');
    expect(parsed.header).toBe(true);
    expect(parsed.entries).toEqual(['theguardian.com', 'metro.co.uk']);
    expect(parsed.issues).toEqual([
      { line: 3, message: "'not valid' is not a domain or app bundle id" },
      { line: 6, message: "'also bad' is not a domain or app bundle id" },
    ]);
  });

  it('reads a file without a header from line 1, and a bad first line is an error, not a header', () => {
    expect(parseDomainList('a.com\nb.com\n')).toMatchObject({ header: false, entries: ['a.com', 'b.com'], issues: [] });
    const parsed = parseDomainList('bad entry.com\nb.com\n');
    expect(parsed.header).toBe(false);
    expect(parsed.issues).toEqual([{ line: 1, message: "'bad entry.com' is not a domain or app bundle id" }]);
  });

  it('merges and counts duplicates after normalising, keeping the first order', () => {
    const parsed = parseDomainList('b.com\nA.com\nhttps://www.b.com/x\na.com\nc.com\n');
    expect(parsed.entries).toEqual(['b.com', 'a.com', 'c.com']);
    expect(parsed.duplicates).toBe(2);
  });

  it('reads the first column only, counting lines with more', () => {
    const parsed = parseDomainList('domain,tier\na.com,high\n"b.com",low\n,orphan\n');
    expect(parsed.entries).toEqual(['a.com', 'b.com']);
    expect(parsed.extraColumns).toBe(3);
    expect(parsed.issues).toEqual([{ line: 4, message: 'The first column is empty' }]);
  });

  it('counts lines from the header even after leading blank lines', () => {
    expect(parseDomainList('\n\ndomain\nbad one\n').issues).toEqual([
      { line: 4, message: "'bad one' is not a domain or app bundle id" },
    ]);
  });

  it('reports an unclosed quote by its line', () => {
    expect(parseDomainList('a.com\n"b.com\n').issues).toEqual([{ line: 2, message: 'A quoted value is not closed' }]);
  });

  it('refuses more than 50,000 entries, and takes exactly 50,000', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `site${i}.example.com`).join('\n');
    expect(parseDomainList(lines(MAX_DOMAIN_LIST_ENTRIES)).issues).toEqual([]);
    const over = parseDomainList(lines(MAX_DOMAIN_LIST_ENTRIES + 1));
    expect(over.issues[0]?.message).toBe('The list has 50,001 entries; a domain list holds at most 50,000');
  });

  it('reads back what it writes: a downloaded list uploads as the same list', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      // At least one entry: an upload of no entries is refused (NO_ENTRIES).
      fc.property(
        fc.array(fc.tuple(label, fc.constantFrom('com', 'co.uk', 'tv')), { minLength: 1, maxLength: 40 }),
        (pairs) => {
          const entries = [...new Set(pairs.map(([host, tld]) => `${host}.${tld}`))];
          const parsed = parseDomainList(domainListCsv(entries));
          expect(parsed.issues).toEqual([]);
          expect(parsed.entries).toEqual(entries);
        },
      ),
    );
  });
});

describe('normaliseEntries', () => {
  it('names bad entries by position and merges duplicates', () => {
    expect(normaliseEntries(['A.com', 'a.com', 'nope', 'b.com'])).toEqual({
      entries: ['a.com', 'b.com'],
      duplicates: 1,
      issues: [{ index: 2, message: "'nope' is not a domain or app bundle id" }],
    });
  });
});

describe('the server’s CSV and formula-like values', () => {
  it('writes a downloaded list through the browser exports’ rule: a formula-like cell is neutralised', () => {
    const lines = domainListCsv(['=cmd|calc', '+1', '-1', '@SUM(A1)', 'a.com']).split('\r\n');
    expect(lines.slice(1, 6)).toEqual(["'=cmd|calc", "'+1", "'-1", "'@SUM(A1)", 'a.com']);
  });

  it('every server file that answers text/csv builds it with src/shared/csv.ts (toCsv, or domainListCsv or tableCsv on it)', () => {
    const root = path.resolve(import.meta.dirname, '../../../server');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    // A file that sets a CSV content type (an answer or a mail attachment), not one that only
    // describes it (the API document).
    const setsCsv = /content[-_]type['"]?\s*[:,]\s*['"]text\/csv/;
    const writers = files.filter((file) => setsCsv.test(readFileSync(path.join(root, file), 'utf8')));
    expect(writers.length).toBeGreaterThan(2);
    for (const file of writers)
      expect(readFileSync(path.join(root, file), 'utf8'), file).toMatch(/\b(toCsv|domainListCsv|tableCsv)\(/);
    // The report's CSV (a scheduled report's attachment, the page's export) is toCsv underneath.
    const reportTable = readFileSync(path.resolve(root, '../src/shared/report-table.ts'), 'utf8');
    expect(reportTable.slice(reportTable.indexOf('export function tableCsv('))).toMatch(/return toCsv\(/);
  });
});

describe('an upload with no entries', () => {
  it('is an issue on line 1, not an empty list: control characters, blank lines, a header alone', () => {
    for (const text of ['\u0001\u0002\u0003', '\r\n\r\n', 'Domain\n'])
      expect(parseDomainList(text).issues, JSON.stringify(text)).toEqual([{ line: 1, message: NO_ENTRIES }]);
  });
});
