import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.mjs';
import { buildTestApp, fakeStaticBuild } from '../helpers/app.ts';

/** The build's precompressed copies (scripts/precompress.mjs) are what the server sends. */
describe('compressed static files', () => {
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify('attention '.repeat(400))});`;
  beforeAll(async () => {
    const dir = fakeStaticBuild();
    mkdirSync(path.join(dir, '_astro'));
    writeFileSync(path.join(dir, '_astro', 'app.abc123.js'), script);
    writeFileSync(
      path.join(dir, 'login.html'),
      `<!doctype html><title>login</title>${'<p>login page</p>'.repeat(200)}`,
    );
    writeFileSync(path.join(dir, 'tiny.txt'), 'small');
    expect(precompressDir(dir)).toBe(2);
    app = await buildTestApp({ staticDir: dir });
  });
  afterAll(() => app.close());

  it('sends Brotli to a browser that accepts it, gzip to one that accepts only that', async () => {
    const br = await app.inject({ url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await app.inject({ url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(gzipSync(script, { level: 1 }).length + 1);
  });

  it('compresses the static pages too, and sends plain files to a client that asks for them', async () => {
    const page = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const plain = await app.inject({ url: '/_astro/app.abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('leaves files too small to gain as they are', async () => {
    const response = await app.inject({ url: '/tiny.txt', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('small');
  });
});
