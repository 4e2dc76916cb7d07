import { expect, test } from './helpers/sandbox.ts';
import { typeInto } from './helpers/person.ts';
import { messages } from '../../src/shared/messages.ts';
import { createUser, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, STRONG_PASSWORD } from './auth-helpers.ts';

test('first login: /new-user with the consent question, confirm details and a new password', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request, {
    tag: 'first',
    first_name: 'Noor',
    last_name: 'Haddad',
    viewed_marketing_consent: false,
  });
  await signIn(page, user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/new-user\?login=true$/);
  await expect(page).toHaveTitle('New User | LAMP');

  const consent = page.getByRole('dialog');
  await expect(consent.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await consent.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const details = page.getByTestId('details-form-confirm');
  await expect(details.getByRole('heading', { name: messages.profile.confirmDetailsTitle })).toBeVisible();
  await expect(details.getByRole('checkbox')).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Save' })).toHaveCount(0);
  const form = page.getByTestId('password-form-initial');
  await expect(form.getByRole('heading')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await typeInto(details.getByLabel('Last name', { exact: true }), 'Haddad-Ali');
  await typeInto(form.getByLabel('Current password', { exact: true }), DEMO_PASSWORD);
  await typeInto(form.getByLabel('New password', { exact: true }), STRONG_PASSWORD);
  await typeInto(form.getByLabel('Confirm new password', { exact: true }), STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Save' }).click();
  // Two scrypt runs on the server (check, then hash): allow for a busy machine.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByText(messages.auth.passwordChanged)).toBeVisible();

  const me = await page.request.get('/api/v1/current-user');
  expect(await me.json()).toMatchObject({
    last_name: 'Haddad-Ali',
    viewed_marketing_consent: true,
    marketing_consent: false,
  });
});

test('the consent modal records Accept', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'accept', viewed_marketing_consent: false });
  await signIn(page, user.email, DEMO_PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const me = await page.request.get('/api/v1/current-user');
  expect(await me.json()).toMatchObject({ viewed_marketing_consent: true, marketing_consent: true });
});

test('sign out ends the session and shows the sign-in page', async ({ page, request }) => {
  // Several scrypt runs (user, sign-in, password change) on a shared machine.
  test.slow();
  const user = await createUser(request, { tag: 'signout' });
  await signIn(page, user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/\?login=true$/);
  await page.getByRole('button', { name: /user menu|account menu/i }).click();
  const unauth = page.waitForRequest('**/api/v1/unauth');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await unauth;
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get('/api/v1/current-user')).status()).toBe(401);
});
