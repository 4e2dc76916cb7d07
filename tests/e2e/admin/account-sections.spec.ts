/**
 * The admin area's account sections, as super: bulk-create with a bad row (a report
 * per row, nobody created), a theme and flag change visible in the shell at once, grants added,
 * changed and revoked, a user's detail with their grants across accounts, and name-mapping CRUD.
 * Each test works in an account of its own, so the two workers never meet in shared data.
 */
import { expect, test } from '../helpers/sandbox.ts';
import { typeInto } from '../helpers/person.ts';
import { openApp, signIn } from '../helpers/session.ts';
import { createAccount, inviteUser, selectAccount, unique } from './account-helpers.ts';

const SUPER = 'super@lamp.test';

test.beforeEach(async ({ page }) => {
  await signIn(page, SUPER);
});

test('bulk-create reports the bad row and creates nobody; the fixed input creates everyone', async ({ page }) => {
  const accountId = await createAccount(page.request, unique('Bulk account'));
  await selectAccount(page, accountId);
  const good = `${unique('bulk-good')}@admin-sections.test`;
  const second = `${unique('bulk-second')}@admin-sections.test`;
  await openApp(page, '/admin/users/bulk-create');
  await expect(page.getByRole('heading', { name: 'Bulk Create Users' })).toBeVisible();
  const text = page.getByLabel('Or paste rows');
  await text.fill(`first name,last name,email,role\nGrace,Hopper,${good},write\nBad,Row,not-an-email,read`);
  const rows = page.getByTestId('bulk-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('E-mail: Invalid email format');
  await page.getByRole('button', { name: 'Create 2 users' }).click();
  // The server's report: the same row, and nobody created.
  await expect(page.getByTestId('bulk-summary')).toHaveText('1 of 2 rows have errors; nobody was created');
  await expect(rows.nth(0)).toContainText('OK');
  await expect(rows.nth(1)).toContainText('E-mail: Invalid email format');
  const none = await page.request.get('/api/v1/user', { params: { account: `${accountId},null`, search: good } });
  expect(((await none.json()) as { count: number }).count).toBe(0);

  await text.fill(`first name,last name,email,role\nGrace,Hopper,${good},write\nKatherine,Johnson,${second},read`);
  await expect(page.getByTestId('bulk-summary')).toHaveText('2 rows are ready to create');
  await page.getByRole('button', { name: 'Create 2 users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('2 users created; invitations sent')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Katherine Johnson' })).toBeVisible();
  const mail = await page.request.get('/api/v1/testing/outbox', { params: { to: good } });
  expect(((await mail.json()) as { data: { kind: string }[] }).data[0]?.kind).toBe('invitation');
});

test('a theme and flag change shows in the shell at once', async ({ page }) => {
  const name = unique('Theme account');
  const accountId = await createAccount(page.request, name);
  await selectAccount(page, accountId);
  await openApp(page, '/admin/details');
  const primary = () =>
    page.evaluate(() => document.documentElement.style.getPropertyValue('--lamp-primary').trim().toLowerCase());
  await expect.poll(primary).toBe('#00badb');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Measurements' })).toBeVisible();

  await typeInto(page.getByLabel('Primary colour'), '#aa3377');
  await page.getByLabel('Primary colour').press('Tab');
  await page.getByText('LAMP access (measurements and reports)').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();
  // No reload: the shell takes the saved account.
  await expect.poll(primary).toBe('#aa3377');
  await expect(nav.getByRole('link', { name: 'Measurements' })).toHaveCount(0);

  // A bad colour is refused on its field and changes nothing.
  await typeInto(page.getByLabel('Primary colour'), 'teal');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Primary colour must be a colour like #00badb')).toBeVisible();
  await expect.poll(primary).toBe('#aa3377');

  // Restore what the account had (it is the test's own, but leave it as found).
  const restore = await page.request.put(`/api/v1/account?id=${accountId}`, {
    data: {
      theme: { primary_colour: '#00badb', secondary_colour: '#334155', logo: null },
      feature_flags: { lamp_access: true, spotlight_access: false },
    },
  });
  expect(restore.ok()).toBe(true);
});

test('grants are added, changed and revoked on the access page', async ({ page }) => {
  const accountId = await createAccount(page.request, unique('Access account'));
  const home = await createAccount(page.request, unique('Home account'));
  const person = await inviteUser(page.request, home, 'grantee');
  await selectAccount(page, accountId);
  await openApp(page, '/admin/access');
  await expect(page.getByRole('heading', { name: 'Access', exact: true })).toBeVisible();
  await expect(page.getByText('Nobody holds a role here yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add access' });
  await dialog.getByRole('combobox', { name: 'User' }).pressSequentially(person.email, { delay: 15 });
  await page.getByRole('option', { name: new RegExp(person.email) }).click();
  await dialog.getByRole('button', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Write' }).click();
  await dialog.getByRole('button', { name: 'Add access' }).click();
  const row = page.getByTestId('grant-row').filter({ hasText: person.email });
  await expect(row).toContainText('Write');
  await expect(row).toContainText('Access grant');

  await row.getByRole('button', { name: /Change role/ }).click();
  const roleDialog = page.getByRole('dialog', { name: /Change the role/ });
  await roleDialog.getByRole('button', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Admin');

  await row.getByRole('button', { name: /Revoke/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByTestId('grant-row').filter({ hasText: person.email })).toHaveCount(0);
  await expect(page.getByText('Nobody holds a role here yet')).toBeVisible();
});

test("a user's detail shows their grants across accounts", async ({ page }) => {
  const name = unique('Detail account');
  const accountId = await createAccount(page.request, name);
  const person = await inviteUser(page.request, accountId, 'detail', 'write');
  const grant = await page.request.post('/api/v1/account-users/grant', {
    data: { user: person.id, account: '650000000000000000000003', role: 'read' },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  await selectAccount(page, accountId);
  await openApp(page, '/admin/users');
  await page.getByRole('link', { name: `${person.first_name} ${person.last_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${person.id}$`));
  const grants = page.getByRole('table', { name: /Grants of/ });
  await expect(grants.getByRole('row', { name: new RegExp(`${name} Write Own account`) })).toBeVisible();
  await expect(grants.getByRole('row', { name: /Northwind Media Read Access grant/ })).toBeVisible();

  // Edit in place: a server 400 lands on its field; a good value saves.
  await typeInto(page.getByLabel('Email'), 'nobody');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await typeInto(page.getByLabel('Email'), person.email);
  await typeInto(page.getByLabel('Last name'), 'Renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${person.first_name} Renamed details updated`)).toBeVisible();
});

test('name mappings are created, edited and deleted', async ({ page }) => {
  await selectAccount(page, await createAccount(page.request, unique('Mapping account')));
  const raw = unique('raw_placement');
  await openApp(page, '/admin/name-mapping');
  await expect(page.getByText('No name mappings yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create mapping' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create mapping' });
  await typeInto(dialog.getByLabel('Raw name'), raw);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Clean name is required')).toBeVisible();
  await typeInto(dialog.getByLabel('Clean name'), 'Homepage takeover');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: new RegExp(raw) });
  await expect(row).toContainText('Placement');
  await expect(row).toContainText('Homepage takeover');

  // A second mapping of the same raw name is refused on its field.
  await page.getByRole('button', { name: 'Create mapping' }).click();
  await typeInto(dialog.getByLabel('Raw name'), raw.toUpperCase());
  await typeInto(dialog.getByLabel('Clean name'), 'Other');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(`${raw.toUpperCase()} is already mapped`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${raw}` });
  await typeInto(edit.getByLabel('Clean name'), 'Homepage takeover (desktop)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Homepage takeover (desktop)');

  await row.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(raw) })).toHaveCount(0);
  await expect(page.getByText('No name mappings yet')).toBeVisible();
});
