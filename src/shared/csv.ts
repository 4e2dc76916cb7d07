/**
 * RFC 4180 CSV, both ways: the server parses uploads with it and the dashboard writes its export
 * with it, so quoting rules cannot differ between what we read and what we write.
 */

export interface ParsedCsv {
  header: string[];
  /** 1-based line number of the header in the file (1 unless blank lines come first). */
  headerLine: number;
  /** Data rows, each as long as it was in the file (callers check the width). */
  rows: string[][];
  /**
   * The row number of each data row as a spreadsheet shows the file, for error reports: the
   * header is row 1 and the first data row row 2; a blank line is a row; a quoted value that runs
   * over several lines stays in one row.
   */
  lines: number[];
}

export class CsvError extends Error {
  line: number;
  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

/**
 * Parses CSV text; throws CsvError (with the row where the quote opened) on an unterminated quote.
 * Blank lines are skipped.
 */
export function parseCsv(text: string): ParsedCsv {
  const records: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let sawAny = false;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRecord = () => {
    cells.push(cell);
    if (sawAny || cells.length > 1 || cell !== '') records.push({ cells, line: recordLine });
    cells = [];
    cell = '';
    sawAny = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        // A line break inside quotes stays in the cell's row.
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      quoted = true;
      sawAny = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      sawAny = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new CsvError('A quoted value is not closed', recordLine);
  endRecord();
  const [head, ...rest] = records;
  return {
    header: (head?.cells ?? []).map((h) => h.trim()),
    headerLine: head?.line ?? 1,
    rows: rest.map((r) => r.cells),
    lines: rest.map((r) => r.line),
  };
}

const needsQuotes = /[",\r\n]/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula is prefixed with an apostrophe
 * (OWASP CSV injection); numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
