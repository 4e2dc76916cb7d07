import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_MISSING_MESSAGE, CHROMIUM_PATH, chromiumIsInstalled } from './tests/e2e/chromium.ts';
import { freePort } from './tests/support/free-port.ts';

if (!chromiumIsInstalled()) throw new Error(CHROMIUM_MISSING_MESSAGE);

process.env.LAMP_E2E_PORT ??= String(await freePort());
const port = Number(process.env.LAMP_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.LAMP_PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.LAMP_PLAYWRIGHT_JSON }]]
    : [['list']],
  use: {
    baseURL,
    // Recording a trace screencasts every test (GPU-process CPU: 14-15 s against 6-7 s on the
    // personas + workspace specs). CI retries a failed test once and records that retry; a local
    // run records every test and keeps the failed ones' traces.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The browser asks for less motion, as some users' systems do (src/styles/global.css honours it):
    // loading spinners and pulsing placeholders stand still instead of drawing frames. On a
    // two-core machine those frames cost Chromium's compositor about a third of the suite's
    // browser CPU (shell-personas + workspace specs: 33-41 s of GPU-process CPU, 15 s without).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    // The built front end and the API in test mode: memory store, test-control API, quiet logs.
    command: 'node scripts/start.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { LAMP_MODE: 'test', PORT: String(port), HOST: '127.0.0.1', LAMP_DATA_DIR: '', LOG_LEVEL: 'warn' },
  },
});
