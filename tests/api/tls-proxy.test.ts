/**
 * Behind a TLS proxy: with LAMP_TRUST_PROXY the session cookie gets Secure
 * and HSTS follows X-Forwarded-Proto; without it a forged header changes neither. The pages' CSP
 * allows the build's own inline scripts by hash, never 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSeededApp, EMAILS, PASSWORD } from '../helpers/seed.ts';

const INLINE = '(()=>{window.loaded=true})();';
/** A page in a folder (documentation/api.html) with an inline script of its own. */
// Pages without the build's _headers: the server hashes their inline scripts itself (server/page-policy.ts).
const NESTED_INLINE = '(()=>{window.nested=true})();';

function buildWithInlineScript(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lamp-csp-'));
  for (const page of ['app', 'login', 'documentation', '404', '500']) {
    writeFileSync(
      path.join(dir, `${page}.html`),
      `<!doctype html><title>${page}</title><script>${INLINE}</script><script type="module" src="/_astro/x.js"></script>`,
    );
  }
  mkdirSync(path.join(dir, 'documentation'));
  writeFileSync(
    path.join(dir, 'documentation', 'api.html'),
    `<!doctype html><title>api</title><script>${NESTED_INLINE}</script>`,
  );
  return dir;
}

const login = (app: Awaited<ReturnType<typeof buildSeededApp>>, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email: EMAILS.reader, password: PASSWORD }, headers });

describe('behind a TLS proxy', () => {
  it('marks the cookie Secure and sends HSTS when the trusted proxy says https', async () => {
    const app = await buildSeededApp({ trustProxy: true });
    const response = await login(app, { 'x-forwarded-proto': 'https' });
    expect(String(response.headers['set-cookie'])).toMatch(/; Secure/i);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const page = await app.inject({ url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const plain = await app.inject({ url: '/login', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const app = await buildSeededApp();
    const response = await login(app, { 'x-forwarded-proto': 'https' });
    expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/i);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});

describe('the pages’ content security policy', () => {
  it("allows the build's inline scripts by hash and never 'unsafe-inline' for scripts", async () => {
    const app = await buildSeededApp({ staticDir: buildWithInlineScript() });
    const page = await app.inject({ url: '/login' });
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).toContain("'self'");
    const digest = createHash('sha256').update(INLINE).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${digest}'`);
    const nested = createHash('sha256').update(NESTED_INLINE).digest('base64');
    const apiGuide = await app.inject({ url: '/documentation/api' });
    expect(apiGuide.statusCode).toBe(200);
    expect(String(apiGuide.headers['content-security-policy'])).toContain(`'sha256-${nested}'`);
    await app.close();
  });
});
