/**
 * The pages date 'today' by the server's clock (src/lib/server-clock.ts): an API answer's
 * X-Lamp-Clock moves it, and an answer without one (the real time) puts it back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayUtc } from '../../../src/app/shared/metrics/dateRange.ts';
import { noteServerClock, serverNow } from '../../../src/lib/server-clock.ts';

afterEach(() => {
  noteServerClock(new Headers());
  vi.useRealTimers();
});

describe("the server's clock in the browser", () => {
  it("follows the clock header, and the browser's time without one", () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T10:00:00Z'), toFake: ['Date'] });
    expect(todayUtc()).toBe('2026-11-29');
    noteServerClock(new Headers({ 'x-lamp-clock': '2026-11-01T09:00:00.000Z' }));
    expect(todayUtc()).toBe('2026-11-01');
    vi.setSystemTime(Date.parse('2026-11-29T10:00:05Z'));
    expect(serverNow()).toBe(Date.parse('2026-11-01T09:00:05Z'));
    noteServerClock(new Headers());
    expect(todayUtc()).toBe('2026-11-29');
  });

  it('ignores a header that is not a time', () => {
    noteServerClock(new Headers({ 'x-lamp-clock': 'soon' }));
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(1000);
  });
});
