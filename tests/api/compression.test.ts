/**
 * API answers in brotli or gzip for the clients that take them (server/plugins/compression.ts):
 * a page of measurements goes to a browser as about an eighth of its JSON, unchanged once decoded;
 * a client that takes neither, a small answer and an answer with an ETag go as they are.
 */
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_IDS } from '../../src/shared/demo-data.ts';
import { COMPRESS_FROM } from '../../server/plugins/compression.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { buildTestApp } from '../helpers/app.ts';
import { CHROMIUM_ACCEPT_ENCODING } from '../support/browser-headers.ts';

const BROWSER = CHROMIUM_ACCEPT_ENCODING;
const PAGE = '/api/v1/measurement?limit=25&sort=desc(start_date)';

let app: FastifyInstance;
let cookie: string;
beforeAll(async () => {
  app = await buildTestApp();
  cookie = `${SESSION_COOKIE}=${app.sessions.create(USER_IDS.northwindAdmin)}`;
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    url,
    headers: { cookie, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

describe('compressed API answers', () => {
  it('sends a browser a list page in brotli, which decodes to the same answer', async () => {
    const plain = await get(PAGE);
    const compressed = await get(PAGE, BROWSER);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(compressed.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    // A page of 25 measurements: about 20 KB of JSON, under a seventh of it on the wire.
    expect(plain.rawPayload.length).toBeGreaterThan(15_000);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 7);
  });

  it('sends gzip to a client that takes only gzip, and the same page again unchanged', async () => {
    const plain = await get(PAGE);
    for (let round = 0; round < 2; round += 1) {
      const compressed = await get(PAGE, 'gzip, deflate');
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('sends the JSON as it is to a client that takes neither, and says the answer varies', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await get(PAGE, acceptEncoding);
      expect(response.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.json<{ data: unknown[] }>().data).toHaveLength(25);
    }
  });

  it('leaves a small answer and an error as they are', async () => {
    const me = await get('/api/v1/current-user', BROWSER);
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_FROM);
    expect(me.headers['content-encoding']).toBeUndefined();
    const missing = await get('/api/v1/nothing-here', BROWSER);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json<{ message: string }>().message).toBeTruthy();
  });

  it('leaves an answer with an ETag as it is, large or not, so that If-Match names what was sent', async () => {
    const rows = (await get('/api/v1/measurement?limit=100')).json<{ data: { id: string }[] }>().data;
    const largest = rows.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
    const response = await get(`/api/v1/measurement?id=${largest.id}`, BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the public API document too', async () => {
    const plain = await app.inject({ url: '/api/openapi.json' });
    const compressed = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': BROWSER } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });
});
