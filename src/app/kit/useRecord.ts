import { getOne } from '../../lib/api.ts';
import { useAsync, type AsyncState } from '../shared/useAsync.ts';

/**
 * One record by id (spec §7: the first element of data). None found is an error with the spec's
 * text: 'An error occurred while fetching the {resource}.'
 */
export function useRecord<T>(resource: string, id: string | null | undefined): AsyncState<T> {
  return useAsync<T>(() => getOne<T>(resource, id ?? ''), `${resource}:${id ?? ''}`);
}
