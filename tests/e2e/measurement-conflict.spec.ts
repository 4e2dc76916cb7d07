/**
 * No silent lost updates in the edit form: when someone else saves the
 * measurement after it was opened, the save is refused and the form offers to reload their
 * version or to overwrite it. Each test makes its own measurement (parallel workers).
 */
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { CONFLICT_TITLE } from '../../src/app/shared/ConflictDialog.tsx';
import { signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

async function ownMeasurement(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/v1/measurement', {
    data: {
      account: ACCOUNT_IDS.northwind,
      name,
      status: 'draft',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      // Lists default to [] and nullable references to null: a create names only what it means.
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** Someone else's save, made while the form is open. */
async function saveElsewhere(page: Page, id: string, name: string) {
  const response = await page.request.put(`/api/v1/measurement?id=${id}`, { data: { name } });
  expect(response.status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'writer@northwind.test');
});

test('a stale save asks to reload or overwrite; overwrite keeps my change', async ({ page }) => {
  const name = `Conflict ${Date.now()}`;
  const id = await ownMeasurement(page, name);
  await page.goto(`/measurements/${id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await saveElsewhere(page, id, `${name} (theirs)`);

  await page.getByLabel('Name').fill(`${name} (mine)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Overwrite' }).click();
  await expect(page.getByRole('heading', { name: `${name} (mine)`, level: 1 })).toBeVisible();
});

test('reload shows the other person’s version in the form', async ({ page }) => {
  const name = `Conflict reload ${Date.now()}`;
  const id = await ownMeasurement(page, name);
  await page.goto(`/measurements/${id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await saveElsewhere(page, id, `${name} (theirs)`);

  await page.getByLabel('Name').fill(`${name} (mine)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('dialog', { name: CONFLICT_TITLE }).getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(`${name} (theirs)`);
  // Saving from the reloaded form is based on the new version: it goes through.
  await page.getByLabel('Name').fill(`${name} (after reload)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: `${name} (after reload)`, level: 1 })).toBeVisible();
});
