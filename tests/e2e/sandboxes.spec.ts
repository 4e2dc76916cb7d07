/**
 * The suite's own isolation: every worker works in its own sandbox (helpers/sandbox.ts),
 * in the page, in page.request, in the request fixture and in a context a test opens itself;
 * what it writes there stays out of the default state.
 */
import { request as requestFactory } from '@playwright/test';
import { expect, SANDBOX_HEADER, test } from './helpers/sandbox.ts';

const sandboxOf = async (answer: { json(): Promise<unknown> }) =>
  ((await answer.json()) as { sandbox: string }).sandbox;

test('every request of a worker works in its sandbox, and its writes stay there', async ({
  page,
  browser,
  request,
  sandbox,
}) => {
  await page.goto('/login');
  const fromPage = await page.evaluate(async () => {
    const answer = await fetch('/api/v1/testing/clock');
    return ((await answer.json()) as { sandbox: string }).sandbox;
  });
  expect(fromPage).toBe(sandbox);
  // The cookie too: the browser fetches some things (a download) without the extra headers.
  expect((await page.context().cookies()).find((c) => c.name === 'lamp_sandbox')?.value).toBe(sandbox);
  expect(await sandboxOf(await page.request.get('/api/v1/testing/clock'))).toBe(sandbox);
  expect(await sandboxOf(await request.get('/api/v1/testing/clock'))).toBe(sandbox);
  const own = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect(await sandboxOf(await own.request.get('/api/v1/testing/clock'))).toBe(sandbox);
  await own.close();

  const email = `sandboxed-${sandbox}-${Date.now()}@e2e.test`;
  const link = async (api: typeof request) =>
    (await api.post('/api/v1/testing/outbox/links', { data: { kind: 'login-link', email } })).status();
  expect((await request.post('/api/v1/testing/users', { data: { email } })).status()).toBe(201);
  expect(await link(request)).toBe(201);
  // In the default state the user does not exist. (Every context of the worker gets the sandbox
  // header, request.newContext() too: 'default' names the default state explicitly.)
  const outside = await requestFactory.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { [SANDBOX_HEADER]: 'default' },
  });
  expect(await link(outside)).toBe(404);
  await outside.dispose();
});
