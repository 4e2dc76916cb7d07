import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, csvCell, parseCsv, toCsv } from '../../../src/shared/csv.ts';

describe('CSV', () => {
  it('reads quoted values, embedded commas, quotes and line breaks, CRLF and a BOM', () => {
    const parsed = parseCsv('\uFEFFName,Note\r\n"Smith, J","said ""hi"""\r\n"two\nlines",x\r\n\r\n');
    expect(parsed.header).toEqual(['Name', 'Note']);
    expect(parsed.rows).toEqual([
      ['Smith, J', 'said "hi"'],
      ['two\nlines', 'x'],
    ]);
    expect(parsed.lines).toEqual([2, 3]);
  });

  it('numbers rows as a spreadsheet shows them: a multi-line value is one row, a blank line is a row', () => {
    const parsed = parseCsv('a,b\n"two\nlines",1\n\nlast,2\n');
    expect(parsed.rows).toEqual([
      ['two\nlines', '1'],
      ['last', '2'],
    ]);
    expect(parsed.lines).toEqual([2, 4]);
  });

  it('reports the line of an unclosed quote', () => {
    expect(() => parseCsv('a,b\n1,2\n"oops,3\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,2\n"oops,3\n');
    } catch (error) {
      expect((error as CsvError).line).toBe(3);
    }
  });

  it('round-trips any table it writes', () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const text = toCsv(['a', 'b'], rows);
        const parsed = parseCsv(text);
        // Two columns: even an empty row is written as ',' and read back as two empty cells.
        expect(parsed.rows).toEqual(rows);
      }),
    );
  });

  it('neutralises spreadsheet formulas in text cells', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
  });
});
