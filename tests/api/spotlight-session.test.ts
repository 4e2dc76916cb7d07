/**
 * A Spotlight token lives no longer than the LAMP session that minted it.
 * Signing out, a password change (which ends the user's sessions) or the session's own end
 * revokes the token, though its hour has not run out.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { DEMO_PASSWORD } from '../../fixtures/passwords.ts';
import { SESSION_COOKIE, SESSION_IDLE_MS, SESSION_MAX_MS } from '../../server/plugins/session.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildTestApp } from '../helpers/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/api/v1/testing/reset' });
});

const PARTNER = USER_IDS.contosoPartner;

async function mint(cookie: string): Promise<string> {
  const response = await app.inject({
    url: `/api/spotlight-auth?id=${PARTNER}&company=${ACCOUNT_IDS.contoso}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

const briefs = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/spotlight/brief',
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });

const newSession = () => `${SESSION_COOKIE}=${app.sessions.create(PARTNER)}`;

describe('a Spotlight token and its session', () => {
  it('is refused once its session signs out', async () => {
    const cookie = newSession();
    const token = await mint(cookie);
    expect((await briefs(token)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/unauth', headers: { cookie } })).statusCode).toBe(200);
    const after = await briefs(token);
    expect(after.statusCode).toBe(401);
    expect(after.json<{ message: string }>().message).toBe(messages.spotlight.tokenExpired);
  });

  it('keeps working when another session of the user signs out', async () => {
    const token = await mint(newSession());
    const other = newSession();
    await app.inject({ url: '/api/v1/unauth', headers: { cookie: other } });
    expect((await briefs(token)).statusCode).toBe(200);
  });

  it('is refused once a password change ends the user’s sessions', async () => {
    const token = await mint(newSession());
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      headers: { cookie: newSession() },
      payload: { current_password: DEMO_PASSWORD, new_password: 'Brisk-Otter-Lantern-42' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await briefs(token)).statusCode).toBe(401);
  });

  it('is refused once its session reaches its end, within the token’s hour', async () => {
    const start = Date.parse('2026-03-02T09:00:00Z');
    const at = (ms: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/testing/clock',
        payload: { now: new Date(ms).toISOString(), frozen: true },
      });
    await at(start);
    // Signed in through the API, so that the session starts on the set clock.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'partner@contoso.test', password: DEMO_PASSWORD },
    });
    const cookie = `${SESSION_COOKIE}=${signIn.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    // Kept active (a request before each idle limit) until half an hour before its maximum age.
    const step = SESSION_IDLE_MS - 60 * 60 * 1000;
    let now = start;
    while (now + step < start + SESSION_MAX_MS - 30 * 60 * 1000) {
      now += step;
      await at(now);
      expect((await app.inject({ url: '/api/v1/current-user', headers: { cookie } })).statusCode).toBe(200);
    }
    await at(start + SESSION_MAX_MS - 30 * 60 * 1000);
    const token = await mint(cookie);
    expect((await briefs(token)).statusCode).toBe(200);
    await at(start + SESSION_MAX_MS + 60 * 1000);
    expect((await briefs(token)).statusCode).toBe(401);
  });
});
