/**
 * Data access of the activation pages: small hooks over the API client. Types come from the shared
 * schemas (type-only imports, so zod stays out of these chunks); the rules from
 * src/shared/activations.ts and src/shared/domains.ts.
 */
import { useEffect, useState } from 'react';
import { accountFilter, call, list, type Query } from '../../../lib/api.ts';
import type { DomainPreviewResponse } from '../../../shared/activation-api.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';

export { useAsync, type AsyncState } from '../../shared/useAsync.ts';

/** A value that follows `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface NamedRow {
  id: string;
  name: string;
}

/** Measurements of the account whose name contains `term` (server-side search), largest first. */
export async function searchMeasurements(accountId: string, term: string): Promise<Measurement[]> {
  const query: Query = {
    account: accountFilter(accountId),
    sort: 'desc(impressions),desc(id)',
    limit: 25,
    search: term.trim() || undefined,
  };
  return (await list('measurement', query)).data;
}

export async function fetchPreview(measurement: string, minApm: number): Promise<DomainPreviewResponse['data']> {
  const body = await call<DomainPreviewResponse>('/api/v1/measurement-domains', {
    query: { measurement, min_apm: minApm },
  });
  if (!body) throw new Error('No preview');
  return body.data;
}
