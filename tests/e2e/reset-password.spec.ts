import { expect, test } from './helpers/sandbox.ts';
import { typeInto } from './helpers/person.ts';
import { messages } from '../../src/shared/messages.ts';
import {
  createUser,
  expectNoSeriousA11yViolations,
  issueLink,
  latestEmail,
  signIn,
  STRONG_PASSWORD,
} from './auth-helpers.ts';

const HOUR = 60 * 60 * 1000;

test('a reset link from the outbox sets a new password, then works no more', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'reset', password: null });
  // Ask for the link the way a user does.
  await page.goto('/login');
  await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await typeInto(page.getByRole('dialog').getByLabel('Email'), user.email);
  await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
  const { link } = await latestEmail(request, user.email);

  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page).toHaveTitle('Reset Password | LAMP');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

  const form = page.getByTestId('password-form-reset');
  await expect(form).toHaveAttribute('novalidate', '');
  await expect(form.getByLabel('Current password')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(messages.validation.newPasswordRequired)).toHaveCount(2);

  await typeInto(form.getByLabel('New password', { exact: true }), 'password');
  await expect(form.getByTestId('strength-label')).toHaveText('weak');
  await typeInto(form.getByLabel('Confirm new password', { exact: true }), 'password');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(messages.validation.passwordNotStrongEnough)).toBeVisible();

  await typeInto(form.getByLabel('New password', { exact: true }), STRONG_PASSWORD);
  await expect(form.getByTestId('strength-label')).toHaveText('strong');
  await typeInto(form.getByLabel('Confirm new password', { exact: true }), `${STRONG_PASSWORD}x`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(messages.validation.passwordsDoNotMatch)).toBeVisible();

  await typeInto(form.getByLabel('Confirm new password', { exact: true }), STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.auth.passwordChanged)).toBeVisible();
  // Redirected to / after 2 s, signed in.
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByTestId('loading-shell')).toHaveCount(0);

  // The same link a second time: refused with the server's reason.
  // Leave the app first, so its own sign-out redirect cannot race the next navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(link);
  const again = page.getByTestId('password-form-reset');
  await typeInto(again.getByLabel('New password', { exact: true }), 'Another-Brisk-Otter-43');
  await typeInto(again.getByLabel('Confirm new password', { exact: true }), 'Another-Brisk-Otter-43');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /already been used/ })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\?/);

  // The new password signs in.
  await signIn(page, user.email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/\?login=true$/);
});

test('an expired reset link is refused', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'expired' });
  const link = await issueLink(request, 'reset-password', user.email, HOUR + 60_000);
  await page.goto(link);
  const form = page.getByTestId('password-form-reset');
  await typeInto(form.getByLabel('New password', { exact: true }), STRONG_PASSWORD);
  await typeInto(form.getByLabel('Confirm new password', { exact: true }), STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /expired/ })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(/\/reset-password\?/);
});

test('a reset link without its parameters says so', async ({ page }) => {
  await page.goto('/reset-password?u=651000000000000000000005');
  await expect(page.getByText(messages.auth.resetPasswordFallback)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the strength meter says "Timeout loading zxcvbn" when the checker does not arrive', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'timeout' });
  const link = await issueLink(request, 'reset-password', user.email);
  // Hold the checker's chunk back forever.
  await page.route(/zxcvbn-chunk[^/]*\.js/, () => undefined);
  await page.goto(link);
  const form = page.getByTestId('password-form-reset');
  await typeInto(form.getByLabel('New password', { exact: true }), 'something');
  await expect(form.getByTestId('strength-meter')).toHaveText(messages.auth.strengthTimeout, { timeout: 8000 });
  await expect(page.getByRole('alert').filter({ hasText: messages.auth.strengthTimeout })).toBeVisible();
});

test('the strength meter maps scores to the spec texts and widths', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'meter' });
  await page.goto(await issueLink(request, 'reset-password', user.email));
  const form = page.getByTestId('password-form-reset');
  const input = form.getByLabel('New password', { exact: true });
  const label = form.getByTestId('strength-label');
  const bar = form.getByTestId('strength-bar');
  const width = async () =>
    bar.evaluate((el) =>
      Math.round(
        (el.getBoundingClientRect().width / (el.parentElement as HTMLElement).getBoundingClientRect().width) * 100,
      ),
    );

  await expect(label).toHaveText('too short');
  await typeInto(input, 'ab');
  await expect(label).toHaveText('too short');
  expect(await width()).toBe(0);
  await typeInto(input, 'abc');
  await expect(label).toHaveText('weak'); // score 0, 3 characters
  await expect.poll(width).toBe(25);
  await typeInto(input, 'Lamp-Demo');
  await expect(label).not.toHaveText(/too short|weak/);
  await typeInto(input, STRONG_PASSWORD);
  await expect(label).toHaveText('strong');
  await expect.poll(width).toBe(100);
  await expectNoSeriousA11yViolations(page);
});
