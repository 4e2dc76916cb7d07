/**
 * Caching: every API answer but the public contract carries
 * `Cache-Control: no-store`, whatever the route, status or user: the current user (e-mail,
 * grants), lists, details and error answers are personal, and a shared or disk cache must not keep
 * them. Driven by the route table, so a new route is covered without an edit here.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_IDS } from '../../src/shared/demo-data.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { PUBLIC_CACHE } from '../../server/routes/service/openapi.ts';
import { buildTestApp } from '../helpers/app.ts';

/** The answers that are the same for everyone, and how long they may be kept. */
const PUBLIC: Record<string, string> = {
  'GET /api/openapi.json': PUBLIC_CACHE,
  'GET /api/reference': PUBLIC_CACHE,
};
const ID = '0123456789abcdef01234567';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on every route of the table but the public ones, signed in and not, on success and error', async () => {
    const routes = app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(100);
    const statuses = new Set<number>();
    const wrong: string[] = [];
    for (const signedIn of [true, false]) {
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const cookie = `${SESSION_COOKIE}=${app.sessions.create(USER_IDS.super)}`;
        const response = await app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[a-z_]+/gi, ID),
          headers: signedIn ? { cookie } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        statuses.add(response.statusCode);
        const expected = PUBLIC[key] ?? 'no-store';
        if (response.headers['cache-control'] !== expected)
          wrong.push(`${key} ${response.statusCode}: ${String(response.headers['cache-control'])}`);
      }
    }
    expect(wrong).toEqual([]);
    // Successes and the usual errors were all seen.
    for (const status of [200, 400, 401, 404]) expect(statuses).toContain(status);
  });

  it('keeps the current user, a list and an unknown API path out of caches', async () => {
    const cookie = `${SESSION_COOKIE}=${app.sessions.create(USER_IDS.northwindAdmin)}`;
    for (const url of ['/api/v1/current-user', '/api/v1/measurement?limit=1', '/api/v1/nothing-here']) {
      const response = await app.inject({ url, headers: { cookie } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
