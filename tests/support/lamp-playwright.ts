/**
 * The Playwright side of the test client (issue 16): `lamp`, a LampTesting client in a sandbox of
 * the worker's own, with the test's browser context attached to it. Each worker gets its own
 * sandbox (so parallel workers never see each other's data, mail, faults or journal), and each
 * test starts with no fault rules and an empty journal. The sandbox's data is not reset between
 * tests: call `await lamp.reset()` in a test that needs the fixtures as they were.
 *
 *   import { expect, test } from '../support/lamp-playwright.ts';
 *
 *   test('shows the API's message', async ({ page, lamp }) => {
 *     await lamp.addFault({ method: 'POST', path: '/api/v1/auth', status: 503 });
 *     …
 *     expect(await lamp.journal({ method: 'POST' })).toHaveLength(1);
 *   });
 */
import { test as base } from '@playwright/test';
import { LampTesting } from './lamp-testing.ts';

export { expect } from '@playwright/test';
export * from './lamp-testing.ts';

interface WorkerFixtures {
  /** The worker's sandbox: a client without a browser context, made once per worker. */
  lampWorker: LampTesting;
}

interface TestFixtures {
  /** The worker's sandbox, with this test's browser context attached to it. */
  lamp: LampTesting;
}

/** A sandbox name unique to the run and the worker: safe to share one server between runs. */
function sandboxName(workerIndex: number): string {
  return `pw-${process.pid.toString(36)}-${workerIndex}`;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  lampWorker: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('The lamp fixture needs use.baseURL in the Playwright configuration');
      const lamp = new LampTesting({
        baseURL,
        sandbox: sandboxName(workerInfo.workerIndex),
        testControlToken: process.env.LAMP_TEST_CONTROL_TOKEN,
      });
      await use(lamp);
      await lamp.deleteSandbox();
    },
    { scope: 'worker' },
  ],
  lamp: async ({ lampWorker, context }, use) => {
    await lampWorker.attach(context);
    await lampWorker.clearFaults();
    await lampWorker.clearJournal();
    await use(lampWorker);
    // A test's rules never reach the next one, even when it fails half-way.
    await lampWorker.clearFaults();
  },
});
