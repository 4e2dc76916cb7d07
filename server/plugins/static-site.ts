import { namedPlugin } from './named.ts';
import { existsSync } from 'node:fs';
import { apiNotFound } from '../api-not-found.ts';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ASSETS_PATH, IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../page-policy.ts';

/**
 * Serves the static build (dist/) with the app fallback:
 * - a file in dist/ is served as it is (hashed assets under /_astro are cached for a year);
 * - a static page (/login and the guide's pages) is served from its .html file;
 * - any other path without a file extension gets the app page, where the client router takes over,
 *   except under /documentation/ (the guide has no app routes): the 404 page;
 * - a missing file gets the static 404 page; an unknown /api path gets a JSON 404.
 *
 * The same rules, written as CDN rewrites, are in the README ("Hosting the front end on a CDN").
 */
export const STATIC_PAGES: Readonly<Record<string, string>> = {
  '/login': 'login.html',
  '/documentation': 'documentation.html',
  '/documentation/api': 'documentation/api.html',
  '/documentation/demo': 'documentation/demo.html',
  '/documentation/testing': 'documentation/testing.html',
};
/** The guide's pages are all static: another path under it is a missing page, not an app route. */
const DOCUMENTATION_PREFIX = '/documentation/';
export const APP_PAGE = 'app.html';
export const NOT_FOUND_PAGE = '404.html';
export const ERROR_PAGE = '500.html';

/** Extra headers for app paths that need them (set by the features that own those paths). */
export type PageHeaders = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface StaticSiteOptions {
  root: string;
  pageHeaders?: PageHeaders;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function hasFileExtension(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(path.posix.basename(pathname));
}

export async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const { root } = options;
  if (!existsSync(path.join(root, APP_PAGE))) {
    throw new Error(`No front-end build in ${root}: run "npm run build" first (npm start does it for you).`);
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build writes .br and .gz copies of text files (scripts/precompress.mjs); send those.
    preCompressed: true,
    // Hashed assets never change; pages must be revalidated so a deploy shows at once.
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(path.join(root, ASSETS_PATH));
      reply.header('cache-control', immutable ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });

  const sendPage = (reply: FastifyReply, file: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').sendFile(file);

  for (const [route, file] of Object.entries(STATIC_PAGES)) {
    app.get(route, { config: { access: 'public' } }, (_request, reply) => sendPage(reply, file));
  }

  const notFoundInApi = apiNotFound(app);
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) return notFoundInApi(request, reply);
    const appPath = !hasFileExtension(pathname) && !pathname.startsWith(DOCUMENTATION_PREFIX);
    if ((request.method === 'GET' || request.method === 'HEAD') && appPath) {
      const headers = options.pageHeaders?.[pathname];
      if (headers) reply.headers(headers);
      return sendPage(reply, APP_PAGE);
    }
    return sendPage(reply, NOT_FOUND_PAGE, 404);
  });
}

/**
 * In a context of its own (its routes and not-found handler stay inside); after access control,
 * which marks its file routes public as they are added.
 */
export const staticSitePlugin = namedPlugin<StaticSiteOptions>(
  'lamp-static-site',
  ['lamp-access'],
  async (app, options) => {
    await app.register(staticSite, options);
  },
);
