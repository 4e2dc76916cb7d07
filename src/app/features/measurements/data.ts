/**
 * Data access of the measurement pages: small hooks over the API client. Types come from the
 * shared schemas (type-only imports, so zod stays out of the dashboard's chunk).
 */
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { getOne, getVersioned, list, type Query, type Versioned } from '../../../lib/api.ts';
import type { MetricsQuery, MetricsResponse } from '../../../shared/measurement-api.ts';
import type { Measurement, ResourceName, ResourceRow } from '../../../shared/schemas/index.ts';

export { useAsync, type AsyncState } from '../../shared/useAsync.ts';
import { useAsync, type AsyncState } from '../../shared/useAsync.ts';
import { BY_NAME, listQuery } from '../../../shared/list-query-text.ts';
import type { ListBase } from '../../kit/listState.ts';

export const fetchMeasurement = (id: string) => getOne('measurement', id);

export function useMeasurement(id: string): AsyncState<Measurement> {
  return useAsync(() => fetchMeasurement(id), id);
}

/** The resources whose rows have a name: lookups and small per-account lists. */
export type NamedResource = {
  [Name in ResourceName]: ResourceRow<Name> extends { name: string } ? Name : never;
}[ResourceName];

/** The measurement with its version, for the edit form (optimistic concurrency). */
export function useVersionedMeasurement(id: string): AsyncState<Versioned<Measurement>> {
  return useAsync(() => getVersioned('measurement', id), id);
}

export interface NamedRow {
  id: string;
  name: string;
}

/** A lookup table or small per-account list, for pickers and for showing ids as names. */
export function useNamedList<Name extends NamedResource>(
  resource: Name,
  base: ListBase<Name> = {},
): AsyncState<NamedRow[]> {
  return useAsync(
    async () => (await list(resource, listQuery(resource, { limit: 500, sort: BY_NAME, ...base }))).data as NamedRow[],
    `${resource}?${JSON.stringify(base)}`,
  );
}

export async function fetchMetrics(query: Query): Promise<MetricsResponse['data']> {
  // The dashboard builds the query from its URL; the server checks it.
  return (await callEndpoint('measurementMetrics', { query: query as MetricsQuery })).data;
}
