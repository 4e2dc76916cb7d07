import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { writeHostHeaders } from '../../server/page-policy.ts';
import type { Config } from '../../server/config.ts';
import { APP_PAGE, ERROR_PAGE, NOT_FOUND_PAGE, STATIC_PAGES } from '../../server/plugins/static-site.ts';

/**
 * A minimal static build in a temporary folder, so API tests of the static-site rules do not
 * depend on `astro build` having run.
 */
export function fakeStaticBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lamp-dist-'));
  mkdirSync(path.join(dir, 'documentation'));
  const pages = [APP_PAGE, NOT_FOUND_PAGE, ERROR_PAGE, ...Object.values(STATIC_PAGES)].map((file) =>
    file.replace(/\.html$/, ''),
  );
  for (const page of pages) {
    writeFileSync(path.join(dir, `${page}.html`), `<!doctype html><title>${page}</title><p>${page} page</p>`);
  }
  // The build's last step: the pages' headers, which the server serves too.
  writeHostHeaders(dir, []);
  return dir;
}

/** Production's configuration over a fresh temporary data directory (production needs one). */
export function productionConfig(extra: Partial<Config> = {}): Partial<Config> {
  const secret = 'p'.repeat(40);
  return {
    mode: 'production',
    dataDir: mkdtempSync(path.join(tmpdir(), 'lamp-production-')),
    sessionSecret: secret,
    linkSecret: secret,
    publicUrl: 'https://lamp.example.com',
    ...extra,
  };
}

/**
 * Builds the app in test mode: memory store, no port, quiet logs, and the machine's clock (the
 * API tests compare stamps with Date.now; tests/api/test-clock.test.ts covers test mode's fixed
 * clock by passing testClock).
 */
export async function buildTestApp(
  config: Partial<Config> = {},
  options: Omit<BuildAppOptions, 'config'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    ...options,
    config: {
      mode: 'test',
      dataDir: null,
      logLevel: 'silent',
      staticDir: fakeStaticBuild(),
      testClock: null,
      ...config,
    },
  });
  await app.ready();
  return app;
}
