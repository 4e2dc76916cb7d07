/**
 * The clock of a sandbox: set or frozen per sandbox through PUT /api/v1/testing/clock,
 * it governs link expiry, sessions, relative dates ('last 7 days') and new rows' timestamps, in
 * that sandbox only; a reset puts back the real time.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import type { ReportData } from '../../src/shared/report-api.ts';
import type { ClockAnswer, ClockBody } from '../../src/shared/schemas/sandbox.ts';
import type { Measurement } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';
import { signInThrough } from '../helpers/http.ts';

const HOUR = 60 * 60 * 1000;
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);
afterAll(() => app.close());

const header = (sandbox: string | null): Record<string, string> => (sandbox ? { 'x-lamp-sandbox': sandbox } : {});

async function setClock(sandbox: string | null, body: ClockBody): Promise<ClockAnswer> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/v1/testing/clock',
    headers: header(sandbox),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClockAnswer>();
}

async function readClock(sandbox: string | null): Promise<ClockAnswer> {
  return (await app.inject({ url: '/api/v1/testing/clock', headers: header(sandbox) })).json<ClockAnswer>();
}

const signIn = (sandbox: string, email = 'writer@northwind.test') => signInThrough(app, email, { sandbox });

describe('the clock routes', () => {
  it('read the real time by default, in every sandbox', async () => {
    for (const sandbox of [null, 'clock-default']) {
      const clock = await readClock(sandbox);
      expect(clock).toMatchObject({ sandbox: sandbox ?? 'default', frozen: false, real: true });
      expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
    }
  });

  it('freeze a sandbox at a moment, or set it running from one, leaving the others alone', async () => {
    const frozen = await setClock('clock-frozen', { now: '2026-10-15T23:30:00Z', frozen: true });
    expect(frozen).toEqual({ sandbox: 'clock-frozen', now: '2026-10-15T23:30:00.000Z', frozen: true, real: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await readClock('clock-frozen')).now).toBe('2026-10-15T23:30:00.000Z');

    const running = await setClock('clock-running', { now: '2026-01-01T00:00:00Z', frozen: false });
    expect(running.frozen).toBe(false);
    const later = Date.parse((await readClock('clock-running')).now);
    expect(later - Date.parse('2026-01-01T00:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(later - Date.parse('2026-01-01T00:00:00Z')).toBeLessThan(5_000);

    expect((await readClock(null)).real).toBe(true);
    expect((await readClock('clock-default')).real).toBe(true);
  });

  it('go back to the real time with now: null, and on a reset', async () => {
    await setClock('clock-back', { now: '2030-01-01T00:00:00Z', frozen: true });
    expect((await setClock('clock-back', { now: null, frozen: false })).real).toBe(true);
    await setClock('clock-back', { now: '2030-01-01T00:00:00Z', frozen: true });
    await app.inject({ method: 'POST', url: '/api/v1/testing/reset', headers: header('clock-back') });
    expect((await readClock('clock-back')).real).toBe(true);
    // Frozen at the current reading.
    const stopped = await setClock('clock-back', { now: null, frozen: true });
    expect(stopped.frozen).toBe(true);
    expect(Math.abs(Date.parse(stopped.now) - Date.now())).toBeLessThan(5_000);
  });

  it('refuse a bad body with 400 and keep the clock', async () => {
    await setClock('clock-bad', { now: '2026-10-15T00:00:00Z', frozen: true });
    for (const payload of [
      { now: 'yesterday', frozen: true },
      { frozen: true },
      { now: null, frozen: 'yes' },
      { now: null, extra: 1 },
    ]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/v1/testing/clock',
        headers: header('clock-bad'),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await readClock('clock-bad')).now).toBe('2026-10-15T00:00:00.000Z');
  });
});

describe('what the clock governs', () => {
  const measurements = () => app.db.low.data.collections.measurement as unknown as Measurement[];
  const october = () =>
    measurements().find(
      (m) =>
        m.account === ACCOUNT_IDS.northwind &&
        m.status !== 'draft' &&
        m.start_date <= '2026-10-01' &&
        m.end_date >= '2026-10-31',
    )!;

  it("resolves relative dates ('last 7 days') on the sandbox's clock", async () => {
    const chosen = october();
    const report = async (sandbox: string, cookie: string) => {
      const response = await app.inject({
        url: `/api/v1/report-data?measurement=${chosen.id}&relative_date=last_7_days&group_by=day`,
        headers: { ...header(sandbox), cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ReportData }>().data;
    };
    await setClock('days-a', { now: '2026-10-15T23:30:00Z', frozen: true });
    await setClock('days-b', { now: '2026-10-20T08:00:00Z', frozen: false });
    const a = await report('days-a', await signIn('days-a'));
    const b = await report('days-b', await signIn('days-b'));
    expect([a.start_date, a.end_date]).toEqual(['2026-10-09', '2026-10-15']);
    expect([b.start_date, b.end_date]).toEqual(['2026-10-14', '2026-10-20']);
    expect(a.rows.map((row) => row.keys[0])).toEqual([
      '2026-10-09',
      '2026-10-10',
      '2026-10-11',
      '2026-10-12',
      '2026-10-13',
      '2026-10-14',
      '2026-10-15',
    ]);
  });

  it("expires links on the sandbox's clock", async () => {
    const start = '2026-11-01T09:00:00Z';
    await setClock('links', { now: start, frozen: true });
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      headers: header('links'),
      payload: { kind: 'login-link', email: 'unverified@northwind.test' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const message = issued.json<{ link: string; created_at: string }>();
    expect(message.created_at).toBe('2026-11-01T09:00:00.000Z');
    const query = Object.fromEntries(new URL(message.link, 'http://x').searchParams);
    const follow = () => app.inject({ url: '/api/v1/login-link', query, headers: header('links') });

    await setClock('links', { now: new Date(Date.parse(start) + 25 * HOUR).toISOString(), frozen: true });
    const expired = await follow();
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ message: string }>().message).toBe(messages.auth.loginLinkFailed);

    await setClock('links', { now: new Date(Date.parse(start) + 23 * HOUR).toISOString(), frozen: true });
    expect((await follow()).statusCode).toBe(200);
  });

  it("ends idle sessions on the sandbox's clock, and stamps new rows with it", async () => {
    await setClock('sessions', { now: '2026-11-01T09:00:00Z', frozen: true });
    const cookie = await signIn('sessions', 'admin@northwind.test');
    const me = () => app.inject({ url: '/api/v1/current-user', headers: { ...header('sessions'), cookie } });
    expect((await me()).statusCode).toBe(200);

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/users',
      headers: header('sessions'),
      payload: { email: 'clocked@example.test' },
    });
    expect(created.json<{ created_at: string }>().created_at).toBe('2026-11-01T09:00:00.000Z');

    await setClock('sessions', { now: '2026-11-01T20:00:00Z', frozen: true });
    expect((await me()).statusCode).toBe(200);
    // More than 12 hours without a request.
    await setClock('sessions', { now: '2026-11-02T09:00:01Z', frozen: true });
    expect((await me()).statusCode).toBe(401);
  });
});
