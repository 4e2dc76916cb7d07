/**
 * A saved report's name is unique within its account (decisions.md §6: /reports/saved/{name}
 * opens it by name), compared without regard to case or surrounding spaces so that two reports
 * cannot differ only in ways a reader would miss. The engine checks it through the behaviour
 * table (resource-behaviour.ts) once the write is allowed and valid, and answers 409 with the
 * field named, which the save form shows on the name field.
 */
import { HttpError } from '../../http-errors.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';

export const SAVED_REPORT_NAME_TAKEN = 'name: a saved report with this name already exists in this account';

export const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

export function assertSavedReportNameFree(repositories: Repositories, row: StoredRow): void {
  const clash = repositories['saved-report']
    .byOwners([String(row.account)])
    .some((other) => other.id !== row.id && sameName(other.name, String(row.name)));
  if (clash) throw new HttpError(409, SAVED_REPORT_NAME_TAKEN);
}
