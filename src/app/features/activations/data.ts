/**
 * Data access of the activation pages: small hooks over the API client. Types come from the shared
 * schemas (type-only imports, so zod stays out of these chunks); the rules from
 * src/shared/activations.ts and src/shared/domains.ts.
 */
import { useEffect, useState } from 'react';
import { accountOwners, list, type WriteOptions } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import type {
  ActivationSettingsBody,
  ActivationSettingsResponse,
  DomainPreviewResponse,
} from '../../../shared/activation-api.ts';
import type { Activation, DomainList, Measurement } from '../../../shared/schemas/index.ts';
import { listQuery, sortKeys } from '../../../shared/list-query-text.ts';

export { useAsync } from '../../shared/useAsync.ts';

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
  const query = listQuery('measurement', {
    account: accountOwners(accountId),
    sort: sortKeys('impressions', 'desc'),
    limit: 25,
    search: term.trim() || undefined,
  });
  return (await list('measurement', query)).data;
}

export async function fetchPreview(measurement: string, minApm: number): Promise<DomainPreviewResponse['data']> {
  return (await callEndpoint('domainPreview', { query: { measurement, min_apm: minApm } })).data;
}

/**
 * Saves an activation's settings together (its allow list re-derived on the server), as a write of
 * the activation read by id: the client sends the version it read, and a 412 asks the conflict
 * dialog (Reload runs `onReload`).
 */
export async function saveSettings(
  id: string,
  body: ActivationSettingsBody,
  { onReload }: WriteOptions,
): Promise<ActivationSettingsResponse['data']> {
  const answer = await callEndpoint('updateActivationSettings', {
    query: { id },
    body,
    record: { resource: 'activation', id },
    onReload,
  });
  return answer.data;
}

/** What an activation's page shows beside it: its source measurement and its domain list. */
export async function loadActivationContext(
  activation: Pick<Activation, 'measurement' | 'domain_list'>,
): Promise<{ measurement: Measurement | null; list: DomainList | null }> {
  const [measurement, domainList] = await Promise.all([
    activation.measurement ? list('measurement', { id: activation.measurement }) : null,
    activation.domain_list ? list('domain-list', { id: activation.domain_list }) : null,
  ]);
  return { measurement: measurement?.data[0] ?? null, list: domainList?.data[0] ?? null };
}
