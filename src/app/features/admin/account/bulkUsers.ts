/**
 * Bulk-create input: a CSV file or pasted lines of first name, last name, e-mail and role. A
 * header row is optional (recognised by its names, in any order); without one the columns are
 * taken in that order. Tabs (pasted from a spreadsheet) work as well as commas.
 */
import { CsvError, parseCsv } from '../../../../shared/csv.ts';
import { BULK_USER_FIELDS, type BulkUserField } from '../../../../shared/schemas/account-users.ts';

const HEADER_NAMES: Record<string, BulkUserField> = {
  'first name': 'first_name',
  first_name: 'first_name',
  firstname: 'first_name',
  'last name': 'last_name',
  last_name: 'last_name',
  lastname: 'last_name',
  surname: 'last_name',
  email: 'email',
  'e-mail': 'email',
  'email address': 'email',
  'e-mail address': 'email',
  role: 'role',
};

export type BulkInputRow = Record<BulkUserField, string>;

export interface BulkInput {
  rows: BulkInputRow[];
  /** Set when the text could not be read at all. */
  error: string | null;
}

export function readBulkUsers(text: string): BulkInput {
  if (!text.trim()) return { rows: [], error: null };
  const tabbed = !text.includes(',') && text.includes('\t');
  let parsed;
  try {
    parsed = parseCsv(tabbed ? text.replace(/\t/g, ',') : text);
  } catch (error) {
    const line = error instanceof CsvError ? error.line : 1;
    return { rows: [], error: `The input is not valid CSV (line ${line}: ${(error as Error).message})` };
  }
  const headerFields = parsed.header.map((cell) => HEADER_NAMES[cell.trim().toLowerCase()]);
  const hasHeader = headerFields.filter(Boolean).length >= 2;
  const columns: (BulkUserField | undefined)[] = hasHeader ? headerFields : [...BULK_USER_FIELDS];
  const records = hasHeader ? parsed.rows : [parsed.header, ...parsed.rows];
  const rows = records
    .filter((cells) => cells.some((cell) => cell.trim() !== ''))
    .map((cells) => {
      const row: BulkInputRow = { first_name: '', last_name: '', email: '', role: '' };
      columns.forEach((field, index) => {
        if (field) row[field] = (cells[index] ?? '').trim();
      });
      row.role = row.role.toLowerCase() || 'read';
      return row;
    });
  return { rows, error: null };
}
