import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { readFileSync } from 'node:fs';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { parseCsv } from '../../src/shared/csv.ts';
import { expectNoSeriousA11yViolations, latestEmail } from './auth-helpers.ts';
import { clickAway, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The account switcher as a person uses it: part of the name typed, the option clicked. */
async function switchTo(page: Page, name: string) {
  await typeInto(page.getByRole('combobox', { name: 'Account' }), name.slice(0, 5));
  await page.getByRole('option', { name }).click();
}

test.describe('workspace pages by role', () => {
  test('a reader is refused labels, users and billing with the access error', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    for (const path of ['/labels', '/users', '/billing']) {
      await openApp(page, path);
      await expect(page.getByText(messages.access.accountError)).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });

  test('a writer sees billing; the CSV export holds every contract the API lists', async ({ page }) => {
    await signIn(page, 'writer@northwind.test');
    await openApp(page, '/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    const contracts = page.getByRole('region').filter({ hasText: 'Contracts' }).first();
    await expect(page.getByRole('columnheader', { name: /Billing name/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Remaining/ })).toBeVisible();
    const api = (await (
      await page.request.get(
        `/api/v1/contract?accounts=${ACCOUNT_IDS.northwind}&limit=5000&skip=0&sort=asc(billing_name),asc(id)`,
      )
    ).json()) as { data: { billing_name: string }[]; count: number };
    expect(api.count).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).first().click();
    const file = await (await download).path();
    const csv = parseCsv(readFileSync(file, 'utf8'));
    expect(csv.header).toEqual(['Billing name', 'Dates', 'Value', 'Measurements', 'Active']);
    expect(csv.rows.map((r) => r[0])).toEqual(api.data.map((c) => c.billing_name));
    void contracts;

    // A purchase order opens with its contract and the measurements it pays for.
    const order = page
      .getByRole('link')
      .filter({ has: page.locator('xpath=ancestor::td') })
      .first();
    const orders = (await (
      await page.request.get(`/api/v1/purchase-order?account=${ACCOUNT_IDS.northwind}&limit=1`)
    ).json()) as {
      data: { id: string; reference: string }[];
    };
    if (orders.data[0]) {
      await page.getByRole('link', { name: orders.data[0].reference }).first().click();
      await expect(
        page.getByRole('heading', { level: 1, name: `Purchase order ${orders.data[0].reference}` }),
      ).toBeVisible();
      await expect(page.getByText('Amount')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'main');
    }
    void order;
  });

  test('an admin manages labels: create, search state survives reload, bulk delete', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/labels');
    const category = unique('Kit category');
    const newCategory = page.getByRole('form', { name: 'New category' });
    await typeInto(newCategory.getByRole('textbox'), category);
    await newCategory.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText(`${category} created`)).toBeVisible();

    // Empty name: the shared schema's rule, on its field, before anything is sent.
    await expect(newCategory.getByRole('button', { name: 'Add' })).toBeEnabled();
    await newCategory.getByRole('button', { name: 'Add' }).click();
    await expect(newCategory.getByText('Name is required')).toBeVisible();

    await typeInto(page.getByLabel('Search categories'), category);
    // The whole search in the address (it follows the typing a moment later), as the reload keeps it.
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === category);
    await expect(page.getByRole('button', { name: category, exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Search categories')).toHaveValue(category, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: category, exact: true })).toBeVisible();

    // Its values: two labels, then both deleted one by one with a result per row.
    await page.getByRole('button', { name: category, exact: true }).click();
    await expect(page).toHaveURL(/labelCategoryId=/);
    for (const name of ['Alpha', 'Beta']) {
      const form = page.getByRole('form', { name: `New label in ${category}` });
      await typeInto(form.getByRole('textbox'), name);
      await form.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, 'main');
    // By keyboard (the alerts of the two creations sit over the bottom-left of the table meanwhile):
    // one row, which leaves the header's box mixed; then the header's, which takes the other row too.
    const all = page
      .getByRole('region', { name: 'labels', exact: true })
      .getByRole('checkbox', { name: 'Select all rows on this page' });
    await page.getByRole('checkbox', { name: 'Select Alpha' }).focus();
    await page.keyboard.press('Space');
    await expect(all).toBeChecked({ indeterminate: true });
    await all.focus();
    await page.keyboard.press('Space');
    await expect(all).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Select Beta' })).toBeChecked();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByRole('progressbar', { name: 'Deleting' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 2',
    );
    const results = page.getByTestId('bulk-results');
    await expect(results).toContainText('Alpha: deleted');
    await expect(results).toContainText('Beta: deleted');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(`No labels in ${category} yet`)).toBeVisible();
  });

  test('a second category of a name the account has, in any case, is refused on the name field', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/labels');
    await expect(page.getByRole('button', { name: 'Brand', exact: true })).toBeVisible();
    const newCategory = page.getByRole('form', { name: 'New category' });
    await typeInto(newCategory.getByRole('textbox'), 'brand');
    await newCategory.getByRole('button', { name: 'Add' }).click();
    await expect(newCategory.getByText('A label category with this name already exists in this account')).toBeVisible();
    await expect(page.getByText('brand created')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^brand$/i })).toHaveCount(1);
  });

  test('an admin edits a label on its own page, moves it to another category, and deletes it behind a confirmation', async ({
    page,
  }) => {
    await signIn(page, 'admin@northwind.test');
    const stem = unique('Edit cat');
    const made: string[] = [];
    for (const name of [`${stem} from`, `${stem} to`]) {
      const cat = await page.request.post('/api/v1/label-category', {
        data: { name, account: ACCOUNT_IDS.northwind },
      });
      made.push(((await cat.json()) as { data: { id: string } }).data.id);
    }
    await page.request.post('/api/v1/label-value', { data: { name: 'Original', category_id: made[0] } });

    // Found as a person finds it: search the categories, open the category, click the label.
    await openApp(page, '/labels');
    await typeInto(page.getByLabel('Search categories'), `${stem} from`);
    await page.getByRole('button', { name: `${stem} from`, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Labels in ${stem} from` })).toBeVisible();
    await page.getByRole('link', { name: 'Original', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Original' })).toBeVisible();
    await expect(page.getByTestId('label-usage')).toContainText('Carried by 0 measurements and 0 saved reports');
    await typeInto(page.getByRole('textbox', { name: 'Name' }), 'Renamed');
    // The category picker: part of the other category's name, its option clicked, then on to the
    // next thing with the pointer; the box and the choice both stay.
    const category = page.getByRole('combobox', { name: 'Category' });
    await expect(category).toHaveValue(`${stem} from`);
    // Text typed and left without a pick gives the box back its category.
    await typeInto(category, 'no such category');
    await clickAway(page);
    await expect(category).toHaveValue(`${stem} from`);
    await typeInto(category, `${stem} t`);
    await page.getByRole('option', { name: `${stem} to`, exact: true }).click();
    await expect(category).toHaveValue(`${stem} to`);
    await clickAway(page);
    await expect(category).toHaveValue(`${stem} to`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Renamed saved')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/labels\\?labelCategoryId=${made[1]}`));
    await page.getByRole('link', { name: 'Renamed' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('No measurement or saved report carries Renamed');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Renamed deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/labels\?labelCategoryId=/);
  });

  test('an admin sees users, invites one, and a clash from the server lands on the e-mail field', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/users');
    await expect(page.getByRole('columnheader', { name: 'Role here' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Admin', exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'main');

    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog');
    await typeInto(dialog.getByLabel('First name'), 'Clash');
    await typeInto(dialog.getByLabel('Last name'), 'Test');
    await typeInto(dialog.getByLabel('Email'), 'reader@northwind.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(messages.api.emailTaken)).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    const email = `invite-${Date.now().toString(36)}@northwind.test`;
    await typeInto(dialog.getByLabel('Email'), email);
    await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Invited' }).first()).toBeVisible();

    // The invitation in the outbox leads through /login-link to the new user's first sign-in.
    const invitation = await latestEmail(page.request, email);
    expect(invitation.kind).toBe('invitation');
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto(invitation.link);
    // The link signs the new user in and leads on to the first-login page, /new-user.
    await expect(page).toHaveURL(/\/new-user\?login=true$/, { timeout: 20_000 });
    expect(((await (await page.request.get('/api/v1/current-user')).json()) as { email: string }).email).toBe(email);
  });
});

test('on /profile, a changed first name makes an account switch ask first', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/profile');
  await typeInto(page.getByLabel('First name', { exact: true }), 'Changed');
  await switchTo(page, 'Contoso Partners');
  await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('Northwind Media');
});
