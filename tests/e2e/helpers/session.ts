import { expect, type Cookie, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../fixtures/passwords.ts';
import { findRoute, notFoundRoute } from '../../../src/app/routes/index.ts';
import { SANDBOX_COOKIE } from '../../../server/sandbox/scope.ts';
import { endpointUrl } from '../../helpers/endpoints.ts';

/**
 * Sessions already made in this worker, by e-mail. A sign-in costs the server one scrypt at
 * OWASP's parameters (about 0.5 s of CPU); a test that signs in a persona the worker has already
 * signed in reuses that session after one cheap check that the server still knows it (a test may
 * have signed out, reset the sandbox or moved the clock past its expiry).
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs a persona in with the page's own request context, so the session cookie lands in the
 * browser context: in a sandbox, a minted session (POST /api/v1/testing/sessions, a few ms);
 * outside one, through the API (POST /api/v1/auth, one scrypt). The sign-in form has its own specs.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  const context = page.context();
  // Sessions live in a sandbox (or the default state): a session is only reused in the one it was made in.
  const sandbox = (await context.cookies()).find((c) => c.name === SANDBOX_COOKIE)?.value ?? '';
  const key = `${sandbox}|${email}`;
  const known = sessions.get(key);
  if (known) {
    await context.addCookies(known);
    const check = await page.request.get(endpointUrl('currentUser'));
    if (check.ok() && ((await check.json()) as { email?: string }).email === email) return;
    await context.clearCookies({ name: known[0]?.name });
  }
  const response = sandbox
    ? await page.request.post(endpointUrl('mintSession'), { data: { email } })
    : await page.request.post(endpointUrl('signIn'), { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), `sign-in of ${email}: ${response.status()} ${await response.text()}`).toBe(true);
  const before = new Set((known ?? []).map((c) => c.value));
  const made = (await context.cookies()).filter((c) => c.name.startsWith('lamp_session') && !before.has(c.value));
  if (made.length > 0) sessions.set(key, made);
}

/**
 * Opens an app path and waits until the page for it (not the loading view) is there.
 *
 * When the app is already loaded in the page, it navigates inside it, as a click on a link does:
 * a full page load costs the browser about 1.5 s of CPU, and a spec that visits ten routes spent
 * most of its time on them. A page load is still used for the first visit, for a path outside the
 * app's route table, for the path already shown (a test asking for it again wants it fresh), and
 * when `{ reload: true }` says the test changed state the app keeps in memory behind its back.
 */
export async function openApp(page: Page, path: string, options: { reload?: boolean } = {}): Promise<void> {
  const target = new URL(path, page.url().startsWith('http') ? page.url() : 'http://app');
  const current = page.url().startsWith('http') ? new URL(page.url()) : null;
  const inApp =
    !options.reload &&
    current !== null &&
    current.origin === target.origin &&
    current.pathname + current.search !== target.pathname + target.search &&
    findRoute(target.pathname).route !== notFoundRoute &&
    (await page
      .evaluate(() => Symbol.for('wouter_v3') in window && document.querySelector('main#main') !== null)
      .catch(() => false));
  if (inApp) await page.evaluate((to) => history.pushState(null, '', to), path);
  else await page.goto(path);
  // A cold page load on a busy two-core machine can take a while: wait up to 20 s for the shell.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  // The page shown is the one rendered for the address (or for where the app sent it on). The
  // router's location is decoded ('/reports/saved/Q4 plan'), the address bar's is not.
  await page.waitForFunction(
    () => {
      let pathname = location.pathname;
      try {
        pathname = decodeURI(pathname);
      } catch {
        // A malformed escape stays as it is, as the router leaves it.
      }
      return document.querySelector('main#main')?.getAttribute('data-location') === pathname;
    },
    undefined,
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('loading-view')).toHaveCount(0, { timeout: 20_000 });
}
