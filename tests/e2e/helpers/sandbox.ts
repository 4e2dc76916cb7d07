/**
 * Each Playwright worker in its own sandbox (issue 16): `test` here is Playwright's, with a
 * worker fixture that makes (or resets) the sandbox `e2e-{workerIndex}` when the worker starts and
 * deletes it when the worker ends, and every browser context, page.request and request fixture of
 * the worker sending X-Lamp-Sandbox (and carrying the lamp_sandbox cookie). Workers therefore never see each other's writes, and a test
 * may reset its worker's data (resetData) without disturbing the other worker.
 *
 * Specs import `test` (and `expect`) from here instead of '@playwright/test'.
 */
import { test as base, expect, request as requestFactory } from '@playwright/test';

export { expect };

export const SANDBOX_HEADER = 'X-Lamp-Sandbox';
export const SANDBOX_COOKIE = 'lamp_sandbox';

export const test = base.extend<object, { sandbox: string }>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
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
  // Option fixtures, so every context the worker opens (browser.newContext() and
  // request.newContext() too) works in the sandbox: the header on every request the page and the
  // request API send, and the lamp_sandbox cookie (what POST /api/v1/testing/sandboxes/{name}/attach
  // sets) for what the browser fetches on its own, such as a download, which gets no extra headers.
  extraHTTPHeaders: async ({ extraHTTPHeaders, sandbox }, use) => {
    await use({ ...extraHTTPHeaders, [SANDBOX_HEADER]: sandbox });
  },
  storageState: async ({ storageState, sandbox, baseURL }, use) => {
    const state = typeof storageState === 'object' ? storageState : { cookies: [], origins: [] };
    const cookie = {
      name: SANDBOX_COOKIE,
      value: sandbox,
      domain: new URL(baseURL ?? 'http://127.0.0.1').hostname,
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    };
    await use({ ...state, cookies: [...state.cookies.filter((c) => c.name !== SANDBOX_COOKIE), cookie] });
  },
});
