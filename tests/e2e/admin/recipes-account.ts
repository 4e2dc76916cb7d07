import { expect, type Page } from '@playwright/test';
import { typeInto } from '../helpers/person.ts';
import type { AdminRecipe } from './recipe.ts';
import { createAccount, inviteUser } from './account-helpers.ts';

/**
 * Recipes of the bespoke account sections (details, users, access, name-mapping) for the
 * generated admin test (sections.spec.ts), run as super on the selected account (super's own,
 * Lamp HQ). Records are made with the test's unique text; the details section has no record to
 * create, and its edit (theme and flags into the shell) is tested in account-sections.spec.ts on
 * an account of its own, since changing Lamp HQ's theme would show in other tests' screenshots.
 */

/** The list's table has data rows from the API: not loading, and a row whose cells have text. */
async function tableLoaded(page: Page) {
  const table = page.getByRole('main').getByRole('table').first();
  await expect(table).toBeVisible({ timeout: 15_000 });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const first = table.locator('tbody tr').first();
  await expect(first.getByRole('cell').filter({ hasText: /\S/ }).first()).toBeVisible({ timeout: 15_000 });
}

const alert = (page: Page, text: string | RegExp) =>
  expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();

/** What `create` made, whatever `edit` did to its name (the generated test appends ' edited'). */
const made = (unique: string) => unique.replace(/ edited$/, '');
/** An e-mail address from the unique text ('E2E users abc1' → 'e2e-users-abc1@…'). */
const emailOf = (unique: string) =>
  `${made(unique)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}@admin-recipes.test`;

async function chooseRole(page: Page, scope: ReturnType<Page['getByRole']>, role: string) {
  await scope.getByRole('button', { name: /\bRole$/ }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

/**
 * The audit trail's sections list what was changed in the sandbox: rows when anything was, else
 * the empty state's words (a fresh sandbox has no trail); read only, so nothing to create.
 */
export async function activityLoaded(page: Page) {
  // A record's row is named by its time ('… 26 Nov 2026, 14:08'); the loading rows have no name.
  const record = page.getByRole('table', { name: 'Activity' }).getByRole('row', { name: /\b20\d\d\b/ });
  await expect(record.or(page.getByText('No activity recorded yet')).first()).toBeVisible();
}

export const ACCOUNT_RECIPES: Record<string, AdminRecipe> = {
  activity: { listLoaded: activityLoaded },
  details: {
    async listLoaded(page) {
      const form = page.getByRole('form', { name: 'Account details' });
      await expect(form).toBeVisible({ timeout: 15_000 });
      // The selected account's row, from the API.
      await expect(form.getByRole('textbox', { name: 'Name' })).not.toHaveValue('');
      await expect(form.getByRole('textbox', { name: 'Primary colour' })).toHaveValue(/^#[0-9a-f]{6}$/i);
    },
  },

  users: {
    listLoaded: tableLoaded,
    async create(page, unique) {
      await page.getByRole('link', { name: 'Create user' }).click();
      await typeInto(page.getByRole('textbox', { name: 'First name' }), 'E2E');
      await typeInto(page.getByRole('textbox', { name: 'Last name' }), unique);
      await typeInto(page.getByRole('textbox', { name: 'Email' }), emailOf(unique));
      await page.getByRole('button', { name: 'Create and invite' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `E2E ${unique}` })).toBeVisible();
    },
    async edit(page, unique) {
      await typeInto(page.getByRole('textbox', { name: 'Last name' }), `${unique} edited`);
      await page.getByRole('button', { name: 'Save' }).click();
      await alert(page, `E2E ${unique} edited details updated`);
    },
    async remove(page, unique) {
      await page.goto(`/admin/users?q=${encodeURIComponent(emailOf(unique))}`);
      await page.getByRole('link', { name: `E2E ${unique}` }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await alert(page, `E2E ${unique} deleted`);
      await expect(page).toHaveURL(/\/admin\/users$/);
      await tableLoaded(page);
      await expect(page.getByRole('link', { name: `E2E ${unique}` })).toHaveCount(0);
    },
  },

  access: {
    listLoaded: async (page) => {
      await expect(page.getByTestId('grant-row').first()).toBeVisible({ timeout: 15_000 });
    },
    async create(page, unique) {
      // A user of an account of their own, given access to the selected account here.
      const home = await createAccount(page.request, `${unique} home`);
      const person = await inviteUser(page.request, home, unique.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
      await page.getByRole('button', { name: 'Add access' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add access' });
      await dialog.getByRole('combobox', { name: 'User' }).pressSequentially(person.email, { delay: 15 });
      await page.getByRole('option', { name: new RegExp(person.email) }).click();
      await dialog.getByRole('button', { name: 'Add access' }).click();
      await expect(page.getByTestId('grant-row').filter({ hasText: person.email })).toContainText('Read');
      // The access section lists people by name: remember whom this unique text made.
      accessPeople.set(unique, person.email);
    },
    async edit(page, unique) {
      const row = page.getByTestId('grant-row').filter({ hasText: accessPeople.get(unique) ?? unique });
      await row.getByRole('button', { name: /Change role/ }).click();
      const dialog = page.getByRole('dialog', { name: /Change the role/ });
      await chooseRole(page, dialog, 'Write');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(row).toContainText('Write');
    },
    async remove(page, unique) {
      const email = accessPeople.get(made(unique)) ?? made(unique);
      const row = page.getByTestId('grant-row').filter({ hasText: email });
      await row.getByRole('button', { name: /Revoke/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
      await expect(page.getByTestId('grant-row').filter({ hasText: email })).toHaveCount(0);
    },
  },

  'name-mapping': {
    listLoaded: tableLoaded,
    async create(page, unique) {
      await page.getByRole('button', { name: 'Create mapping' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create mapping' });
      await typeInto(dialog.getByRole('textbox', { name: 'Raw name' }), unique);
      await typeInto(dialog.getByRole('textbox', { name: 'Clean name' }), `${unique} clean`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await alert(page, `${unique} mapped`);
      await expect(page.getByRole('row', { name: new RegExp(unique) }).first()).toContainText(`${unique} clean`);
    },
    async edit(page, unique) {
      await page
        .getByRole('row', { name: new RegExp(`^${unique} `) })
        .getByRole('button', { name: /Edit/ })
        .click();
      const dialog = page.getByRole('dialog', { name: `Edit ${unique}` });
      await typeInto(dialog.getByRole('textbox', { name: 'Raw name' }), `${unique} edited`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('row', { name: new RegExp(`^${unique} edited `) })).toBeVisible();
    },
    async remove(page, unique) {
      const row = page.getByRole('row', { name: new RegExp(`^${unique} `) });
      await row.getByRole('button', { name: /Delete/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await alert(page, 'deleted');
      await expect(page.getByRole('row', { name: new RegExp(`^${unique} `) })).toHaveCount(0);
    },
  },
};

/** The e-mail of the person each access `create` made, by unique text (one worker, one test). */
const accessPeople = new Map<string, string>();
