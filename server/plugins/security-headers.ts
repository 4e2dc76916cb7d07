/**
 * Security headers: the page set (server/page-policy.ts: CSP, HSTS, nosniff, frame, referrer and
 * permissions policies, …, as the build wrote them for its pages) for pages, and for JSON under /api the set OWASP's REST Security Cheat Sheet gives for API responses (a
 * CSP that allows nothing, nosniff, no framing, HSTS), plus CORP, which keeps other sites from
 * loading signed-in JSON with no-cors requests, and `Cache-Control: no-store`: API answers are
 * personal (the current user, lists, details, errors), so no browser or shared cache keeps them
 *. The few public ones (the OpenAPI document) set their own. Headers that
 * only act on HTML documents (referrer policy, permissions) are left off JSON: each header is
 * work on every response for the server and every client. Both sets are fixed at start-up; HSTS
 * goes only with responses over HTTPS.
 *
 * The headers depend only on the configuration, never on the request (no CSP nonces), so helmet
 * runs once, against a recording stand-in for a response, and every reply gets the recorded
 * headers. @fastify/helmet instead rebuilds helmet's middleware, parsing every CSP directive
 * again, on each request: about a tenth of a list request's time in the API benchmark.
 */
import { namedPlugin } from './named.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers helmet would set for these options. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  // Helmet throws a bad option itself (since 8.1); the callback only says it is done.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/** The API's headers, from the page set so that HSTS and CORP follow the same configuration. */
export function apiHeaders(documentHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
  for (const name of ['strict-transport-security', 'cross-origin-resource-policy']) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Gives this reply the page headers (an HTML page served under /api, say). */
    asDocument(): FastifyReply;
  }
}

/** The same headers without HSTS, for plain HTTP. */
function withoutHsts(headers: Readonly<Record<string, string>>): Record<string, string> {
  const { 'strict-transport-security': _hsts, ...rest } = headers;
  return rest;
}

export interface SecurityHeadersOptions {
  /** The page headers (server/page-policy.ts). */
  pages: Readonly<Record<string, string>>;
  /** `cross-origin` lets a CDN-hosted front end on another origin read the API. */
  crossOriginResourcePolicy: 'same-origin' | 'cross-origin';
}

export function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const document = { ...options.pages, 'cross-origin-resource-policy': options.crossOriginResourcePolicy };
  const api = apiHeaders(document);
  // RFC 6797 §7.2: HSTS only over HTTPS (request.protocol follows X-Forwarded-Proto when the
  // server trusts its proxy, as the session cookie's Secure flag does).
  const sets = {
    https: { api, document },
    http: { api: withoutHsts(api), document: withoutHsts(document) },
  };
  app.decorateReply('asDocument', function (this: FastifyReply) {
    // The caching rule stays: a page under /api is as personal as the API unless it says otherwise.
    for (const name of Object.keys(api)) if (name !== 'cache-control') this.removeHeader(name);
    return this.headers(sets[this.request.protocol].document);
  });
  app.addHook('onRequest', (request, reply, done) => {
    const set = sets[request.protocol];
    reply.headers(request.url.startsWith('/api/') ? set.api : set.document);
    done();
  });
}

export const securityHeadersPlugin = namedPlugin<SecurityHeadersOptions>('lamp-security-headers', [], securityHeaders);
