/**
 * Whether a request comes from a page on another site. A browser
 * sends cross-site requests that need no preflight (an empty POST, a GET through an <img> or a
 * link) with the user's cookies, and, for a test-control route, from this machine: loopback and
 * the session are no proof that a person meant it. So routes that change state without a JSON body
 * (test control, demo actions, the account-creating GET /api/spotlight-auth) also ask where the
 * request comes from, and so does every write (server/plugins/access.ts).
 *
 * The Origin header decides when it is there: the app's own origins are the one the request was
 * sent to (its Host, so any name the demo is reached by works), LAMP_PUBLIC_URL's (where the pages
 * are) and LAMP_CORS_ORIGINS (a CDN-hosted front end, which is on another site by design).
 * Without an Origin, Sec-Fetch-Site 'cross-site' refuses (a navigation or an image, which send no
 * Origin on GET). Neither header: a script (curl, Playwright's request context), which passes.
 */
import type { FastifyRequest } from 'fastify';

/** The origins that count as the app's own besides the request's Host: a URL each. */
export function ownOrigins(urls: readonly string[]): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A malformed entry names no origin (config.ts validates them; this is only a guard).
    }
  }
  return origins;
}

export function isCrossSite(request: FastifyRequest, own: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // 'null' (a sandboxed frame, a file: page) is never one of ours.
    return !own.has(origin) && !isRequestOrigin(origin, request.host);
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * The page is on the host the request was sent to. Either scheme: behind a TLS proxy that the
 * server does not trust (no LAMP_TRUST_PROXY) the request looks like plain HTTP while the page is
 * on HTTPS, and the same host over the other scheme is no other site to a browser's cookies.
 */
function isRequestOrigin(origin: string, host: string): boolean {
  return origin === `http://${host}` || origin === `https://${host}`;
}
