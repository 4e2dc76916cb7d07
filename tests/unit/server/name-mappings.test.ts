import { describe, expect, it } from 'vitest';
import { nameMapper } from '../../../server/routes/measurements/name-mappings.ts';
import type { Repositories } from '../../../server/store/repositories.ts';
import type { MetricRow } from '../../../src/shared/metrics.ts';

/** Just enough of the repositories for the mapper: mappings by account, lookups by id. */
function repositories(mappings: Record<string, unknown>[], lookups: Record<string, { id: string; name: string }[]>) {
  const table = (rows: { id: string }[]) => ({
    byId: (id: string) => rows.find((row) => row.id === id),
    findBy: (field: string, value: unknown) => rows.filter((row) => (row as Record<string, unknown>)[field] === value),
  });
  return {
    'name-mapping': table(mappings as { id: string }[]),
    ...Object.fromEntries(Object.entries(lookups).map(([name, rows]) => [name, table(rows)])),
  } as unknown as Repositories;
}

const row: MetricRow = {
  measurement: 'm',
  date: '2026-05-01',
  channel: 'OLV',
  media_partner: 'fb ',
  format: 'MPU',
  device: 'Mobile',
  domain: 'HP_TAKEOVER',
  creative: 'v2_final',
  impressions: 10,
  measured: 9,
  viewable: 8,
  viewed: 5,
  total_viewable_time: 40,
  total_view_time: 12,
  cost: 1,
};

describe('the name mapper', () => {
  it('renames each dimension by its account’s mappings, whatever the case, and leaves the rest', () => {
    const repos = repositories(
      [
        { id: '1', account: 'a', type: 'media-partner', source_name: 'FB', target: 'mp1', clean_name: null },
        { id: '2', account: 'a', type: 'placement', source_name: 'hp_takeover', target: null, clean_name: 'Homepage' },
        { id: '3', account: 'b', type: 'creative', source_name: 'v2_final', target: null, clean_name: 'Other account' },
        { id: '4', account: 'a', type: 'format', source_name: 'MPU', target: 'gone', clean_name: null },
        { id: '5', account: 'a', type: 'media-type', source_name: 'OLV', target: 'mt1', clean_name: null },
      ],
      { 'media-partner': [{ id: 'mp1', name: 'Meta' }], format: [], 'media-type': [{ id: 'mt1', name: 'Video' }] },
    );
    const map = nameMapper(repos, 'a');
    expect(map).not.toBeNull();
    const mapped = map!(row);
    expect(mapped).toMatchObject({ media_partner: 'Meta', domain: 'Homepage', creative: 'v2_final', format: 'MPU' });
    expect(mapped.channel).toBe('OLV');
    expect(row.media_partner).toBe('fb ');
    const untouched = { ...row, media_partner: 'Google', domain: 'bbc.co.uk' };
    expect(map!(untouched)).toBe(untouched);
  });

  it('is null for an account without mappings', () => {
    expect(nameMapper(repositories([], {}), 'a')).toBeNull();
  });
});
