import type { Page } from '@playwright/test';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { SAVED_REPORT_NAME_TAKEN } from '../../server/routes/resources/unique-names.ts';
import { CONFLICT_TITLE } from '../../src/app/shared/ConflictDialog.tsx';
import { expect, test } from './helpers/sandbox.ts';
import { clickAway, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * What the list composite does with rows and with the URL: a saved report renamed and deleted from
 * its row of /reports/saved (the name rule of the report's own page), and /users keeping the
 * search, sort and page of both its tables across a reload.
 */
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function savedReport(page: Page, name: string): Promise<{ id: string }> {
  const response = await page.request.post('/api/v1/saved-report', {
    data: {
      name,
      account: ACCOUNT_IDS.northwind,
      start_date: null,
      end_date: null,
      relative_date: 'last_30_days',
      measured: false,
      measurements: [],
      labels: [],
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

async function storedNames(page: Page, ids: string[]): Promise<string[]> {
  const response = await page.request.get(`/api/v1/saved-report?id=${ids.join(',')}&sort=asc(name),asc(id)`);
  return ((await response.json()) as { data: { name: string }[] }).data.map((r) => r.name);
}

test('a saved report is renamed from its row (a taken name refused on the field) and deleted after a confirm', async ({
  page,
}) => {
  await signIn(page, 'writer@northwind.test');
  const tag = unique('Row actions');
  const first = await savedReport(page, `${tag} first`);
  const second = await savedReport(page, `${tag} second`);
  await openApp(page, '/reports/saved');
  const list = page.getByRole('region', { name: 'Saved reports of this account' });
  await typeInto(list.getByRole('searchbox', { name: 'Search saved reports' }), tag);
  await clickAway(page);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(list.getByRole('row')).toHaveCount(3);

  // The other report's name, in other capitals: the server's rule, shown on the field.
  await list.getByRole('button', { name: `Rename ${tag} first` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename saved report' });
  const field = dialog.getByRole('textbox', { name: 'Name' });
  await typeInto(field, `${tag} SECOND`);
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(dialog.getByText(SAVED_REPORT_NAME_TAKEN)).toBeVisible();
  expect(await storedNames(page, [first.id, second.id])).toEqual([`${tag} first`, `${tag} second`]);

  await typeInto(field, `${tag} renamed`);
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('rowheader', { name: `${tag} renamed` })).toBeVisible();
  expect(await storedNames(page, [first.id, second.id])).toEqual([`${tag} renamed`, `${tag} second`]);

  // Delete asks first; Cancel keeps it, Delete removes it.
  await list.getByRole('button', { name: `Delete ${tag} second` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete saved report' });
  await expect(confirm).toContainText(`‘${tag} second’`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('rowheader', { name: `${tag} second` })).toBeVisible();
  await list.getByRole('button', { name: `Delete ${tag} second` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(list.getByRole('rowheader', { name: `${tag} second` })).toHaveCount(0);
  expect(await storedNames(page, [first.id, second.id])).toEqual([`${tag} renamed`]);
});

test('a saved report changed elsewhere since the list was read asks before it is deleted from its row', async ({
  page,
}) => {
  await signIn(page, 'writer@northwind.test');
  const tag = unique('Stale row');
  const report = await savedReport(page, tag);
  await openApp(page, '/reports/saved');
  const list = page.getByRole('region', { name: 'Saved reports of this account' });
  await typeInto(list.getByRole('searchbox', { name: 'Search saved reports' }), tag);
  await clickAway(page);
  await expect(list.getByRole('rowheader', { name: tag })).toBeVisible();
  // Someone else changes it meanwhile.
  const changed = await page.request.put(`/api/v1/saved-report?id=${report.id}`, { data: { measured: true } });
  expect(changed.ok()).toBe(true);
  await list.getByRole('button', { name: `Delete ${tag}` }).click();
  await page.getByRole('dialog', { name: 'Delete saved report' }).getByRole('button', { name: 'Delete' }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this');
  expect(await storedNames(page, [report.id])).toEqual([tag]);
  // Reload shows the list as stored; the report is still there.
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(conflict).toBeHidden();
  await expect(list.getByRole('rowheader', { name: tag })).toBeVisible();
});

test('/users keeps the search, sort and page of both its tables across a reload', async ({ page }) => {
  await signIn(page, 'partner@contoso.test');
  await openApp(page, '/users');
  const users = page.getByRole('region', { name: 'Users of Contoso Partners' });
  const guests = page.getByRole('region', { name: 'Guests of Contoso Partners' });
  await expect(users.getByRole('row').nth(1)).toBeVisible();

  await users.getByRole('button', { name: 'E-mail' }).click();
  await expect(page).toHaveURL(/sort=asc%28email%29|sort=asc\(email\)/);
  await users.getByLabel('Rows per page').selectOption('10');
  await users.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  // The address changes first and the earlier rows stay on screen while page two loads (the table
  // is busy meanwhile): a person reads the row once page two is there.
  await expect(users.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  // The table may not be busy yet when the address has changed: the pager says when page two is in.
  await expect(users.getByText(/^Showing 11–/)).toBeVisible();
  const onPageTwo = await users.getByRole('row').nth(1).textContent();
  await typeInto(guests.getByRole('searchbox', { name: 'Search guests' }), 'okafor');
  await clickAway(page);
  await expect(page).toHaveURL(/guests\.q=okafor/);
  await expect(guests.getByRole('row')).toHaveCount(2);

  const address = page.url();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  expect(page.url()).toBe(address);
  await expect(users.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(users.getByText(/^Showing 11–/)).toBeVisible();
  await expect(users.getByRole('row').nth(1)).toHaveText(onPageTwo!);
  await expect(guests.getByRole('searchbox', { name: 'Search guests' })).toHaveValue('okafor');
  await expect(guests.getByRole('row')).toHaveCount(2);
  await expect(guests.getByRole('row').nth(1)).toContainText('Amara Okafor');
});

test('Escape empties a list’s search box, and the whole list comes back', async ({ page }) => {
  await signIn(page, 'partner@contoso.test');
  await openApp(page, '/users');
  const guests = page.getByRole('region', { name: 'Guests of Contoso Partners' });
  // The guests as the pager counts them once they have arrived: while they load, the table holds
  // placeholder rows, and counting those made this test expect 10 guests where there were 5.
  const shown = guests.getByText(/^Showing 1–\d+ of \d+$/);
  await expect(shown).toBeVisible();
  const all = Number(/of (\d+)$/.exec((await shown.textContent()) ?? '')?.[1]) + 1;
  await expect(guests.getByRole('row')).toHaveCount(all);
  const search = guests.getByRole('searchbox', { name: 'Search guests' });
  await typeInto(search, 'okafor');
  await expect(page).toHaveURL(/guests\.q=okafor/);
  await expect(guests.getByRole('row')).toHaveCount(2);
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(page).not.toHaveURL(/guests\.q=/);
  await expect(guests.getByRole('row')).toHaveCount(all);
});

test('a row link clicked straight after typing a search opens that row, even with a slow press', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/measurements');
  const table = page.getByRole('table');
  const links = table.getByRole('row').getByRole('link');
  await expect(links.nth(3)).toBeVisible();
  // The fourth measurement: the search for its name would put it first.
  const name = (await links.nth(3).textContent())!.trim();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  await search.pressSequentially(name.slice(0, 20), { delay: 10 });
  // Pressed and released half a second apart, as a person's click can be: the rows must not be
  // redrawn under the pointer in between. The person points at the row by its name: on a busy
  // machine the search may already have applied while they moved the pointer, which is fine.
  await table.getByRole('link', { name, exact: true }).hover();
  await page.mouse.down();
  await page.waitForTimeout(500);
  await page.mouse.up();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
