/**
 * The pages' security headers have one source (server/page-policy.ts): the build writes them as
 * `_headers` and an nginx snippet for a CDN, and the LAMP server sends the values of that same
 * `_headers`, so a page is as protected on a CDN as on the server.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_HEADERS_FILE, NGINX_HEADERS_FILE, readHostHeaders, writeHostHeaders } from '../../server/page-policy.ts';
import { connectOrigins, hostRedirectsFile } from '../../scripts/host-files.ts';
import { routes } from '../../src/app/routes/index.ts';
import { parseRedirects, redirectFor } from '../e2e/helpers/static-host.ts';
import { buildTestApp, fakeStaticBuild } from '../helpers/app.ts';

const API = 'https://api.example.com';
const INLINE = '(()=>{window.island=1})();';

describe('page security headers, from the build', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = fakeStaticBuild();
    writeFileSync(path.join(dir, 'app.html'), `<!doctype html><title>app</title><script>${INLINE}</script>`);
    writeHostHeaders(dir, connectOrigins({ apiBase: API, analyticsSink: '' }));
    app = await buildTestApp({ staticDir: dir });
  });
  afterAll(() => app.close());

  it('writes _headers for a static host: CSP with the inline script hashes and the API origin, frame blocking, nosniff, referrer and permissions policies', () => {
    const file = readFileSync(path.join(dir, HOST_HEADERS_FILE), 'utf8');
    expect(file).toMatch(/^\/\*$/m);
    const csp = /^ {2}Content-Security-Policy: (.*)$/m.exec(file)?.[1] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain(`connect-src 'self' ${API}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(file).toContain('  X-Frame-Options: DENY');
    expect(file).toContain('  X-Content-Type-Options: nosniff');
    expect(file).toContain('  Referrer-Policy: no-referrer');
    expect(file).toMatch(/^ {2}Permissions-Policy: .*camera=\(\)/m);
    // The hashed assets are cached for a year, and only they.
    expect(file).toMatch(/^\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  });

  it('writes the same headers as an nginx snippet', () => {
    const snippet = readFileSync(path.join(dir, NGINX_HEADERS_FILE), 'utf8');
    for (const [name, value] of Object.entries(readHostHeaders(dir))) {
      const line = snippet.split('\n').find((candidate) => candidate.toLowerCase().startsWith(`add_header ${name} `));
      expect(line, name).toBe(line && `${line.slice(0, line.indexOf('"'))}"${value}" always;`);
    }
  });

  it('the server sends a page with exactly those values', async () => {
    const page = await app.inject({ url: '/measurements/abc' });
    expect(page.statusCode).toBe(200);
    for (const [name, value] of Object.entries(readHostHeaders(dir))) {
      if (name === 'strict-transport-security') continue; // HTTPS only (static-site.test.ts)
      expect(page.headers[name], name).toBe(value);
    }
    expect(String(page.headers['content-security-policy'])).toContain(`connect-src 'self' ${API}`);
  });

  it('allows only origins the pages fetch from: none for a same-origin API, a path or the console sink', () => {
    expect(connectOrigins({ apiBase: '', analyticsSink: 'console' })).toEqual([]);
    expect(connectOrigins({ apiBase: '', analyticsSink: '/collect' })).toEqual([]);
    expect(connectOrigins({ apiBase: `${API}/`, analyticsSink: 'https://sink.example.net/track' })).toEqual([
      API,
      'https://sink.example.net',
    ]);
  });
});

describe('_redirects, for hosts that read it', () => {
  const rules = parseRedirects(hostRedirectsFile(routes.map((route) => route.path)));
  const target = (pathname: string) => {
    const rule = redirectFor(rules, pathname);
    return rule && `${rule.to} ${rule.status}`;
  };

  it('serves the static pages at their clean URLs and every route of the app with the app page', () => {
    expect(target('/login')).toBe('/login.html 200');
    expect(target('/documentation/api')).toBe('/documentation/api.html 200');
    for (const route of routes) {
      const pathname = route.path.replace(/:[^/]+/g, 'abc').replace(/\*$/, 'x/y');
      expect(target(pathname), route.path).toBe('/app.html 200');
    }
  });

  it('answers a missing file with the 404 page and status 404, not the app page', () => {
    expect(target('/x.js')).toBe('/404.html 404');
    expect(target('/_astro/gone.js')).toBe('/404.html 404');
  });
});
