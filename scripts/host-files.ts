/**
 * Build step: the files a static host (a CDN) reads beside the pages, written into dist/ after
 * every step that changes the pages (README, "Hosting the front end on a CDN"):
 * - `_headers` and `_headers.nginx`: the pages' security headers (server/page-policy.ts), whose
 *   CSP lets the pages fetch from the origins the build points them at (PUBLIC_API_BASE, an
 *   analytics sink on another origin);
 * - `_redirects`: the clean URLs and the app's deep links (from the app's route table), and a
 *   404 for everything else, so that a missing /x.js is not answered with the app page.
 */
import type { AstroIntegration } from 'astro';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { routes } from '../src/app/routes/index.ts';
import { readPublicConfig, type PublicConfig } from '../src/shared/config.ts';
import { writeHostHeaders } from '../server/page-policy.ts';
import { APP_PAGE, NOT_FOUND_PAGE, STATIC_PAGES } from '../server/plugins/static-site.ts';

export const HOST_REDIRECTS_FILE = '_redirects';

/** The origins besides their own that the pages fetch from. */
export function connectOrigins(config: Pick<PublicConfig, 'apiBase' | 'analyticsSink'>): string[] {
  const origins = new Set<string>();
  for (const value of [config.apiBase, config.analyticsSink]) {
    // Empty, 'console' or a same-origin path: nothing to allow.
    if (/^https?:\/\//.test(value)) origins.add(new URL(value).origin);
  }
  return [...origins];
}

/**
 * `_redirects` (Netlify's format, read by several hosts): a rule applies only where no file
 * exists, first match wins. The format matches no file extensions, so the app's paths are named
 * by their first segment (every route of the app table) rather than "anything without a dot".
 */
export function hostRedirectsFile(appPaths: readonly string[]): string {
  const rules: [string, string, number][] = Object.entries(STATIC_PAGES).map(([route, file]) => [
    route,
    `/${file}`,
    200,
  ]);
  const sections = new Set<string>();
  for (const pattern of appPaths) {
    const first = pattern.split('/').filter(Boolean)[0];
    if (pattern === '/') rules.push(['/', `/${APP_PAGE}`, 200]);
    else if (first && !first.startsWith(':') && first !== '*') sections.add(first);
  }
  for (const section of [...sections].sort()) {
    rules.push([`/${section}`, `/${APP_PAGE}`, 200], [`/${section}/*`, `/${APP_PAGE}`, 200]);
  }
  rules.push(['/*', `/${NOT_FOUND_PAGE}`, 404]);
  const width = Math.max(...rules.map(([from]) => from.length)) + 2;
  const lines = rules.map(([from, to, status]) => `${from.padEnd(width)}${to.padEnd(26)}${status}`);
  return ['# Written by the build (scripts/host-files.ts): clean URLs, the app, 404 for the rest.', ...lines, ''].join(
    '\n',
  );
}

export function hostFiles(): AstroIntegration {
  let config: PublicConfig;
  return {
    name: 'lamp-host-files',
    hooks: {
      'astro:config:done': () => {
        // As the pages see them: .env files, then the environment over them.
        config = readPublicConfig({ ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env });
      },
      'astro:build:done': ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const headers = writeHostHeaders(out, connectOrigins(config));
        writeFileSync(path.join(out, HOST_REDIRECTS_FILE), hostRedirectsFile(routes.map((route) => route.path)));
        logger.info(
          `host files written: _headers and _headers.nginx (${Object.keys(headers).length} headers), _redirects`,
        );
      },
    },
  };
}
