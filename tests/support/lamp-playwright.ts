/**
 * The Playwright side of the test client. Each worker gets a sandbox of its own, made
 * fresh from the fixtures when the worker starts and deleted when it ends, so parallel workers
 * never see each other's data, mail, faults, journal or clock. Everything the worker opens works
 * in it with no call of yours:
 *
 *   - every browser context, page.request and the `request` fixture send X-Lamp-Sandbox (also a
 *     context or request context the test opens itself: browser.newContext(), request.newContext());
 *   - the test's own browser context also carries the lamp_sandbox cookie, for what the browser
 *     fetches without the extra headers (a download). `lamp.attach(context)` does the same for a
 *     context you make yourself.
 *
 * `lamp` is a LampTesting client in that sandbox; a test that takes it starts with no fault rules
 * and an empty journal. The sandbox's data is not reset between tests: call `await lamp.reset()`
 * in a test that needs the fixtures as they were.
 *
 *   import { expect, test } from '../support/lamp-playwright.ts';
 *
 *   test('shows the API's message', async ({ page, lamp }) => {
 *     await lamp.addFault({ method: 'POST', path: '/api/v1/auth', status: 503 });
 *     …
 *     expect(await lamp.journal({ method: 'POST' })).toHaveLength(1);
 *   });
 *
 * The sandboxes are named `{lampSandboxPrefix}-{workerIndex}`; the prefix is an option (by default
 * unique to the run, so runs may share one server): `test.use({ lampSandboxPrefix: 'e2e' })` or
 * `use: { lampSandboxPrefix: 'e2e' }` in the configuration.
 */
import { test as base } from '@playwright/test';
import { SANDBOX_HEADER } from '../../src/shared/schemas/sandbox.ts';
import { LampTesting } from './lamp-testing.ts';

export { expect } from '@playwright/test';
export * from './lamp-testing.ts';

export interface LampWorkerFixtures {
  /** How the worker's sandbox is named: `{prefix}-{workerIndex}`. */
  lampSandboxPrefix: string;
  /** The worker's sandbox: a client made once per worker. */
  lampWorker: LampTesting;
}

export interface LampTestFixtures {
  /** The worker's sandbox, cleared of fault rules and journal entries for this test. */
  lamp: LampTesting;
}

export const test = base.extend<LampTestFixtures, LampWorkerFixtures>({
  lampSandboxPrefix: [`pw-${process.pid.toString(36)}`, { scope: 'worker', option: true }],
  lampWorker: [
    async ({ lampSandboxPrefix }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('The lamp fixture needs use.baseURL in the Playwright configuration');
      const lamp = new LampTesting({
        baseURL,
        sandbox: `${lampSandboxPrefix}-${workerInfo.workerIndex}`,
        testControlToken: process.env.LAMP_TEST_CONTROL_TOKEN,
      });
      // Made on first use; a reset makes sure a name left by an earlier run starts afresh.
      await lamp.reset();
      await use(lamp);
      await lamp.deleteSandbox();
    },
    { scope: 'worker' },
  ],
  // An option fixture: every context and request context of the worker inherits it.
  extraHTTPHeaders: async ({ extraHTTPHeaders, lampWorker }, use) => {
    await use({ ...extraHTTPHeaders, [SANDBOX_HEADER]: lampWorker.sandbox ?? '' });
  },
  context: async ({ context, lampWorker }, use) => {
    await lampWorker.attach(context);
    await use(context);
  },
  lamp: async ({ lampWorker }, use) => {
    await lampWorker.clearFaults();
    await lampWorker.clearJournal();
    await use(lampWorker);
    // A test's rules never reach the next one, even when it fails half-way.
    await lampWorker.clearFaults();
  },
});
