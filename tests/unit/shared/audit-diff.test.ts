import { describe, expect, it } from 'vitest';
import { changeLines, changeSummary, NO_VALUE, referencedIds } from '../../../src/shared/audit-diff.ts';
import { formatDate, formatDateTime } from '../../../src/shared/date-format.ts';

describe('an audit record as a person reads it', () => {
  it('an update: each changed field by its label, before → after, days and instants as the product writes them', () => {
    const event = {
      before: { name: 'Spring', end_date: '2026-03-31', paused_at: null, tags: ['a', 'b'] },
      after: { name: 'Summer', end_date: '2026-06-30', paused_at: '2026-11-26T09:00:00.000Z', tags: [] },
    };
    expect(changeLines(event)).toEqual([
      { field: 'Name', before: 'Spring', after: 'Summer' },
      { field: 'End date', before: formatDate('2026-03-31'), after: formatDate('2026-06-30') },
      { field: 'Paused at', before: NO_VALUE, after: formatDateTime('2026-11-26T09:00:00.000Z') },
      { field: 'Tags', before: 'a, b', after: NO_VALUE },
    ]);
    expect(changeSummary({ before: { name: 'Spring' }, after: { name: 'Summer' } })).toBe('Name: Spring → Summer');
  });

  it('a create or delete: the row’s fields against nothing, without its id and times', () => {
    const row = { id: 'x', created_at: '2026-01-01T00:00:00Z', name: 'Brand', theme: { logo: null, colour: '#fff' } };
    expect(changeLines({ before: null, after: row })).toEqual([
      { field: 'Name', before: NO_VALUE, after: 'Brand' },
      { field: 'Theme', before: NO_VALUE, after: `Logo: ${NO_VALUE}; Colour: #fff` },
    ]);
    expect(changeLines({ before: row, after: null })[0]).toEqual({ field: 'Name', before: 'Brand', after: NO_VALUE });
  });

  it('ids read as their records’ names, metric keys as the metrics’ names, yes and no for flags', () => {
    const names: Record<string, string> = {
      'account:650000000000000000000003': 'Northwind Media',
      'user:651000000000000000000001': 'Ava Okafor',
      'measurement:664000000000000000000028': 'Voyager Cruises – Q4 2026 – Footfall – DOOH',
    };
    const nameOf = (resource: string, id: string) => names[`${resource}:${id}`];
    const created = {
      resource: 'saved-report',
      before: null,
      after: {
        account: '650000000000000000000003',
        created_by: '651000000000000000000001',
        measurements: ['664000000000000000000028', '664000000000000000000099'],
        metrics: ['impressions', 'pct_viewable', 'apm'],
        group_by: ['channel'],
        measured: true,
      },
    };
    expect(changeSummary(created, nameOf)).toBe(
      [
        'Account: — → Northwind Media',
        'Created by: — → Ava Okafor',
        // An id the reader cannot name (deleted, or not theirs to see) stays as it is.
        'Measurements: — → Voyager Cruises – Q4 2026 – Footfall – DOOH, 664000000000000000000099',
        'Metrics: — → Impressions, % Viewable, APM',
        'Group by: — → Channel',
        'Measured impressions only: — → yes',
      ].join('; '),
    );
    expect(changeSummary(created)).not.toMatch(/pct_|created_by|group_by/);
  });

  it('a label’s copy of its category is read through its category field, once', () => {
    const created = {
      resource: 'label-value',
      before: null,
      after: { name: 'Spring', category_id: 'c1', category: { id: 'c1', name: 'Season', account: 'a1' } },
    };
    const nameOf = (resource: string, id: string) =>
      resource === 'label-category' && id === 'c1' ? 'Season' : undefined;
    expect(changeSummary(created, nameOf)).toBe('Name: — → Spring; Category: — → Season');
  });

  it('names the ids a record points at by the resource they are of, for the page to ask', () => {
    const event = {
      resource: 'measurement',
      before: { contract: null, labels: ['663100000000000000000001'] },
      after: { contract: '667000000000000000000002', labels: ['663100000000000000000001', '663100000000000000000002'] },
    };
    expect(referencedIds(event)).toEqual(
      new Map([
        ['label-value', new Set(['663100000000000000000001', '663100000000000000000002'])],
        ['contract', new Set(['667000000000000000000002'])],
      ]),
    );
  });
});
