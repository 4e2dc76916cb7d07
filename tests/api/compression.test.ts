/**
 * API answers in brotli or gzip for the clients that take them (server/plugins/compression.ts):
 * a page of measurements goes to a browser as about an eighth of its JSON, unchanged once decoded;
 * a client that takes neither and a small answer go as they are; a row goes compressed under a tag
 * of its own coding, which If-Match takes as the row's version.
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

  it('sends a row compressed under its tag with the coding added, which If-Match takes as that version', async () => {
    const rows = (await get('/api/v1/measurement?limit=100')).json<{ data: { id: string }[] }>().data;
    const largest = rows.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
    const url = `/api/v1/measurement?id=${largest.id}`;
    const plain = await get(url);
    const compressed = await get(url, BROWSER);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    // Two representations, two strong tags (RFC 9110 §8.8.3): the plain one's with the coding added.
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(compressed.headers.etag).toBe(`${tag.slice(0, -1)}-br"`);
    const gzipped = await get(url, 'gzip');
    expect(gzipped.headers.etag).toBe(`${tag.slice(0, -1)}-gzip"`);

    const save = (version: string, name: string) =>
      app.inject({ method: 'PUT', url, headers: { cookie, 'if-match': version }, payload: { name } });
    expect((await save(compressed.headers.etag as string, 'Saved from a brotli read')).statusCode).toBe(200);
    // Each of the old version's tags is stale now, whatever its coding.
    for (const stale of [tag, compressed.headers.etag, gzipped.headers.etag] as string[])
      expect((await save(stale, 'Overwrites')).statusCode).toBe(412);
    expect(app.repositories.measurement.byId(largest.id)?.name).toBe('Saved from a brotli read');
    // A tag with a coding the server never sends names no version.
    const fresh = (await get(url)).headers.etag as string;
    expect((await save(`${fresh.slice(0, -1)}-zstd"`, 'Unknown coding')).statusCode).toBe(412);
  });

  it('compresses the public API document too', async () => {
    const plain = await app.inject({ url: '/api/openapi.json' });
    const compressed = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': BROWSER } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });
});
