import { describe, expect, it } from 'vitest';
import { dueSlot, isTimeZone, nextRunAfter, timeZoneNames, type ScheduleRule } from '../../../src/shared/schedule.ts';

const at = (iso: string) => new Date(iso);
const next = (rule: ScheduleRule, after: string) => nextRunAfter(rule, at(after)).toISOString();

describe('nextRunAfter', () => {
  const daily: ScheduleRule = { frequency: 'daily', time: '09:00', time_zone: 'Europe/London' };

  it('runs a daily schedule at its time in its zone, later the same day or the next', () => {
    expect(next(daily, '2026-11-26T08:59:00Z')).toBe('2026-11-26T09:00:00.000Z');
    expect(next(daily, '2026-11-26T09:00:00Z')).toBe('2026-11-27T09:00:00.000Z');
    // Summer time: 09:00 in London is 08:00 UTC.
    expect(next(daily, '2026-07-01T12:00:00Z')).toBe('2026-07-02T08:00:00.000Z');
  });

  it('reads the day in the zone, not in UTC', () => {
    const tokyo: ScheduleRule = { frequency: 'daily', time: '07:00', time_zone: 'Asia/Tokyo' };
    // 23:00 UTC on the 26th is 08:00 on the 27th in Tokyo: the next 07:00 there is on the 28th.
    expect(next(tokyo, '2026-11-26T23:00:00Z')).toBe('2026-11-27T22:00:00.000Z');
    const la: ScheduleRule = { frequency: 'daily', time: '20:00', time_zone: 'America/Los_Angeles' };
    expect(next(la, '2026-11-27T03:00:00Z')).toBe('2026-11-27T04:00:00.000Z');
  });

  it('runs weekly on its weekday', () => {
    const monday: ScheduleRule = { frequency: 'weekly', weekday: 'monday', time: '08:30', time_zone: 'UTC' };
    // 26 Nov 2026 is a Thursday.
    expect(next(monday, '2026-11-26T12:00:00Z')).toBe('2026-11-30T08:30:00.000Z');
    expect(next(monday, '2026-11-30T08:30:00Z')).toBe('2026-12-07T08:30:00.000Z');
    const sunday: ScheduleRule = { ...monday, weekday: 'sunday' };
    expect(next(sunday, '2026-11-26T12:00:00Z')).toBe('2026-11-29T08:30:00.000Z');
  });

  it('runs monthly on its day, and on the last day of a shorter month', () => {
    const the31st: ScheduleRule = { frequency: 'monthly', month_day: 31, time: '06:00', time_zone: 'UTC' };
    expect(next(the31st, '2026-11-01T00:00:00Z')).toBe('2026-11-30T06:00:00.000Z');
    expect(next(the31st, '2026-11-30T06:00:00Z')).toBe('2026-12-31T06:00:00.000Z');
    expect(next(the31st, '2027-01-31T06:00:00Z')).toBe('2027-02-28T06:00:00.000Z');
    expect(next(the31st, '2028-01-31T06:00:00Z')).toBe('2028-02-29T06:00:00.000Z');
    const the15th: ScheduleRule = { frequency: 'monthly', month_day: 15, time: '06:00', time_zone: 'UTC' };
    expect(next(the15th, '2026-11-15T06:00:01Z')).toBe('2026-12-15T06:00:00.000Z');
  });

  it('runs a time skipped by spring-forward after the change, once', () => {
    // London skips 01:00–02:00 on 29 March 2026: 01:30 runs at 02:30 BST (01:30 UTC).
    const rule: ScheduleRule = { frequency: 'daily', time: '01:30', time_zone: 'Europe/London' };
    expect(next(rule, '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    expect(next(rule, '2026-03-29T01:30:00Z')).toBe('2026-03-30T00:30:00.000Z');
    // New York skips 02:00–03:00 on 8 March 2026: 02:30 runs at 03:30 EDT (07:30 UTC).
    const ny: ScheduleRule = { frequency: 'daily', time: '02:30', time_zone: 'America/New_York' };
    expect(next(ny, '2026-03-08T00:00:00Z')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('runs a time that happens twice in the autumn the first time only', () => {
    // London repeats 01:00–02:00 on 25 October 2026: 01:30 BST (00:30 UTC), not 01:30 GMT.
    const rule: ScheduleRule = { frequency: 'daily', time: '01:30', time_zone: 'Europe/London' };
    expect(next(rule, '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    expect(next(rule, '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
  });

  it('keeps a weekly slot on its wall-clock time across a change of offset', () => {
    const rule: ScheduleRule = { frequency: 'weekly', weekday: 'monday', time: '09:00', time_zone: 'Europe/Paris' };
    expect(next(rule, '2026-10-20T00:00:00Z')).toBe('2026-10-26T08:00:00.000Z');
    expect(next(rule, '2026-10-26T08:00:00Z')).toBe('2026-11-02T08:00:00.000Z');
    expect(next(rule, '2026-10-19T00:00:00Z')).toBe('2026-10-19T07:00:00.000Z');
  });
});

describe('dueSlot (catch-up)', () => {
  const daily: ScheduleRule = { frequency: 'daily', time: '09:00', time_zone: 'UTC' };

  it('is null before the next slot', () => {
    expect(dueSlot(daily, at('2026-11-26T09:00:00Z'), at('2026-11-27T08:59:59Z'))).toBeNull();
  });

  it('is the slot once it has passed', () => {
    expect(dueSlot(daily, at('2026-11-26T09:00:00Z'), at('2026-11-27T09:00:00Z'))?.toISOString()).toBe(
      '2026-11-27T09:00:00.000Z',
    );
  });

  it('runs once, for the latest slot, after a server was down over several', () => {
    const slot = dueSlot(daily, at('2026-11-20T09:00:00Z'), at('2026-11-26T10:00:00Z'));
    expect(slot?.toISOString()).toBe('2026-11-26T09:00:00.000Z');
    // After that run nothing more is due until the next slot.
    expect(dueSlot(daily, slot!, at('2026-11-26T10:00:00Z'))).toBeNull();
    // Down for a year: still one run.
    const monthly: ScheduleRule = { frequency: 'monthly', month_day: 31, time: '09:00', time_zone: 'UTC' };
    expect(dueSlot(monthly, at('2025-11-01T00:00:00Z'), at('2026-11-26T00:00:00Z'))?.toISOString()).toBe(
      '2026-10-31T09:00:00.000Z',
    );
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('timeZoneNames, the zones the schedule form offers', () => {
  it('lists UTC and the IANA zones, each one the server accepts, once and in order', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('Europe/London');
    expect(names).toContain('Asia/Tokyo');
    expect(names.every(isTimeZone)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
  });
});
