import { expect, type Page } from '@playwright/test';
import { typeDate, typeInto } from '../helpers/person.ts';

/**
 * Steps the admin recipes share, written against what a user sees on the generic admin pages:
 * labels, buttons, headings, breadcrumbs and alerts.
 */
export const list = (page: Page) => page.getByTestId('admin-list');

/** The list shows at least one row from the API: a data row whose cells have text. */
export async function rowsLoaded(page: Page) {
  const rows = list(page).getByRole('row');
  await expect(rows.nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(rows.nth(1).getByRole('cell').filter({ hasText: /\S/ }).first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
}

/** A field typed key by key as a person does (a date in the en-US field order). */
export async function fill(page: Page, label: string, value: string) {
  const box = page.getByRole('textbox', { name: label, exact: true });
  if (/\bdate$/i.test(label) && /^\d{4}-\d{2}-\d{2}$/.test(value)) await typeDate(box, value);
  else await typeInto(box, value);
}

/** A reference picker: types `text` (or nothing) and takes the first matching option. */
export async function pick(page: Page, label: string, text = '') {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  // Typed key by key, as a person does (the picker searches the server as the keys arrive).
  if (text) await box.pressSequentially(text, { delay: 15 });
  const option = text ? page.getByRole('option').filter({ hasText: text }).first() : page.getByRole('option').first();
  await option.click();
  // A list of references stays open for the next one, and hides the rest of the page from the
  // accessibility tree meanwhile: a click on the page's heading (found by CSS) closes it.
  if (await page.getByRole('listbox').count()) await page.locator('h1').first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A choice (select): opens it and takes the named option. */
export async function choose(page: Page, label: string, option: string) {
  // React Aria names a select's button by its value, then its label: 'Agency Managed Type'.
  await page.getByRole('button', { name: new RegExp(`\\b${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function saved(page: Page, text: RegExp | string) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

/** The current page's breadcrumb (the last crumb): spec §2's names for records. */
export async function crumbIs(page: Page, text: string) {
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toContainText(
    text,
  );
}

/** From a list: "Create {singular}", the fields, Create; ends on the new record's detail page. */
export async function createFromList(page: Page, singular: string, fields: (page: Page) => Promise<void>) {
  await page.getByRole('link', { name: `Create ${singular}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Create ${singular}` })).toBeVisible();
  await fields(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await saved(page, / created/);
  await expect(page.getByRole('form', { name: /^Edit / })).toBeVisible();
}

/** On a detail page: changes one text field, saves, and checks the page shows the change. */
export async function editField(page: Page, label: string, value: string, heading?: string) {
  await fill(page, label, value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page, / saved/);
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await page.reload();
  await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
}

/** On a detail page: Delete, confirm; back on the list, a search for `search` finds nothing. */
export async function deleteRecord(page: Page, search: string) {
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await saved(page, / deleted/);
  await expect(list(page)).toBeVisible();
  await list(page).getByRole('searchbox').fill(search);
  await expect(list(page).getByText(/^No .* match$/)).toBeVisible();
}

/** The account switcher offers an account of this name, without a reload (typed in, then closed). */
export async function switcherOffers(page: Page, name: string) {
  const box = page.getByRole('combobox', { name: 'Account' });
  await box.fill(name);
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  // Escape closes the list, and a second one puts back the selected account's name.
  await box.press('Escape');
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}
