/**
 * What the label pages share: the two lists' declarations and the rule for deleting a label that
 * measurements use, said before the user confirms (the server enforces the same rule).
 */
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import type { ResourceListSpec } from '../../kit/useResourceList.ts';

export const categoryList: ResourceListSpec<'label-category'> = {
  resource: 'label-category',
  noun: 'label categories',
  sortFields: ['name', 'created_at'],
  defaultSort: { id: 'name', direction: 'asc' },
};

export const valueList: ResourceListSpec<'label-value'> = {
  resource: 'label-value',
  noun: 'labels',
  sortFields: ['name', 'created_at'],
  defaultSort: { id: 'name', direction: 'asc' },
  pageSizes: [10, 25, 50, 100],
  defaultSize: 10,
  prefix: 'values.',
};

/** What carries a label: the server's own count, the one its delete rule reads (409 while any). */
export interface LabelUsage {
  measurements: number;
  saved_reports: number;
}

/** GET /api/v1/label-value/usage: how many measurements and saved reports carry a label. */
export async function labelUsage(labelId: string): Promise<LabelUsage> {
  return (await callEndpoint('labelUsage', { query: { id: labelId } })).data;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What carries a label, in words: '3 measurements and 1 saved report'. */
export function usageText(uses: LabelUsage): string {
  return `${counted(uses.measurements, 'measurement', 'measurements')} and ${counted(uses.saved_reports, 'saved report', 'saved reports')}`;
}

/**
 * The delete rule in words, said before the user confirms: a label that measurements or saved
 * reports carry is not deleted (the server refuses with the same counts), so nobody's measurement
 * changes behind their back.
 */
export function labelDeleteConsequence(name: string, uses: LabelUsage | null): string {
  if (uses === null)
    return `A label that measurements or saved reports carry cannot be deleted: remove it from them first. Deleting ${name} cannot be undone.`;
  if (uses.measurements + uses.saved_reports === 0)
    return `No measurement or saved report carries ${name}. Deleting it cannot be undone.`;
  return `${name} is carried by ${usageText(uses)}, so it cannot be deleted: remove it from them first.`;
}
