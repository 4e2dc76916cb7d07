/**
 * The names of the records a page of audit records points at (a measurement's contract, a saved
 * report's maker, by their names: the registry's title fields), asked once per page and resource, so the change lines read names, not ids
 * (src/shared/audit-diff.ts). An id whose record is gone, or that the reader may not see, stays
 * an id; until the names arrive the lines show ids.
 */
import { useCallback } from 'react';
import { list } from '../../lib/api.ts';
import { referencedIds, type NameOf } from '../../shared/audit-diff.ts';
import { recordTitle } from '../../shared/record-title.ts';
import { isResourceName } from '../../shared/schemas/index.ts';
import type { AuditEvent } from '../../shared/schemas/audit-event.ts';
import { useAsync } from './useAsync.ts';

/** The id filter takes up to 500 ids a request. */
const CHUNK = 500;

export function useChangeNames(events: readonly AuditEvent[] | undefined): NameOf {
  const wanted = new Map<string, Set<string>>();
  for (const event of events ?? [])
    for (const [resource, ids] of referencedIds(event))
      if (isResourceName(resource))
        for (const id of ids) wanted.set(resource, (wanted.get(resource) ?? new Set()).add(id));
  const key = [...wanted].map(([resource, ids]) => `${resource}:${[...ids].sort().join(',')}`).join('|');
  const names = useAsync(async () => {
    const found = new Map<string, string>();
    for (const [resource, ids] of wanted) {
      if (!isResourceName(resource)) continue;
      const all = [...ids];
      for (let i = 0; i < all.length; i += CHUNK) {
        // A resource the reader may not list (users, for a root of one account) leaves its ids as they are.
        const page = await list(resource, { id: all.slice(i, i + CHUNK).join(','), limit: CHUNK }).catch(() => null);
        for (const row of page?.data ?? []) found.set(`${resource}:${row.id}`, recordTitle(resource, row));
      }
    }
    return found;
  }, key);
  const data = names.data;
  return useCallback((resource: string, id: string) => data?.get(`${resource}:${id}`), [data]);
}
