/**
 * Build step: writes the pages' security headers into dist/ as `_headers` and an nginx snippet
 * (server/page-policy.ts), after every step that changes the pages' inline scripts. The CSP lets
 * the pages fetch from the origins the build points them at: PUBLIC_API_BASE and an analytics
 * sink on another origin.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { readPublicConfig, type PublicConfig } from '../src/shared/config.ts';
import { writeHostHeaders } from '../server/page-policy.ts';

/** The origins besides their own that the pages fetch from. */
export function connectOrigins(config: Pick<PublicConfig, 'apiBase' | 'analyticsSink'>): string[] {
  const origins = new Set<string>();
  for (const value of [config.apiBase, config.analyticsSink]) {
    // Empty, 'console' or a same-origin path: nothing to allow.
    if (/^https?:\/\//.test(value)) origins.add(new URL(value).origin);
  }
  return [...origins];
}

export function hostHeaders(): AstroIntegration {
  let config: PublicConfig;
  return {
    name: 'lamp-host-headers',
    hooks: {
      'astro:config:done': () => {
        // As the pages see them: .env files, then the environment over them.
        config = readPublicConfig({ ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env });
      },
      'astro:build:done': ({ dir, logger }) => {
        const headers = writeHostHeaders(fileURLToPath(dir), connectOrigins(config));
        logger.info(`page headers written (_headers, _headers.nginx): ${Object.keys(headers).length} headers`);
      },
    },
  };
}
