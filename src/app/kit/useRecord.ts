import { getVersioned } from '../../lib/api.ts';
import type { ResourceName, ResourceRow } from '../../shared/schemas/index.ts';
import { useAsync, type AsyncState } from '../shared/useAsync.ts';

export interface RecordState<Row> extends AsyncState<Row> {
  /** The row's version (its ETag), for an edit to send back as If-Match; null until loaded. */
  version: string | null;
}

/**
 * One record by id (spec §7: the first element of data), with its version for optimistic
 * concurrency (a kit form saves with it and gets a 412 if someone else saved meanwhile). None
 * found is an error with the spec's text: 'An error occurred while fetching the {resource}.'
 */
export function useRecord<Name extends ResourceName>(
  resource: Name,
  id: string | null | undefined,
): RecordState<ResourceRow<Name>> {
  const state = useAsync(() => getVersioned(resource, id ?? ''), `${resource}:${id ?? ''}`);
  return { ...state, data: state.data?.data ?? null, version: state.data?.version ?? null };
}
