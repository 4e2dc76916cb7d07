/**
 * Each Playwright worker of our own suite in its own sandbox, through the fixture we
 * publish for test authors (the lamp-testing package, packages/lamp-testing), so that every run
 * of the suite proves it: the sandbox `e2e-{workerIndex}` is made fresh when the worker starts and deleted when
 * it ends, and every browser context, page.request and request fixture of the worker works in it.
 * Workers therefore never see each other's writes, and a test may reset its worker's data
 * (resetData) without disturbing the other worker.
 *
 * Specs import `test` (and `expect`) from here instead of '@playwright/test'. `sandbox` is the
 * worker's sandbox name; `lamp` the test client in it.
 */
import { SANDBOX_HEADER } from '../../../src/shared/schemas/sandbox.ts';
import { test as lampTest } from '../../../packages/lamp-testing/src/playwright.ts';

export { expect } from '../../../packages/lamp-testing/src/playwright.ts';
export { SANDBOX_HEADER };

export const test = lampTest.extend<object, { sandbox: string }>({
  // The replicas run (playwright.replicas.config.ts) picks names that start on both replicas.
  lampSandboxPrefix: [process.env.LAMP_E2E_SANDBOX_PREFIX ?? 'e2e', { scope: 'worker' }],
  // Our specs reset when they need the fixtures as they were (resetData); the package's default,
  // a reset before every test, is what the outside team's example suite (examples/outside-team) runs.
  lampReset: ['worker', { scope: 'worker' }],
  sandbox: [
    async ({ lampWorker }, use) => {
      await use(lampWorker.sandbox ?? '');
    },
    { scope: 'worker' },
  ],
});
