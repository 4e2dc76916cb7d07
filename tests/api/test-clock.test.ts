/**
 * Test mode's fixed clock (issue 49): every sandbox's clock starts at the fixtures' moment
 * (or LAMP_TEST_CLOCK's), runs on from there, and a reset puts it back, so the same test reads
 * the same figures on any day of the year; a reset may choose another moment instead.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_NOW, ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { loadConfig } from '../../server/config.ts';
import type { ReportData } from '../../src/shared/report-api.ts';
import { CLOCK_HEADER } from '../../src/shared/http-headers.ts';
import type { ClockAnswer } from '../../src/shared/schemas/sandbox.ts';
import type { Measurement } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';
import { signInThrough } from '../helpers/http.ts';

const FIXTURE_MOMENT = new Date(FIXTURE_NOW).toISOString();
const header = (sandbox: string): Record<string, string> => ({ 'x-lamp-sandbox': sandbox });

describe('LAMP_TEST_CLOCK', () => {
  it("starts test mode at the fixtures' moment unless it names another, or real", () => {
    expect(loadConfig({ LAMP_MODE: 'test' }).testClock).toBe(FIXTURE_NOW);
    expect(loadConfig({ LAMP_MODE: 'test', LAMP_TEST_CLOCK: '2026-11-08T12:00:00+02:00' }).testClock).toBe(
      Date.parse('2026-11-08T10:00:00Z'),
    );
    expect(loadConfig({ LAMP_MODE: 'test', LAMP_TEST_CLOCK: 'real' }).testClock).toBeNull();
    expect(loadConfig({ LAMP_MODE: 'demo' }).testClock).toBeNull();
  });

  it('refuses a value that is no instant, and any value outside test mode', () => {
    expect(() => loadConfig({ LAMP_MODE: 'test', LAMP_TEST_CLOCK: 'tomorrow' })).toThrow(
      /LAMP_TEST_CLOCK: must be an ISO instant such as 2026-11-01T09:00:00Z, or real/,
    );
    expect(() => loadConfig({ LAMP_MODE: 'demo', LAMP_TEST_CLOCK: '2026-11-01T09:00:00Z' })).toThrow(
      /applies to test mode only/,
    );
  });
});

describe("test mode's clock", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ testClock: FIXTURE_NOW });
  }, 60_000);
  afterAll(() => app.close());

  const readClock = async (sandbox: string) =>
    (await app.inject({ url: '/api/v1/testing/clock', headers: header(sandbox) })).json<ClockAnswer>();
  const reset = (sandbox: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/testing/reset',
      headers: header(sandbox),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("starts at the fixtures' moment and runs on, whatever the machine's date", async () => {
    vi.useFakeTimers({ now: Date.parse('2031-02-17T15:00:00Z'), toFake: ['Date'] });
    try {
      const clock = await readClock('fixed-a');
      expect(clock).toEqual({ sandbox: 'fixed-a', now: FIXTURE_MOMENT, frozen: false, real: false });
      vi.setSystemTime(Date.parse('2031-02-17T15:00:02Z'));
      expect((await readClock('fixed-a')).now).toBe('2026-11-01T09:00:02.000Z');
      // The default state too.
      const outside = (await app.inject({ url: '/api/v1/testing/clock' })).json<ClockAnswer>();
      expect(outside.now.slice(0, 10)).toBe('2026-11-01');
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the same "last 7 days" on two different days of the machine', async () => {
    const measurement = (app.db.low.data.collections.measurement as unknown as Measurement[]).find(
      (m) =>
        m.account === ACCOUNT_IDS.northwind &&
        m.status !== 'draft' &&
        m.start_date <= '2026-10-20' &&
        m.end_date >= '2026-11-01',
    )!;
    const lastWeek = async (machineDay: string) => {
      vi.useFakeTimers({ now: Date.parse(`${machineDay}T10:00:00Z`), toFake: ['Date'] });
      try {
        const sandbox = `days-${machineDay}`;
        expect((await reset(sandbox)).statusCode).toBe(200);
        const cookie = await signInThrough(app, 'reader@northwind.test', { sandbox });
        const response = await app.inject({
          url: `/api/v1/report-data?measurement=${measurement.id}&relative_date=last_7_days&group_by=day`,
          headers: { ...header(sandbox), cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: ReportData }>().data;
      } finally {
        vi.useRealTimers();
      }
    };
    const first = await lastWeek('2027-03-04');
    const second = await lastWeek('2029-08-21');
    expect([first.start_date, first.end_date]).toEqual(['2026-10-26', '2026-11-01']);
    expect(second).toEqual(first);
  });

  it('goes back to its start on a reset, after a test moved it', async () => {
    await app.inject({
      method: 'PUT',
      url: '/api/v1/testing/clock',
      headers: header('fixed-back'),
      payload: { now: '2027-01-01T00:00:00Z', frozen: true },
    });
    expect((await readClock('fixed-back')).now).toBe('2027-01-01T00:00:00.000Z');
    expect((await reset('fixed-back')).statusCode).toBe(200);
    const clock = await readClock('fixed-back');
    expect(clock.frozen).toBe(false);
    expect(Date.parse(clock.now) - FIXTURE_NOW).toBeLessThan(5_000);
  });

  it('lets a reset choose where the clock stands, for the sandbox by name too', async () => {
    expect((await reset('fixed-chosen', { clock: { now: '2026-12-24T18:00:00Z', frozen: true } })).statusCode).toBe(
      200,
    );
    expect(await readClock('fixed-chosen')).toMatchObject({ now: '2026-12-24T18:00:00.000Z', frozen: true });
    const byName = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/sandboxes/fixed-named/reset',
      payload: { clock: { now: null } },
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect((await readClock('fixed-named')).real).toBe(true);
  });

  it('refuses a bad reset body with 400 and resets nothing', async () => {
    await app.inject({
      method: 'PUT',
      url: '/api/v1/testing/clock',
      headers: header('fixed-bad'),
      payload: { now: '2026-10-15T00:00:00Z', frozen: true },
    });
    for (const [payload, message] of [
      [{ clock: { now: 'yesterday' } }, 'clock.now: must be an ISO date-time such as 2026-11-01T09:00:00Z, or null'],
      [{ clock: '2026-11-01' }, 'clock'],
      [{ clok: {} }, 'clok'],
    ] as const) {
      const response = await reset('fixed-bad', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      expect(response.json<{ message: string }>().message).not.toMatch(/now: now:/);
    }
    expect((await readClock('fixed-bad')).now).toBe('2026-10-15T00:00:00.000Z');
  });

  it("tells the pages what the server's clock reads, on API answers only", async () => {
    const answer = await app.inject({ url: '/api/v1/session', headers: header('fixed-header') });
    expect(Date.parse(answer.headers[CLOCK_HEADER] as string) - FIXTURE_NOW).toBeLessThan(5_000);
    const real = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/reset',
      headers: header('fixed-real'),
      payload: { clock: { now: null } },
    });
    expect(real.statusCode).toBe(200);
    const onRealTime = await app.inject({ url: '/api/v1/session', headers: header('fixed-real') });
    expect(onRealTime.headers[CLOCK_HEADER]).toBeUndefined();
  });
});
