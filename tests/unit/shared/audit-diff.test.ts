import { describe, expect, it } from 'vitest';
import { changeLines, changeSummary, NO_VALUE } from '../../../src/shared/audit-diff.ts';
import { formatDate, formatDateTime } from '../../../src/shared/date-format.ts';

describe('an audit record as a person reads it', () => {
  it('an update: each changed field, before → after, days and instants as the product writes them', () => {
    const event = {
      before: { name: 'Spring', end_date: '2026-03-31', paused_at: null, channels: ['a', 'b'] },
      after: { name: 'Summer', end_date: '2026-06-30', paused_at: '2026-11-26T09:00:00.000Z', channels: [] },
    };
    expect(changeLines(event)).toEqual([
      { field: 'name', before: 'Spring', after: 'Summer' },
      { field: 'end_date', before: formatDate('2026-03-31'), after: formatDate('2026-06-30') },
      { field: 'paused_at', before: NO_VALUE, after: formatDateTime('2026-11-26T09:00:00.000Z') },
      { field: 'channels', before: 'a, b', after: NO_VALUE },
    ]);
    expect(changeSummary({ before: { name: 'Spring' }, after: { name: 'Summer' } })).toBe('name: Spring → Summer');
  });

  it('a create or delete: the row’s fields against nothing, without its id and times', () => {
    const row = { id: 'x', created_at: '2026-01-01T00:00:00Z', name: 'Brand', theme: { logo: null, colour: '#fff' } };
    expect(changeLines({ before: null, after: row })).toEqual([
      { field: 'name', before: NO_VALUE, after: 'Brand' },
      { field: 'theme', before: NO_VALUE, after: `logo: ${NO_VALUE}; colour: #fff` },
    ]);
    expect(changeLines({ before: row, after: null })[0]).toEqual({ field: 'name', before: 'Brand', after: NO_VALUE });
  });
});
