/**
 * The browser suite split across two replicas behind nginx (the README's "Scaling out"):
 * `npm run test:replicas`. Two test-mode replicas on free ports, each self-contained (memory
 * store), nginx in front with deploy/nginx-replicas.conf, and the suite's workers, each in its own
 * sandbox, all going through nginx. Afterwards (replicas/global-teardown.ts) nginx's access log
 * must show every sandbox served by exactly one replica, and both replicas serving some.
 *
 * Everything of playwright.config.ts holds but the server, the worker count and cdn.spec.ts (it
 * starts a server and a static host of its own, so it would not go through nginx).
 * LAMP_REPLICAS_WORKERS sets the workers: the suite's own two by default. On this two-core machine
 * four workers made eight typing tests miss their 30 s timeouts (they pass through nginx with two,
 * as on one server); a larger machine can run more.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import suite from './playwright.config.ts';
import { freePort } from './tests/support/free-port.ts';
import { NGINX, NGINX_MISSING, nginxSite, writeNginxSite } from './tests/support/nginx-replicas.ts';

if (!NGINX) throw new Error(`npm run test:replicas needs nginx: ${NGINX_MISSING}`);

/** nginx's folder, port and replicas: chosen by the runner, read back by its workers. */
function siteOptions() {
  const [port = 0, ...replicas] = (process.env.LAMP_REPLICAS_PORTS ?? '').split(',').map(Number);
  return {
    prefix: process.env.LAMP_REPLICAS_DIR ?? '',
    port,
    replicas: replicas.map((replica) => `127.0.0.1:${replica}`),
  };
}

// The runner chooses and writes once; its workers load this file again and find them set.
if (!process.env.LAMP_REPLICAS_DIR) {
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  process.env.LAMP_REPLICAS_PORTS = [...ports].join(',');
  process.env.LAMP_REPLICAS_DIR = mkdtempSync(path.join(tmpdir(), 'lamp-replicas-'));
  writeNginxSite(siteOptions());
}
const site = nginxSite(siteOptions());
const replicas = siteOptions().replicas;
process.env.LAMP_REPLICAS_LOG = site.log;
process.env.LAMP_REPLICAS_LIST = replicas.join(',');

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>;
const server = suite.webServer as WebServer;
const workers = Number(process.env.LAMP_REPLICAS_WORKERS ?? suite.workers);

export default defineConfig({
  ...suite,
  testIgnore: ['cdn.spec.ts'],
  workers,
  use: { ...suite.use, baseURL: site.base },
  globalSetup: './tests/e2e/replicas/global-setup.ts',
  globalTeardown: './tests/e2e/replicas/global-teardown.ts',
  // Started one after the other: the first replica builds the front end when it is out of date.
  webServer: [
    ...replicas.map((replica) => ({
      ...server,
      url: `http://${replica}/api/health`,
      env: { ...server.env, PORT: new URL(`http://${replica}`).port },
    })),
    {
      command: [NGINX, ...site.args].map((arg) => JSON.stringify(arg)).join(' '),
      url: `${site.base}/api/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
