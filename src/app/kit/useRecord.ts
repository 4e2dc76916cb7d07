import { getVersioned } from '../../lib/api.ts';
import type { ResourceName, ResourceRow } from '../../shared/schemas/index.ts';
import { useAsync, type AsyncState } from '../shared/useAsync.ts';

export interface RecordState<Row> extends AsyncState<Row> {
  /** The row's version (its ETag), which the client sends with the record's writes; null until loaded. */
  version: string | null;
}

/**
 * One record by id (spec §7: the first element of data), with its version. Reading it here is
 * what makes its writes safe: the API client remembers the version and sends it with every save
 * or delete of the record, and a 412 asks the conflict dialog. The version also keys a form, so
 * a reload starts it again from the stored row. None
 * found is an error with the spec's text: 'An error occurred while fetching the {resource}.'
 */
export function useRecord<Name extends ResourceName>(
  resource: Name,
  id: string | null | undefined,
): RecordState<ResourceRow<Name>> {
  // No id yet (a dialog that creates): nothing to load.
  const state = useAsync(() => getVersioned(resource, id ?? ''), id ? `${resource}:${id}` : null);
  return { ...state, data: state.data?.data ?? null, version: state.data?.version ?? null };
}
