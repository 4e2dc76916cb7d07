/**
 * CORS for a front end on another origin (a CDN; LAMP_CORS_ORIGINS). A browser sends a PUT,
 * PATCH or DELETE, or a header that is not safelisted, only when the preflight answer names it,
 * and lets a page read only the response headers the answer exposes. So the answer names:
 * - the methods of the route table (collected as routes are added: a new method needs no edit here);
 * - the request headers the API client and the test harness send (src/shared/http-headers.ts);
 * - the response headers the client reads.
 */
import { namedPlugin } from './named.ts';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { CLIENT_READ_HEADERS, CLIENT_REQUEST_HEADERS } from '../../src/shared/http-headers.ts';

/** Chromium's ceiling for caching a preflight; the answer changes only with a deploy. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** The preflight's own method: a browser never asks leave to send it. */
const NEVER_PREFLIGHTED = new Set(['OPTIONS']);

export async function crossOrigin(app: FastifyInstance, origins: readonly string[]) {
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (!NEVER_PREFLIGHTED.has(method)) methods.add(method);
  });
  // Built on the first request, when every route is in the table (routes are added before listen).
  let options: FastifyCorsOptions | undefined;
  const settled = (): FastifyCorsOptions =>
    (options ??= {
      origin: [...origins],
      credentials: true,
      methods: [...methods].sort(),
      allowedHeaders: [...CLIENT_REQUEST_HEADERS],
      exposedHeaders: [...CLIENT_READ_HEADERS],
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    });
  // Before access control (buildApp), so its one route (OPTIONS *) gets no checks: the plugin's
  // own hook answers every OPTIONS request (a preflight, or 400), and the route serves no data.
  await app.register(cors, { delegator: (_request, callback) => callback(null, settled()) });
}

/** Registered in every mode (a no-op without origins) so access control can depend on it by name. */
export const corsPlugin = namedPlugin('lamp-cors', [], async (app) => {
  if (app.config.corsOrigins.length) await crossOrigin(app, app.config.corsOrigins);
});
