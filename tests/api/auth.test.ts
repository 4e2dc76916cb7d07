import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { buildSeededApp, EMAILS, PASSWORD, PERSONA_IDS, sessionCookie } from '../helpers/seed.ts';

function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (header ?? '').split(';')[0] ?? '';
}

describe('sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp();
  });
  afterAll(() => app.close());
  beforeEach(() => app.loginThrottle.clear());

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password }, headers });

  it('GET /api/v1/session says whether there is a session, with 200 either way (no 401 for a visitor)', async () => {
    const signedIn = async (cookie?: string) => {
      const response = await app.inject({ url: '/api/v1/session', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      return response.json<{ signed_in: boolean }>().signed_in;
    };
    expect(await signedIn()).toBe(false);
    expect(await signedIn('lamp_session=not-a-session')).toBe(false);
    const cookie = cookieFrom((await login(EMAILS.reader, PASSWORD)).headers['set-cookie']);
    expect(await signedIn(cookie)).toBe(true);
    await app.inject({ url: '/api/v1/unauth', headers: { cookie } });
    expect(await signedIn(cookie)).toBe(false);
  });

  it('signs in with JSON and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login(EMAILS.reader, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^lamp_session=[\w-]{40,};/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Secure/i);

    const me = await app.inject({
      url: '/api/v1/current-user',
      headers: { cookie: cookieFrom(response.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: PERSONA_IDS.reader, email: EMAILS.reader, super_admin: false });
    expect(me.body).not.toContain('password');
    expect(me.body).not.toContain('scrypt');
  });

  it('marks the cookie Secure over HTTPS', async () => {
    const secureApp = await buildSeededApp({ trustProxy: true });
    const response = await secureApp.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: EMAILS.reader, password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/; Secure/i);
    await secureApp.close();
  });

  it('rotates the session id at login and ends the old session', async () => {
    const before = sessionCookie(app, 'reader');
    const response = await login(EMAILS.writer, PASSWORD, { cookie: before });
    const after = cookieFrom(response.headers['set-cookie']);
    expect(after).not.toBe(before);
    expect((await app.inject({ url: '/api/v1/current-user', headers: { cookie: before } })).statusCode).toBe(401);
    const me = await app.inject({ url: '/api/v1/current-user', headers: { cookie: after } });
    expect(me.json<{ email: string }>().email).toBe(EMAILS.writer);
  });

  it('signs out: a replayed cookie gets 401', async () => {
    const cookie = sessionCookie(app, 'admin');
    expect((await app.inject({ url: '/api/v1/current-user', headers: { cookie } })).statusCode).toBe(200);
    const out = await app.inject({ url: '/api/v1/unauth', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/lamp_session=;/);
    const replay = await app.inject({ url: '/api/v1/current-user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: messages.auth.signInRequired });
  });

  it('answers an unknown e-mail and a wrong password identically, in similar time', async () => {
    const timed = async (email: string) => {
      const start = performance.now();
      const response = await login(email, 'Wrong-Password-1');
      return { response, ms: performance.now() - start };
    };
    const unknown = await timed('nobody@lamp.test');
    const wrong = await timed(EMAILS.writer);
    expect(unknown.response.statusCode).toBe(401);
    expect(wrong.response.statusCode).toBe(401);
    expect(unknown.response.body).toBe(wrong.response.body);
    expect(wrong.response.json<{ message: string }>().message).toBe(messages.auth.emailOrPasswordInvalid);
    expect(unknown.response.headers['set-cookie']).toBeUndefined();
    // Both did one scrypt: within a factor of three of each other (a skipped hash would be ~100×).
    expect(unknown.ms / wrong.ms).toBeGreaterThan(1 / 3);
    expect(unknown.ms / wrong.ms).toBeLessThan(3);
  });

  it('asks an unverified user to verify the e-mail, without a session', async () => {
    const response = await login(EMAILS.unverified, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, action_required: 'email_verification' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('validates the body and names the field', async () => {
    const bad = await login('not-an-email', 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(`email: ${messages.validation.invalidEmailFormat}`);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: EMAILS.reader, password: PASSWORD, admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ message: string }>().message).toContain('admin');
  });

  it('throttles repeated failures with 429 and a message, and lets the user in after the window', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(EMAILS.admin, 'Wrong-Password-1')).statusCode).toBe(401);
    }
    const blocked = await login(EMAILS.admin, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(/^Too many sign-in attempts\. Please wait 15 minutes/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another address is not held up by this one's failures.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: EMAILS.admin, password: PASSWORD },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('CSRF: JSON endpoints refuse simple-request bodies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp();
  });
  afterAll(() => app.close());

  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
    it(`refuses ${type} with 415`, async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers: { 'content-type': type },
        payload: `email=${EMAILS.reader}&password=${PASSWORD}`,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: messages.api.jsonOnly,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  }
});
