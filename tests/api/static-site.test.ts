import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

describe('static site with app fallback', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('serves the static login and documentation pages at clean URLs', async () => {
    for (const [url, page] of [
      ['/login', 'login'],
      ['/documentation', 'documentation'],
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain(`${page} page`);
    }
  });

  it('answers app deep links with the app page', async () => {
    for (const url of ['/', '/measurements/abc/edit', '/admin/users?x=1', '/reports/saved/Weekly%20report']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('app page');
    }
  });

  it('answers a missing file with the 404 page and status 404', async () => {
    const response = await app.inject({ url: '/_astro/missing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('404 page');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/v1/anything-unknown?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${method}:/api/v1/anything-unknown not found`,
      });
    }
  });

  it('does not send pages for non-GET requests to app paths', async () => {
    const response = await app.inject({ method: 'POST', url: '/measurements' });
    expect(response.statusCode).toBe(404);
  });

  it('reports health', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', mode: 'test' });
  });

  it('sends security headers', async () => {
    const response = await app.inject({ url: '/login' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
