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
      ['/documentation/api', 'documentation/api'],
      ['/documentation/demo', 'documentation/demo'],
      ['/documentation/testing', 'documentation/testing'],
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

  it('answers an unknown page of the guide with the 404 page, not the app', async () => {
    for (const url of ['/documentation/nope', '/documentation/api/extra', '/documentation/testing/?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('404 page');
    }
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

  it("sends helmet's security headers with pages", async () => {
    const response = await app.inject({ url: '/login' });
    // Inline scripts of the build by hash only (tests/api/tls-proxy.test.ts): never 'unsafe-inline'.
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends OWASP's API header set with JSON, and the page set with the API reference page", async () => {
    const json = await app.inject({ url: '/api/health' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['x-frame-options']).toBe('DENY');
    // Document-only headers stay off JSON.
    expect(json.headers['referrer-policy']).toBeUndefined();
    const reference = await app.inject({ url: '/api/reference' });
    expect(reference.statusCode).toBe(200);
    expect(reference.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(reference.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS only over HTTPS (RFC 6797 §7.2), behind a trusted proxy too', async () => {
    const plain = await app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp({ trustProxy: true });
    try {
      for (const url of ['/api/health', '/login', '/api/reference']) {
        const response = await proxied.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const overHttp = await proxied.inject({ url: '/login', headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
