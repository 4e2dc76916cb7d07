/**
 * Data access of the measurement pages: small hooks over the API client. Types come from the
 * shared schemas (type-only imports, so zod stays out of the dashboard's chunk).
 */
import { call, getOne, list, type Query } from '../../../lib/api.ts';
import type { MetricsResponse } from '../../../shared/measurement-api.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';
import { useAsync, type AsyncState } from '../../shared/useAsync.ts';

export const fetchMeasurement = (id: string) => getOne<Measurement>('measurement', id);

export function useMeasurement(id: string): AsyncState<Measurement> {
  return useAsync(() => fetchMeasurement(id), id);
}

export interface NamedRow {
  id: string;
  name: string;
}

/** A lookup table or small per-account list, for pickers and for showing ids as names. */
export function useNamedList(resource: string, query: Query = {}): AsyncState<NamedRow[]> {
  const key = `${resource}?${JSON.stringify(query)}`;
  return useAsync(
    async () => (await list<NamedRow>(resource, { limit: 500, sort: 'asc(name),asc(id)', ...query })).data,
    key,
  );
}

export async function fetchMetrics(query: Query): Promise<MetricsResponse['data']> {
  const body = await call<MetricsResponse>('/api/v1/measurement-metrics', { query });
  if (!body) throw new Error('No metrics');
  return body.data;
}
