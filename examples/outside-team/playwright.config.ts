/**
 * An outside team's Playwright configuration against LAMP in test mode, using only the
 * lamp-testing package and the docs (/documentation/testing). LAMP_URL points at a running LAMP;
 * without it, LAMP is started from the checkout LAMP_CHECKOUT names, in test mode, on LAMP_PORT.
 */
import { defineConfig } from '@playwright/test';

const port = Number(process.env.LAMP_PORT ?? 8090);
const baseURL = process.env.LAMP_URL ?? `http://127.0.0.1:${port}`;
const checkout = process.env.LAMP_CHECKOUT;

export default defineConfig({
  testDir: 'tests',
  // One sandbox per worker (lamp-testing/playwright), reset before each test: tests run in any order.
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL,
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    },
  },
  webServer:
    process.env.LAMP_URL || !checkout
      ? undefined
      : {
          command: 'node scripts/start.ts',
          cwd: checkout,
          url: `${baseURL}/api/health`,
          timeout: 120_000,
          reuseExistingServer: false,
          env: { LAMP_MODE: 'test', PORT: String(port), HOST: '127.0.0.1', LAMP_DATA_DIR: '', LOG_LEVEL: 'warn' },
        },
});
