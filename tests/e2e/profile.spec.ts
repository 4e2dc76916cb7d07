import { expect, test } from './helpers/sandbox.ts';
import { typeInto } from './helpers/person.ts';
import { messages } from '../../src/shared/messages.ts';
import { createUser, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, STRONG_PASSWORD } from './auth-helpers.ts';

test.describe('the profile page', () => {
  test.slow();

  test('shows the name as title, focuses the first name, keeps the e-mail fixed, and saves', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, { tag: 'profile', first_name: 'Priya', last_name: 'Nair' });
    await signIn(page, user.email, DEMO_PASSWORD, '/login?next=%2Fprofile');
    // The sign-in hashes with scrypt: seconds on a loaded machine.
    await expect(page).toHaveURL(/\/profile\?login=true$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Nair' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle('Priya Nair | LAMP');
    const details = page.getByTestId('details-form-profile');
    await expect(details.getByLabel('First name', { exact: true })).toBeFocused();
    await expect(details.getByLabel('Email', { exact: true })).toBeDisabled();
    await expect(details.getByLabel('Email', { exact: true })).toHaveValue(user.email);
    const consent = details.getByRole('checkbox', { name: messages.profile.marketingConsentLabel });
    await expect(consent).not.toBeChecked();
    await expect(details.getByText(/GDPR/)).toContainText('DPA');
    await expect(details.getByText(/GDPR/)).toContainText('PECR');
    await expectNoSeriousA11yViolations(page, 'main');

    await typeInto(details.getByLabel('First name', { exact: true }), '');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText(messages.validation.firstNameRequired)).toBeVisible();

    await typeInto(details.getByLabel('First name', { exact: true }), 'Priyanka');
    await typeInto(details.getByLabel('Last name', { exact: true }), 'Nair-Shah');
    await consent.check();
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.getByText(messages.profile.detailsUpdated('Priyanka', 'Nair-Shah'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Priyanka Nair-Shah' })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Save' })).toBeEnabled();

    await page.reload();
    await expect(page.getByTestId('details-form-profile').getByRole('checkbox')).toBeChecked();
  });

  test('changes the password: validation, wrong current password, success', async ({ page, request }) => {
    // Several scrypt runs (user, sign-in, password change) on a shared machine.
    test.slow();
    const user = await createUser(request, { tag: 'change' });
    await signIn(page, user.email, DEMO_PASSWORD, '/login?next=%2Fprofile');
    const form = page.getByTestId('password-form-change');
    // The page chunk may take a while on a busy machine.
    await expect(form.getByRole('heading', { name: messages.profile.changePasswordTitle })).toBeVisible({
      timeout: 15_000,
    });
    await expect(form).toHaveAttribute('novalidate', '');

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(messages.validation.currentPasswordRequired)).toBeVisible();
    await expect(form.getByText(messages.validation.newPasswordRequired)).toHaveCount(2);

    // Show/hide toggles.
    const current = form.getByLabel('Current password', { exact: true });
    await typeInto(current, 'wrong-password');
    await expect(current).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Show current password' }).click();
    await expect(current).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Hide current password' }).click();

    await typeInto(form.getByLabel('New password', { exact: true }), STRONG_PASSWORD);
    await typeInto(form.getByLabel('Confirm new password', { exact: true }), STRONG_PASSWORD);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/reset-password'));
    await form.getByRole('button', { name: 'Save' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    // The confirmation is not sent.
    expect(Object.keys(body).sort()).toEqual(['current_password', 'new_password']);
    await expect(page.getByRole('alert').filter({ hasText: messages.auth.changePasswordFallback })).toBeVisible();
    await expect(current).toBeFocused();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();

    await typeInto(current, DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(messages.auth.passwordChanged)).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();

    // Leave the app first, so its own sign-out redirect cannot race the next navigation.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signIn(page, user.email, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/\?login=true$/);
  });
});
