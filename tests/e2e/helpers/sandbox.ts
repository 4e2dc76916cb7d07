/**
 * Each Playwright worker in its own sandbox (issue 16): `test` here is Playwright's, with a
 * worker fixture that makes (or resets) the sandbox `e2e-{workerIndex}` when the worker starts and
 * deletes it when the worker ends, and every browser context, page.request and request fixture of
 * the worker sending X-Lamp-Sandbox. Workers therefore never see each other's writes, and a test
 * may reset its worker's data (resetData) without disturbing the other worker.
 *
 * Specs import `test` (and `expect`) from here instead of '@playwright/test'.
 */
import { test as base, expect, request as requestFactory } from '@playwright/test';

export { expect };

export const SANDBOX_HEADER = 'X-Lamp-Sandbox';

export const test = base.extend<object, { sandbox: string }>({
  sandbox: [
    async ({}, use, workerInfo) => {
      const name = `e2e-${workerInfo.workerIndex}`;
      const api = await requestFactory.newContext({ baseURL: workerInfo.project.use.baseURL });
      const made = await api.post(`/api/v1/testing/sandboxes/${name}/reset`);
      expect(made.ok(), `sandbox ${name}: ${made.status()} ${await made.text()}`).toBe(true);
      await use(name);
      await api.delete(`/api/v1/testing/sandboxes/${name}`);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  // An option fixture: every context the worker opens (browser.newContext() too) and its
  // request API carry the header. The header, not the cookie, so page.request and a fresh
  // context work in the sandbox before any cookie is set.
  extraHTTPHeaders: async ({ extraHTTPHeaders, sandbox }, use) => {
    await use({ ...extraHTTPHeaders, [SANDBOX_HEADER]: sandbox });
  },
});
