/**
 * A front end hosted on another origin (a CDN) reads the API when LAMP_CORS_ORIGINS names it:
 * preflights are answered, credentials allowed, and other origins get no CORS headers.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

const FRONT_END = 'https://app.example';

describe('CORS for a front end on another origin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ corsOrigins: [FRONT_END] });
  });
  afterAll(() => app.close());

  it('answers a preflight from the configured origin, with credentials allowed', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/measurement',
      headers: { origin: FRONT_END, 'access-control-request-method': 'PUT' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  // What the pages send (src/lib/api.ts, Spotlight's calls) and what a browser test adds; written
  // out here rather than imported, so that a header the server stops allowing fails this test.
  const preflight = (method: string, headers: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/v1/measurement/m1',
      headers: {
        origin: FRONT_END,
        'access-control-request-method': method,
        'access-control-request-headers': headers,
      },
    });
  const list = (value: string | string[] | number | undefined) =>
    String(value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);

  it('allows every method the pages send: an edit (PUT) and a delete can be saved', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const response = await preflight(method, 'content-type');
      expect(response.statusCode).toBe(204);
      expect(list(response.headers['access-control-allow-methods'])).toContain(method.toLowerCase());
    }
  });

  it('allows every request header the pages and the browser tests send, and no other', async () => {
    const used = ['content-type', 'if-match', 'authorization', 'x-switched-company', 'x-lamp-sandbox', 'prefer'];
    const response = await preflight('PUT', used.join(','));
    expect(list(response.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(used));
    // A listed set, not the request's headers echoed back.
    const other = await preflight('PUT', 'x-something-else');
    expect(list(other.headers['access-control-allow-headers'])).not.toContain('x-something-else');
  });

  it('exposes the response headers the pages read, and lets the browser keep the preflight', async () => {
    const response = await preflight('DELETE', 'if-match');
    expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
    const answer = await app.inject({ url: '/api/health', headers: { origin: FRONT_END } });
    expect(list(answer.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['etag', 'x-total-count', 'preference-applied', 'content-disposition']),
    );
  });

  it('lets the configured origin read responses, and no other', async () => {
    const allowed = await app.inject({ url: '/api/health', headers: { origin: FRONT_END } });
    expect(allowed.headers['access-control-allow-origin']).toBe(FRONT_END);
    const foreign = await app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('still asks for a session: CORS opens no data', async () => {
    const response = await app.inject({ url: '/api/v1/measurement', headers: { origin: FRONT_END } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an OPTIONS request that is not a preflight', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/api/v1/measurement' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Invalid Preflight Request');
  });
});
