/**
 * Data access of the measurement pages: small hooks over the API client. Types come from the
 * shared schemas (type-only imports, so zod stays out of the dashboard's chunk).
 */
import { call, getOne, list, type Query } from '../../../lib/api.ts';
import type { MetricsResponse } from '../../../shared/measurement-api.ts';
import type { Measurement, ResourceName, ResourceRow } from '../../../shared/schemas/index.ts';

export { useAsync, type AsyncState } from '../../kit/useAsync.ts';
import { useAsync, type AsyncState } from '../../kit/useAsync.ts';

export const fetchMeasurement = (id: string) => getOne('measurement', id);

export function useMeasurement(id: string): AsyncState<Measurement> {
  return useAsync(() => fetchMeasurement(id), id);
}

/** The resources whose rows have a name: lookups and small per-account lists. */
export type NamedResource = {
  [Name in ResourceName]: ResourceRow<Name> extends { name: string } ? Name : never;
}[ResourceName];

export interface NamedRow {
  id: string;
  name: string;
}

/** A lookup table or small per-account list, for pickers and for showing ids as names. */
export function useNamedList(resource: NamedResource, query: Query = {}): AsyncState<NamedRow[]> {
  const key = `${resource}?${JSON.stringify(query)}`;
  return useAsync(
    async () => (await list(resource, { limit: 500, sort: 'asc(name),asc(id)', ...query })).data as NamedRow[],
    key,
  );
}

export async function fetchMetrics(query: Query): Promise<MetricsResponse['data']> {
  const body = await call<MetricsResponse>('/api/v1/measurement-metrics', { query });
  if (!body) throw new Error('No metrics');
  return body.data;
}
