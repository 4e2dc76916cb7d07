import { expect, test } from './helpers/sandbox.ts';
import { messages } from '../../src/shared/messages.ts';
import { typeInto } from './helpers/person.ts';
import {
  createUser,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  latestEmail,
  outbox,
  signIn,
  uniqueEmail,
} from './auth-helpers.ts';

const v = messages.validation;

test.describe('the sign-in page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
  });

  test("validates with the spec texts and without the browser's own validation", async ({ page }) => {
    await expect(page.getByTestId('login-form')).toHaveAttribute('novalidate', '');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(v.emailRequired)).toBeVisible();
    await expect(page.getByText(v.passwordRequired)).toBeVisible();
    await expect(page.getByTestId('login-form').getByLabel('Email')).toBeFocused();

    await typeInto(page.getByTestId('login-form').getByLabel('Email'), 'reader@northwind');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(v.invalidEmailFormat)).toBeVisible();
    await typeInto(page.getByTestId('login-form').getByLabel('Email'), 'reader @northwind.test');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(v.invalidEmailFormat)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows "Email or password invalid" on the password field', async ({ page }) => {
    await typeInto(page.getByTestId('login-form').getByLabel('Email'), 'reader@northwind.test');
    await typeInto(page.getByLabel('Password', { exact: true }), 'not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#login-password-error')).toHaveText(messages.auth.emailOrPasswordInvalid);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('asks an unverified user to check their e-mail: error alert and field error', async ({ page }) => {
    await typeInto(page.getByTestId('login-form').getByLabel('Email'), 'unverified@northwind.test');
    await typeInto(page.getByLabel('Password', { exact: true }), DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.auth.verificationRequired })).toBeVisible();
    await expect(page.locator('#login-password-error')).toHaveText(messages.auth.verificationRequired);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('goes to / with the login flag after signing in', async ({ page }) => {
    await typeInto(page.getByTestId('login-form').getByLabel('Email'), 'reader@northwind.test');
    await typeInto(page.getByLabel('Password', { exact: true }), DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/\?login=true$/);
  });

  test('offers the demo personas and signs one in with one click', async ({ page }) => {
    const personas = page.getByRole('region', { name: 'Demo personas' });
    await expect(personas).toBeVisible();
    await expect(personas.getByRole('button')).toHaveCount(10);
    await personas.getByRole('button', { name: /^Sign in as .* read · Northwind Media Read only$/ }).click();
    await expect(page).toHaveURL(/\/\?login=true$/);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectNoSeriousA11yViolations(page);
  });
});

test('a signed-out visitor returns to the requested path after signing in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await signIn(page, 'reader@northwind.test', DEMO_PASSWORD, page.url());
  await expect(page).toHaveURL(/\/profile\?login=true$/);
});

test('the persona picker stays hidden when the server is not in demo mode', async ({ page }) => {
  await page.route('**/api/v1/demo/personas', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"statusCode":404}' }),
  );
  const answered = page.waitForResponse('**/api/v1/demo/personas');
  await page.goto('/login');
  await answered;
  await expect(page.getByRole('region', { name: 'Demo personas' })).toBeHidden();
});

for (const [name, viewport] of [
  ['a phone', { width: 390, height: 844 }],
  ['a desktop', { width: 1350, height: 940 }],
] as const) {
  test(`on ${name} the form stays put when the demo personas arrive`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The personas answer late, as on a slow line, so the form is on screen before they come.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/demo/personas', async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await expect(form).toBeVisible();
    const before = await form.boundingBox();
    release();
    await expect(page.getByRole('region', { name: 'Demo personas' }).getByRole('button').first()).toBeVisible();
    expect(await form.boundingBox()).toEqual(before);
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    );
    expect(shift, 'cumulative layout shift').toBeLessThan(0.1);
  });
}

test.describe('the forgot-password modal', () => {
  test('validates, then answers "Please check your email" and closes, for unknown addresses too', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('form')).toHaveAttribute('novalidate', '');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText(v.emailRequired)).toBeVisible();
    await typeInto(dialog.getByLabel('Email'), 'no-at-sign');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText(v.invalidEmailFormat)).toBeVisible();

    const unknown = uniqueEmail('nobody');
    const posted = page.waitForRequest('**/api/v1/forgotten-password');
    await typeInto(dialog.getByLabel('Email'), unknown);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await posted;
    expect(sent.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.postData()).toBe(`email=${encodeURIComponent(unknown)}`);
    await expect(page.getByRole('status').filter({ hasText: messages.auth.forgotPasswordSuccess })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await outbox(request, unknown)).toEqual([]);
  });

  test('puts a reset link in the outbox for a known address', async ({ page, request }) => {
    const user = await createUser(request, { tag: 'forgot' });
    await page.goto('/login');
    await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
    await typeInto(page.getByTestId('login-form').getByLabel('Email'), user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    // The address typed on the form is carried over.
    await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog).toBeHidden();
    const email = await latestEmail(request, user.email);
    expect(email.kind).toBe('reset-password');
    expect(email.link).toMatch(/^\/reset-password\?m=/);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
    await expectNoSeriousA11yViolations(page);
  });
});
