/**
 * Issue 51, finding 9: sign-out was a GET (any site's link or image signed the user out); a POST
 * with no body to /report-schedule/run from a page on another local port was accepted, since only
 * test control and demo actions checked where a write came from; and the session cookie got
 * Secure only with LAMP_TRUST_PROXY, even when LAMP_PUBLIC_URL is https.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_IDS } from '../../src/shared/demo-data.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildTestApp } from '../helpers/app.ts';

const HOST = '127.0.0.1:8080';
const OTHER_PORT = 'http://127.0.0.1:5555';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const sessionOf = (user: string) => `${SESSION_COOKIE}=${app.sessions.create(user)}`;
const signedIn = async (cookie: string) =>
  (await app.inject({ url: '/api/v1/current-user', headers: { host: HOST, cookie } })).statusCode === 200;
const data = () => JSON.stringify(app.db.low.data.collections);

describe('signing out', () => {
  it('signs out with POST, the way the app does', async () => {
    const cookie = sessionOf(USER_IDS.northwindAdmin);
    const response = await app.inject({ method: 'POST', url: '/api/v1/unauth', headers: { host: HOST, cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await signedIn(cookie)).toBe(false);
  });

  it('keeps the spec’s GET for scripts and the app’s own pages', async () => {
    for (const headers of [{}, { 'sec-fetch-site': 'same-origin' }, { origin: `http://${HOST}` }] as Record<
      string,
      string
    >[]) {
      const cookie = sessionOf(USER_IDS.northwindAdmin);
      const response = await app.inject({ url: '/api/v1/unauth', headers: { host: HOST, cookie, ...headers } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(await signedIn(cookie)).toBe(false);
    }
  });

  it('refuses the GET from a link or an image on another site, and the user stays signed in', async () => {
    const cookie = sessionOf(USER_IDS.northwindAdmin);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
      { origin: 'https://evil.example' },
    ] as Record<string, string>[]) {
      const response = await app.inject({ url: '/api/v1/unauth', headers: { host: HOST, cookie, ...headers } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ message: messages.api.crossSiteRefused });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await signedIn(cookie)).toBe(true);
  });
});

describe('writes from a page on another site', () => {
  it('refuses an empty POST to /report-schedule/run from another local port, and runs nothing', async () => {
    const schedule = (app.db.low.data.collections['report-schedule'] as { id: string }[])[0]?.id ?? '';
    const cookie = sessionOf(USER_IDS.northwindAdmin);
    const before = data();
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/report-schedule/run?id=${schedule}`,
      headers: { host: HOST, cookie, origin: OTHER_PORT, 'sec-fetch-site': 'same-site' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.api.crossSiteRefused });
    expect(data()).toBe(before);
    // The same request from LAMP's own page runs the schedule.
    const own = await app.inject({
      method: 'POST',
      url: `/api/v1/report-schedule/run?id=${schedule}`,
      headers: { host: HOST, cookie, origin: `http://${HOST}` },
    });
    expect(own.statusCode).toBe(201);
  });

  it('refuses every state-changing route from a foreign Origin with 403 and a message, bodiless, form or JSON, and changes nothing', async () => {
    const cookie = sessionOf(USER_IDS.super);
    const before = data();
    const writes = app.routeTable.filter((route) => WRITES.has(route.method));
    expect(writes.length).toBeGreaterThan(50);
    for (const route of writes) {
      const url = route.url.replace(/:[a-z_]+/gi, 'x1');
      for (const body of [
        {},
        { payload: 'email=reader%40northwind.test', type: 'application/x-www-form-urlencoded' },
        { payload: '{}', type: 'application/json' },
      ]) {
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            host: HOST,
            cookie,
            origin: OTHER_PORT,
            ...(body.type ? { 'content-type': body.type } : {}),
          },
          ...(body.payload ? { payload: body.payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url} ${body.type ?? 'no body'}`).toBe(403);
        expect(response.json()).toMatchObject({ message: messages.api.crossSiteRefused });
      }
    }
    expect(data()).toBe(before);
    expect(await signedIn(cookie)).toBe(true);
  });

  it('refuses a cross-site form post to forgotten-password without a session, and sends no mail', async () => {
    const mails = () => app.repositories.collection('outbox-message', null).count();
    const before = mails();
    const form = {
      method: 'POST' as const,
      url: '/api/v1/forgotten-password',
      payload: 'email=reader%40northwind.test',
    };
    const foreign = await app.inject({
      ...form,
      headers: { host: HOST, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(mails()).toBe(before);
    const own = await app.inject({
      ...form,
      headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('the session cookie’s Secure flag', () => {
  const cookieOn = async (publicUrl: string) => {
    const server = await buildTestApp({ publicUrl });
    try {
      // Over plain HTTP as the server sees it: a TLS proxy in front, not trusted (no LAMP_TRUST_PROXY).
      const response = await server.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { email: 'reader@northwind.test', password: 'Lamp-Demo-2026!' },
      });
      expect(response.statusCode).toBe(200);
      return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    } finally {
      await server.close();
    }
  };

  it('is set when LAMP_PUBLIC_URL is https, without LAMP_TRUST_PROXY', async () => {
    expect((await cookieOn('https://lamp.example.com'))?.secure).toBe(true);
  }, 60_000);

  it('is left off for a plain-HTTP LAMP_PUBLIC_URL (a demo on http://localhost)', async () => {
    expect((await cookieOn('http://localhost:8080'))?.secure).toBeFalsy();
  }, 60_000);
});
