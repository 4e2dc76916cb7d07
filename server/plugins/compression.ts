/**
 * API answers compressed for the clients that accept it (every browser sends `Accept-Encoding:
 * gzip, deflate, br, zstd`). A page of 25 measurements is about 21 KB of JSON and 1.8 KB as
 * brotli: on a phone's connection that is the difference between one round trip and several.
 * The gain is the client's: on loopback the smaller write costs the server what the whole one did
 * (tests/bench/api.ts), so a cached page is compressed only once (below).
 *
 * - Only JSON and text under /api, of at least COMPRESS_FROM bytes: a small answer gains less than
 *   the header costs, and images are compressed already. The site's pages and scripts are
 *   compressed by the build (server/plugins/static-site.ts).
 * - An answer with an ETag (one row, as read or written) goes compressed under a tag of its own:
 *   a strong tag names one representation (RFC 9110 §8.8.3), and the brotli copy of a row is
 *   another than its plain JSON, so the coding is added to the tag (`codedTag`, as Apache's
 *   mod_deflate does) and If-Match takes the row's tag in any coding as its version
 *   (server/routes/resources/concurrency.ts). Left plain, a Spotlight asset's read (its heatmap
 *   grid, 6 KB of hex) took two round trips on Lighthouse's phone where 3 KB of brotli take one.
 * - A body the server sends again and again as the same Buffer (a cached list page,
 *   server/routes/resources/list-body.ts) is compressed once: the encoded copies are kept against
 *   the Buffer itself, in a WeakMap that forgets them with it.
 * - Brotli when the client takes it, else gzip, else as is; `Vary: Accept-Encoding` on every
 *   answer that could have been compressed, so that no cache between hands one to the other.
 *
 * A BREACH-style attack on compressed HTTPS answers needs a secret in an answer beside text the
 * attacker chose, fetched with the victim's cookie from another site. The API's answers hold no
 * token (no CSRF token; the session cookie is HttpOnly), and that cookie is SameSite=Lax, so
 * another site's fetch does not carry it.
 */
import { namedPlugin } from './named.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** The content codings the API answers in. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The strong tag of an answer sent in `encoding`: its plain answer's tag with the coding added. */
export function codedTag(tag: string, encoding: Encoding): string {
  return tag.endsWith('"') ? `${tag.slice(0, -1)}-${encoding}"` : tag;
}

/**
 * Answers below this size go as they are: a compressed copy saves less than its headers cost.
 * The build's compressed copies of the site's files start at the same size (scripts/precompress.mjs).
 */
export const COMPRESS_FROM = 1024;
/** Above this size the work goes to the thread pool instead of holding the event loop (~0.5 ms). */
const SYNC_UP_TO = 64 * 1024;

/**
 * The encoding to answer with: the one the client weighs highest (`q`), brotli on a tie, none
 * when it takes neither (absent header, `identity`, `br;q=0`). `*` stands for any encoding the
 * header does not name.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // Clients repeat one header on every request (a browser's never changes): read each text once.
  let known = choices.get(header);
  if (known === undefined) {
    known = choose(header);
    if (choices.size >= 64) choices.clear();
    choices.set(header, known);
  }
  return known;
}

const choices = new Map<string, Encoding | null>();

function choose(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((param) => param.trim()).find((param) => param.toLowerCase().startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*') ?? 0;
  const weightOf = (encoding: Encoding) =>
    weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? any;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

const BROTLI = {
  // Quality 4 of 11: 21 KB of list JSON in ~0.15 ms at 8% of its size; 11 takes ~40 ms for 7%.
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP = { level: 6 };

function compressSync(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
}

function compressAsync(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'br') brotliCompress(body, BROTLI, done);
    else gzip(body, GZIP, done);
  });
}

/** Encoded copies of Buffers the server sends again (a cached page); strings are new each time. */
const encoded = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** `body` in `encoding`, from the copies kept for a Buffer, or compressed now. */
export function compress(body: string | Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (typeof body === 'string')
    return body.length > SYNC_UP_TO ? compressAsync(body, encoding) : compressSync(body, encoding);
  let copies = encoded.get(body);
  const kept = copies?.[encoding];
  if (kept) return kept;
  if (!copies) encoded.set(body, (copies = {}));
  const keep = (result: Buffer) => ((copies[encoding] = result), result);
  return body.length > SYNC_UP_TO ? compressAsync(body, encoding).then(keep) : keep(compressSync(body, encoding));
}

function isText(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json') || type.startsWith('text/');
}

/** Whether this answer is one to compress at all (before looking at what the client takes). */
function compressible(request: FastifyRequest, reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (!request.url.startsWith('/api/') || request.method === 'HEAD') return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (Buffer.byteLength(payload) < COMPRESS_FROM) return false;
  if (reply.hasHeader('content-encoding')) return false;
  return isText(reply.getHeader('content-type'));
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const values =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((value) => value.trim());
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  void reply.header('vary', [...values.filter(Boolean), 'Accept-Encoding'].join(', '));
}

export function compression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!compressible(request, reply, payload)) return done(null, payload);
    addVary(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const send = (body: Buffer) => {
      void reply.header('content-encoding', encoding).removeHeader('content-length');
      const tag = reply.getHeader('etag');
      if (typeof tag === 'string') void reply.header('etag', codedTag(tag, encoding));
      done(null, body);
    };
    const result = compress(payload, encoding);
    if (Buffer.isBuffer(result)) return send(result);
    // A failed compression (memory) still answers, as it is.
    result.then(send, () => done(null, payload));
  });
}

/**
 * The last of the app's onSend hooks, so it sees the answer as the others leave it: after the
 * cookies' and the ETags' (server/routes/resources/concurrency.ts). No route adds an onSend hook
 * of its own (those would run after this one).
 */
export const compressionPlugin = namedPlugin('lamp-compression', ['@fastify/cookie', 'lamp-entity-tags'], compression);
