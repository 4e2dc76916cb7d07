/**
 * No silent lost updates in kit forms: every kit form that edits a stored
 * record saves with the version it loaded (If-Match), and when someone else saved meanwhile the
 * form offers to reload their version or to overwrite it. Shown on the label edit page, the
 * rename dialog of /labels and the users' role dialog. Each test makes its own rows.
 */
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { CONFLICT_TITLE } from '../../src/app/shared/ConflictDialog.tsx';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function ownLabel(page: Page, name: string): Promise<{ categoryId: string; labelId: string }> {
  const category = await page.request.post('/api/v1/label-category', {
    data: { name: unique('Conflict cat'), account: ACCOUNT_IDS.northwind },
  });
  expect(category.status()).toBe(201);
  const categoryId = ((await category.json()) as { data: { id: string } }).data.id;
  const value = await page.request.post('/api/v1/label-value', { data: { name, category_id: categoryId } });
  expect(value.status()).toBe(201);
  return { categoryId, labelId: ((await value.json()) as { data: { id: string } }).data.id };
}

/** Someone else's save, made while the form is open. */
async function renameElsewhere(page: Page, resource: string, id: string, name: string) {
  const response = await page.request.put(`/api/v1/${resource}?id=${id}`, { data: { name } });
  expect(response.status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
});

test('label edit: a stale save asks reload or overwrite; overwrite keeps my change', async ({ page }) => {
  const name = unique('Mine');
  const { categoryId, labelId } = await ownLabel(page, name);
  await openApp(page, `/labels/${categoryId}/${labelId}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await renameElsewhere(page, 'label-value', labelId, `${name} theirs`);

  await page.getByLabel('Name').fill(`${name} mine`);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(dialog).toContainText('Someone else saved this label after you opened it');
  await dialog.getByRole('button', { name: 'Overwrite' }).click();
  await expect(page.getByText(`${name} mine saved`)).toBeVisible();
  const stored = await page.request.get(`/api/v1/label-value?id=${labelId}`);
  expect(((await stored.json()) as { data: { name: string }[] }).data[0]!.name).toBe(`${name} mine`);
});

test('label edit: reload shows their version, and a save after it goes through', async ({ page }) => {
  const name = unique('Reload');
  const { categoryId, labelId } = await ownLabel(page, name);
  await openApp(page, `/labels/${categoryId}/${labelId}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await renameElsewhere(page, 'label-value', labelId, `${name} theirs`);

  await page.getByLabel('Name').fill(`${name} mine`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: CONFLICT_TITLE }).getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(`${name} theirs`);
  await page.getByLabel('Name').fill(`${name} after`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} after saved`)).toBeVisible();
});

test('rename dialog on /labels: Cancel keeps my text; the server kept theirs', async ({ page }) => {
  const { categoryId } = await ownLabel(page, 'Any');
  const category = (
    (await (await page.request.get(`/api/v1/label-category?id=${categoryId}`)).json()) as {
      data: { name: string }[];
    }
  ).data[0]!.name;
  await openApp(page, `/labels?q=${encodeURIComponent(category)}`);
  await page.getByRole('button', { name: `Rename ${category}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${category}` });
  await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue(category);
  await renameElsewhere(page, 'label-category', categoryId, `${category} theirs`);
  await rename.getByRole('textbox', { name: 'Name' }).fill(`${category} mine`);
  await rename.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this category');
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue(`${category} mine`);
});
