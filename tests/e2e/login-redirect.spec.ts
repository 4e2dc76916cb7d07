import { expect, test } from './helpers/sandbox.ts';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';

/**
 * Issue 51 finding 1: `/login?next=/..//evil.test/phish` took a signed-in visitor to
 * http://evil.test/phish, because `/..//evil.test` resolves on the origin to the path
 * `//evil.test`, which the browser follows to another host. A request to evil.test is answered
 * here by the test (it would not resolve otherwise), so a redirect there shows as a page, not as
 * a network error that could pass for staying put.
 */
const PHISH = '/login?next=/..//evil.test/phish';

test.describe('the sign-in page never sends anyone to another site', () => {
  test.beforeEach(async ({ context }) => {
    await context.route(/^https?:\/\/evil\.test\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Phished</h1>' }),
    );
  });

  test('a signed-in visitor opening the login page with a foreign next path stays on LAMP', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    await signIn(page, 'reader@northwind.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/\?login=true$/);

    await page.goto(PHISH);
    // The login page sees the session and leaves at once: wait until it has.
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.getByRole('heading', { name: 'Phished' })).toHaveCount(0);
  });

  test('signing in from a login page with a foreign next path lands on LAMP', async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    await signIn(page, 'reader@northwind.test', DEMO_PASSWORD, PHISH);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(page).toHaveURL(`${origin}/?login=true`);
    await expect(page.getByRole('heading', { name: 'Phished' })).toHaveCount(0);
  });
});
