/**
 * lamp-testing/playwright: a Playwright `test` whose workers each get a sandbox of their
 * own, made fresh when the worker starts and deleted when it ends, so parallel workers never see
 * each other's data, mail, faults, journal, sessions or clock. Everything the worker opens works
 * in it with no call of yours: every browser context, page.request and the `request` fixture send
 * X-Lamp-Sandbox, and the test's own context carries the lamp_sandbox cookie (for what the
 * browser fetches without extra headers, such as a download).
 *
 *   import { expect, test } from 'lamp-testing/playwright';
 *
 *   test('shows the API's message', async ({ page, lamp, signInAs }) => {
 *     await signInAs('reader@northwind.test');              // a minted session: no login page
 *     await lamp.addFault({ method: 'GET', path: '/api/v1/measurement', status: 503, times: 1 });
 *     await page.goto('/measurements');
 *     …
 *   });
 *
 * Options (`test.use({...})` or `use: {...}` in the configuration):
 *   - lampSandboxPrefix: sandboxes are `{prefix}-{workerIndex}` (default: unique to the run);
 *   - lampReset: 'test' (default) resets the sandbox before every test that uses `lamp` or
 *     `signInAs`; 'worker' only when the worker starts (each test then starts with no fault
 *     rules and an empty journal, but the data others left);
 *   - lampClock: where each reset puts the clock (default: the server's start, test mode's fixed
 *     clock), e.g. { now: '2026-11-08T09:00:00Z', frozen: true }.
 * The configuration's use.baseURL says where LAMP is; LAMP_TEST_CONTROL_TOKEN, when set in the
 * environment, is sent with test control (a LAMP on another machine).
 */
import { test as base } from '@playwright/test';
import { LampTesting, SANDBOX_HEADER, type ClockSetting, type UserRef } from './index.ts';
import type { MintedSession } from './types.ts';

export { expect } from '@playwright/test';
export * from './index.ts';

export interface LampWorkerFixtures {
  /** How the worker's sandbox is named: `{prefix}-{workerIndex}`. */
  lampSandboxPrefix: string;
  /** Reset the sandbox before each test ('test') or once per worker ('worker'). */
  lampReset: 'test' | 'worker';
  /** Where each reset puts the sandbox's clock; undefined: the server's start. */
  lampClock: ClockSetting | undefined;
  /** The worker's sandbox: a client made once per worker. */
  lampWorker: LampTesting;
}

export interface LampTestFixtures {
  /** The worker's sandbox, reset for this test (or cleared of fault rules and journal entries). */
  lamp: LampTesting;
  /** Signs the test's browser context in as a user, without the login page (a minted session). */
  signInAs: (user: UserRef) => Promise<MintedSession>;
}

export const test = base.extend<LampTestFixtures, LampWorkerFixtures>({
  lampSandboxPrefix: [`pw-${process.pid.toString(36)}`, { scope: 'worker', option: true }],
  lampReset: ['test', { scope: 'worker', option: true }],
  lampClock: [undefined, { scope: 'worker', option: true }],
  lampWorker: [
    async ({ lampSandboxPrefix, lampClock }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('The lamp fixture needs use.baseURL in the Playwright configuration');
      const lamp = new LampTesting({
        baseURL,
        sandbox: `${lampSandboxPrefix}-${workerInfo.workerIndex}`,
        testControlToken: process.env.LAMP_TEST_CONTROL_TOKEN,
      });
      // Made on first use; a reset makes sure a name left by an earlier run starts afresh.
      await lamp.reset({ clock: lampClock });
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
  lamp: async ({ lampWorker, lampReset, lampClock }, use) => {
    if (lampReset === 'test') await lampWorker.reset({ clock: lampClock });
    else {
      await lampWorker.clearFaults();
      await lampWorker.clearJournal();
    }
    await use(lampWorker);
    // A test's rules never reach the next one, even when it fails half-way.
    await lampWorker.clearFaults();
  },
  signInAs: async ({ lamp, context }, use) => {
    await use((user) => lamp.signIn(user, context));
  },
});
