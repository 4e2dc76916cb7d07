import { list } from '../../lib/api.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { useAsync } from '../shared/useAsync.ts';
import { recordTitle } from '../../shared/record-title.ts';

/** The id filter takes up to 500 ids a request. */
const CHUNK = 500;

/**
 * The names of the rows of `resource` a page of a list points at (an activation's measurement,
 * its platform), asked once per page: null while they load; an id missing from the map is a row
 * that no longer exists (or that the user may not see).
 */
export function useNames(resource: ResourceName, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  const result = useAsync(
    async () => {
      const names = new Map<string, string>();
      for (let i = 0; i < wanted.length; i += CHUNK) {
        const page = await list(resource, { id: wanted.slice(i, i + CHUNK).join(','), limit: CHUNK });
        for (const row of page.data) names.set(row.id, recordTitle(resource, row));
      }
      return names;
    },
    `${resource}:${wanted.join(',')}`,
  );
  // Names of the previous page stay in the map while these load: not yet an answer for these ids.
  return result.loading ? null : (result.data ?? null);
}
