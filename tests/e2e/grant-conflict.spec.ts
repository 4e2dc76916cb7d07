/**
 * Grant writes are safe from lost updates too: the access page revokes a grant at the
 * version its list showed, so a grant someone else changed meanwhile is not revoked unasked: the
 * conflict dialog asks, Reload shows their change, and the revoke made on what is shown goes
 * through. The test makes its own accounts and user.
 */
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { CONFLICT_TITLE } from '../../src/app/shared/ConflictDialog.tsx';
import { openApp, signIn } from './helpers/session.ts';
import { createAccount, inviteUser, selectAccount, unique } from './admin/account-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

test('revoking a grant changed elsewhere since the access page opened asks; Reload shows theirs', async ({ page }) => {
  await signIn(page, 'super@lamp.test');
  const accountId = await createAccount(page.request, unique('Grant conflict account'));
  const home = await createAccount(page.request, unique('Grant conflict home'));
  const person = await inviteUser(page.request, home, 'guest');
  const grant = (role: string) => ({ user: person.id, account: accountId, role });
  expect((await page.request.post('/api/v1/account-users/grant', { data: grant('read') })).status()).toBe(201);
  await selectAccount(page, accountId);
  await openApp(page, '/admin/access');
  const row = page.getByTestId('grant-row').filter({ hasText: person.email });
  await expect(row).toContainText('Read');

  // Someone else makes them a writer meanwhile (a plain API client, no version).
  expect((await page.request.put('/api/v1/account-users/role', { data: grant('write') })).status()).toBe(200);

  await row.getByRole('button', { name: /Revoke/ }).click();
  const confirm = page.getByRole('dialog', { name: /^Revoke the access of/ });
  await confirm.getByRole('button', { name: 'Revoke access' }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this user after you opened it');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(conflict).toBeHidden();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Write');
  const grants = await page.request.get(`/api/v1/account-users/grants?account=${accountId}`);
  expect(((await grants.json()) as { data: { user: { id: string }; role: string }[] }).data).toMatchObject([
    { user: { id: person.id }, role: 'write' },
  ]);

  // Revoked on what the page now shows, it goes.
  await row.getByRole('button', { name: /Revoke/ }).click();
  await confirm.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByTestId('grant-row').filter({ hasText: person.email })).toHaveCount(0);
});
