import { expect, type APIRequestContext } from '@playwright/test';

/**
 * What a browser test reads or makes through the API beside the page (the figures a page should
 * show, rows of its own to work on), with page.request or the request fixture, so the call runs
 * in the worker's sandbox and as the signed-in user. A call the API refuses fails the test there,
 * with the path and the API's answer.
 */

/** GET `path`; its JSON answer. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** POST `data` to `path`; the `data` of its JSON answer (the row made). */
export async function postData<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}
