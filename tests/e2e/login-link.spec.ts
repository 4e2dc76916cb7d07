import { expect, test } from './helpers/sandbox.ts';
import { messages } from '../../src/shared/messages.ts';
import { createUser, DEMO_PASSWORD, expectNoSeriousA11yViolations, issueLink, signIn } from './auth-helpers.ts';

test('a login link from the outbox verifies the address and signs the user in', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'verify', email_verified: false });
  // Unverified: sign-in asks to check the e-mail.
  await signIn(page, user.email, DEMO_PASSWORD);
  await expect(page.locator('#login-password-error')).toHaveText(messages.auth.verificationRequired);

  const link = await issueLink(request, 'login-link', user.email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('loading-shell')).toHaveCount(0);

  // Verified now: the password signs in.
  // Leave the app first, so its own sign-out redirect cannot race the next navigation. The app may
  // still be sending itself to / (the link's last step) and interrupt the leaving: leave again.
  await expect(async () => {
    await page.goto('about:blank');
    expect(page.url()).toBe('about:blank');
  }).toPass({ timeout: 10_000 });
  await page.context().clearCookies();
  await signIn(page, user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/\?login=true$/);
});

test('a broken or expired login link shows the failure text', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'badlink', email_verified: false });
  const expired = await issueLink(request, 'login-link', user.email, 25 * 60 * 60 * 1000);
  await page.goto(expired);
  await expect(page).toHaveTitle('Login Link | LAMP');
  await expect(page.getByText(messages.auth.loginLinkFailed)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(expired.replace(/m=[0-9a-f]+/, `m=${'0'.repeat(64)}`).replace(/&t=\d+/, `&t=${Date.now()}`));
  await expect(page.getByText(messages.auth.loginLinkFailed)).toBeVisible();
});
