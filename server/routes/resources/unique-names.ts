/**
 * Names a person opens or picks a row by are unique within the row's account, compared without
 * regard to case or surrounding spaces so that two rows cannot differ only in ways a reader would
 * miss: a saved report's (decisions.md §6: /reports/saved/{name} opens it by name) and a label
 * category's (the labels page and the measurement form offer categories by name). The engine
 * checks it through the behaviour table (resource-behaviour.ts) once the write is allowed and
 * valid, and answers 409 with the field named, which the form shows on the name field.
 */
import { invalidField } from '../../http-errors.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';

/** The name field's message of each clash (the answer's message reads "name: …", its issue carries the field). */
export const SAVED_REPORT_NAME_TAKEN = 'A saved report with this name already exists in this account';
export const LABEL_CATEGORY_NAME_TAKEN = 'A label category with this name already exists in this account';

export const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

/** The check for one resource whose rows carry `account` and `name`: a 409 on `name` with `message` on a clash. */
function uniqueNameInAccount(resource: 'saved-report' | 'label-category', message: string) {
  return (repositories: Repositories, row: StoredRow): void => {
    const clash = repositories[resource]
      .byOwners([String(row.account)])
      .some((other) => other.id !== row.id && sameName(other.name, String(row.name)));
    if (clash) throw invalidField('name', message, 409);
  };
}

export const assertSavedReportNameFree = uniqueNameInAccount('saved-report', SAVED_REPORT_NAME_TAKEN);
export const assertLabelCategoryNameFree = uniqueNameInAccount('label-category', LABEL_CATEGORY_NAME_TAKEN);
