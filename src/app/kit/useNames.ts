import { useMemo } from 'react';
import { list } from '../../lib/api.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { useAsync } from '../shared/useAsync.ts';
import { recordTitle } from '../../shared/record-title.ts';

/** The id filter takes up to 500 ids a request. */
const CHUNK = 500;

/**
 * The names of the rows of `resource` a page of a list points at (an activation's measurement,
 * its platform), asked once per page: null while they load (a list waits for them: ListView's
 * `pending`); an id missing from the map is a row that no longer exists (or that the user may not
 * see). Names that could not be fetched are the ids themselves, as the CSV has them.
 */
export function useNames(resource: ResourceName, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  const key = `${resource}:${wanted.join(',')}`;
  const result = useAsync(async () => {
    const names = new Map<string, string>();
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const page = await list(resource, { id: wanted.slice(i, i + CHUNK).join(','), limit: CHUNK });
      for (const row of page.data) names.set(row.id, recordTitle(resource, row));
    }
    return { key, names };
  }, key);
  const failed = result.error !== null;
  const fallback = useMemo(
    () =>
      failed
        ? new Map(
            key
              .split(/[:,]/)
              .slice(1)
              .map((id) => [id, id]),
          )
        : null,
    [failed, key],
  );
  // Names of the previous page are not an answer for these ids (nor are those of the render
  // before the request for these has started).
  return fallback ?? (result.data?.key === key ? result.data.names : null);
}
