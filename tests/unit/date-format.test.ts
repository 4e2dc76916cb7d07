import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatMonth,
  formatShortDate,
} from '../../src/shared/date-format.ts';

describe('dates as people read them', () => {
  it('writes a day the same way from a day or a timestamp', () => {
    expect(formatDate('2026-03-14')).toBe('14 Mar 2026');
    expect(formatDate('2026-03-14T23:59:00Z')).toBe('14 Mar 2026');
    expect(formatShortDate('2026-03-14')).toBe('14 Mar');
  });

  it('keeps a range on one reading, start then end', () => {
    expect(formatDateRange('2026-10-01', '2026-12-31')).toBe('1 Oct 2026 – 31 Dec 2026');
  });

  it('writes an instant with its time', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 14, 8))).toBe('26 Nov 2026, 14:08');
  });

  it('returns what it cannot read unchanged rather than "Invalid Date"', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('months as people read them', () => {
  it('writes a month from its key or a day in it', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-11-26')).toBe('Nov 2026');
    expect(formatMonth('later')).toBe('later');
  });
});
