import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../fixtures/passwords.ts';

/**
 * Signs a persona in through the API (POST /api/v1/auth) with the page's own request context, so
 * the session cookie lands in the browser context. The sign-in form is issue 4's and not needed here.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/v1/auth', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), `sign-in of ${email}: ${response.status()} ${await response.text()}`).toBe(true);
}

/** Opens an app path and waits until the shell (not the loading shell) is there. */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // A cold page load on a busy two-core machine can take a while: wait up to 20 s for the shell.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('loading-view')).toHaveCount(0, { timeout: 20_000 });
}

/** Restores the fixtures (test mode), for tests that change data or rely on it being untouched. */
export async function resetData(page: Page): Promise<void> {
  const response = await page.request.post('/api/v1/testing/reset');
  expect(response.ok()).toBe(true);
}
