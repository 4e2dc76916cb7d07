import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, preferredEncoding } from '../../../server/plugins/compression.ts';
import { CHROMIUM_ACCEPT_ENCODING } from '../../support/browser-headers.ts';

describe('the encoding a client is answered in', () => {
  it('is brotli for what browsers send, gzip for a client that takes only gzip', () => {
    expect(preferredEncoding(CHROMIUM_ACCEPT_ENCODING)).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
  });

  it('follows the weights the client gives, brotli on a tie', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br; q=0.9, gzip; q=0.9')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0.1, br;q=0')).toBe('gzip');
  });

  it('is none when the client takes neither', () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'zstd', 'br;q=oops'])
      expect(preferredEncoding(header), String(header)).toBeNull();
  });
});

describe('compressing an answer', () => {
  const json = JSON.stringify({
    data: Array.from({ length: 25 }, (_, i) => ({ id: i, name: `Measurement ${i}` })),
    count: 25,
  });

  it('gives back what was sent, in either encoding', () => {
    expect(brotliDecompressSync(compress(json, 'br') as Buffer).toString()).toBe(json);
    expect(gunzipSync(compress(json, 'gzip') as Buffer).toString()).toBe(json);
  });

  it('compresses a Buffer sent again (a cached page) once per encoding', () => {
    const page = Buffer.from(json);
    const first = compress(page, 'br');
    expect(compress(page, 'br')).toBe(first);
    expect(compress(page, 'gzip')).not.toBe(first);
    expect(compress(Buffer.from(json), 'br')).not.toBe(first);
  });

  it('hands a large answer to the thread pool and gives the same bytes back', async () => {
    const large = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `Row ${i}` })));
    expect(large.length).toBeGreaterThan(64 * 1024);
    const result = compress(large, 'br');
    expect(result).toBeInstanceOf(Promise);
    expect(brotliDecompressSync(await result).toString()).toBe(large);
  });
});
