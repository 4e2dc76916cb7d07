import { describe, expect, it } from 'vitest';
import { anchorDay, rangeLength, resolveRange } from '../../../src/app/shared/metrics/dateRange.ts';

const flight = { start_date: '2026-09-01', end_date: '2026-11-30' };

describe('dashboard date ranges', () => {
  it('ends relative ranges today while the flight runs', () => {
    expect(resolveRange('last_7', flight, '2026-11-22')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(rangeLength('2026-11-16', '2026-11-22')).toBe(7);
    expect(resolveRange('last_30', flight, '2026-11-22')).toEqual({ start: '2026-10-24', end: '2026-11-22' });
  });

  it('keeps ranges inside the flight', () => {
    expect(resolveRange('last_90', flight, '2026-11-22')).toEqual({ start: '2026-09-01', end: '2026-11-22' });
    expect(resolveRange('flight', flight, '2026-11-22')).toEqual({ start: '2026-09-01', end: '2026-11-22' });
  });

  it("ends on the flight's last day once it is over, and on its first before it starts", () => {
    expect(anchorDay(flight, '2027-01-10')).toBe('2026-11-30');
    expect(resolveRange('last_7', flight, '2027-01-10')).toEqual({ start: '2026-11-24', end: '2026-11-30' });
    expect(resolveRange('last_7', flight, '2026-08-01')).toEqual({ start: '2026-09-01', end: '2026-09-01' });
  });
});
