/**
 * Pages on other sites: a browser sends an empty POST, or a GET
 * through a link or an image, with no preflight and with the user's cookies, and a demo's own
 * browser is on loopback. So every state-changing test-control and demo route, and the
 * account-creating GET /api/spotlight-auth, refuse a request whose Origin is not the app's own
 * (or, without an Origin, whose Sec-Fetch-Site says cross-site); scripts send neither header.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildTestApp } from '../helpers/app.ts';

const HOST = 'lamp.local:8080';
const PUBLIC_URL = 'https://demo.lamp.example';
const CDN = 'https://cdn.lamp.example';
const EVIL = { origin: 'https://evil.example' };
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let app: FastifyInstance;
beforeAll(async () => {
  // lamp.local is a name of the operator's for this machine: test control answers at it only
  // when listed (DNS rebinding, tests/api/test-control-rebinding.test.ts).
  app = await buildTestApp({ publicUrl: PUBLIC_URL, corsOrigins: [CDN], testControlHosts: ['lamp.local'] });
});
afterAll(() => app.close());

const controlWrites = () =>
  app.routeTable.filter(
    (route) => (route.access === 'demo' || route.access === 'test-control') && WRITES.has(route.method),
  );
const data = () => JSON.stringify(app.db.low.data.collections);
const outboxCount = () => app.repositories.collection('outbox-message', null).count();

function send(method: string, url: string, headers: Record<string, string>) {
  return app.inject({
    method: method as 'POST',
    url: url.replace(/:[a-z_]+/gi, 'x1'),
    headers: { host: HOST, ...headers },
    ...(method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('test control and demo actions from a page on another site', () => {
  it('covers the routes the issue names', () => {
    const urls = controlWrites().map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /api/v1/testing/reset');
    expect(urls).toContain('POST /api/v1/import-job/advance');
  });

  it('refuses every state-changing route with 403 and a message, and changes nothing', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      payload: { kind: 'reset-password', email: 'super@lamp.test' },
    });
    const before = { data: data(), outbox: outboxCount() };
    expect(before.outbox).toBeGreaterThan(0);
    for (const route of controlWrites()) {
      for (const headers of [EVIL, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }]) {
        const response = await send(route.method, route.url, headers);
        expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toMatchObject({ message: messages.api.crossSiteRefused });
      }
    }
    expect({ data: data(), outbox: outboxCount() }).toEqual(before);
  });

  it('answers scripts (no Origin), the app’s own pages, LAMP_PUBLIC_URL and the CORS origins', async () => {
    for (const headers of [
      {},
      { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' },
      { origin: PUBLIC_URL },
      { origin: CDN, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ] as Record<string, string>[]) {
      const response = await send('POST', '/api/v1/import-job/advance', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect((await send('POST', '/api/v1/testing/reset', headers)).statusCode).toBe(200);
    }
  });

  it('leaves reads alone (the outbox page opened from a bookmark)', async () => {
    expect((await send('GET', '/api/v1/testing/outbox', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
  });
});

describe('GET /api/spotlight-auth from a page on another site', () => {
  const create = (headers: Record<string, string>) =>
    app.inject({
      url: `/api/spotlight-auth?${new URLSearchParams({
        username: 'Sofia Brandt',
        external_id: USER_IDS.fabrikamSelfServe,
        company_name: 'Fabrikam Self-serve',
        company_id: ACCOUNT_IDS.fabrikam,
      }).toString()}`,
      headers: {
        host: HOST,
        cookie: `${SESSION_COOKIE}=${app.sessions.create(USER_IDS.fabrikamSelfServe)}`,
        ...headers,
      },
    });
  const spotlightUsers = () => (app.db.low.data.collections['spotlight-user'] as unknown[]).length;

  it('refuses an image or link on another site (Sec-Fetch-Site) and a cross-site fetch (Origin): no account', async () => {
    await app.db.reset();
    const before = spotlightUsers();
    for (const headers of [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' }, EVIL]) {
      const response = await create(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ message: messages.api.crossSiteRefused });
    }
    expect(spotlightUsers()).toBe(before);
  });

  it('creates the account for the app’s own page and for a script', async () => {
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, {}] as Record<string, string>[]) {
      await app.db.reset();
      const before = spotlightUsers();
      const response = await create(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true });
      expect(spotlightUsers()).toBe(before + 1);
    }
  });
});
