/**
 * What the label pages share: the two lists' declarations and the rule for deleting a label that
 * measurements use, said before the user confirms (the server enforces the same rule).
 */
import { accountFilter, list } from '../../../lib/api.ts';
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

/** How many of the account's measurements carry a label (the list's count, one row fetched). */
export async function labelUsage(labelId: string, accountId: string): Promise<number> {
  const page = await list('measurement', { account: accountFilter(accountId), label_ids: labelId, limit: 1, skip: 0 });
  return page.count;
}

/** The delete rule in words: a used label is taken off its measurements, which keep everything else. */
export function labelDeleteConsequence(name: string, uses: number | null): string {
  if (uses === null) return `Deleting ${name} takes it off every measurement that carries it.`;
  if (uses === 0) return `No measurement carries ${name}. Deleting it cannot be undone.`;
  return `${uses} measurement${uses === 1 ? '' : 's'} carr${uses === 1 ? 'ies' : 'y'} ${name}. Deleting it takes it off ${uses === 1 ? 'that measurement' : 'those measurements'}; they keep everything else.`;
}
