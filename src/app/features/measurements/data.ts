/**
 * Data access of the measurement pages: small hooks over the API client. Types come from the
 * shared schemas (type-only imports, so zod stays out of the dashboard's chunk).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, getOne, getVersioned, list, type Query, type Versioned } from '../../../lib/api.ts';
import type { MetricsResponse } from '../../../shared/measurement-api.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';

export interface AsyncState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` whenever `key` changes; a newer run wins over an older one still in flight, so a
 * quick change of date range cannot show stale figures.
 */
export function useAsync<T>(load: () => Promise<T>, key: string): AsyncState<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export const fetchMeasurement = (id: string) => getOne<Measurement>('measurement', id);

export function useMeasurement(id: string): AsyncState<Measurement> {
  return useAsync(() => fetchMeasurement(id), id);
}

/** The measurement with its version, for the edit form (optimistic concurrency). */
export function useVersionedMeasurement(id: string): AsyncState<Versioned<Measurement>> {
  return useAsync(() => getVersioned<Measurement>('measurement', id), id);
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
