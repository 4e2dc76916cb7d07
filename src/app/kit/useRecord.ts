import { getOne } from '../../lib/api.ts';
import type { ResourceName, ResourceRow } from '../../shared/schemas/index.ts';
import { useAsync, type AsyncState } from '../shared/useAsync.ts';

/**
 * One record by id (spec §7: the first element of data). None found is an error with the spec's
 * text: 'An error occurred while fetching the {resource}.'
 */
export function useRecord<Name extends ResourceName>(
  resource: Name,
  id: string | null | undefined,
): AsyncState<ResourceRow<Name>> {
  return useAsync(() => getOne(resource, id ?? ''), `${resource}:${id ?? ''}`);
}
