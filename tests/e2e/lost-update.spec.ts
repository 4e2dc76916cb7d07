/**
 * No lost updates in editors that used to send no version: the same person
 * has a saved report (or a domain list) open in two tabs; the first tab's save goes through, and
 * the second's, based on what it showed before, asks the conflict dialog instead of overwriting.
 * The kit's delete button asks the same way. Each test makes its own rows (two workers share the
 * server).
 */
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { CONFLICT_TITLE } from '../../src/app/shared/ConflictDialog.tsx';
import { openApp, signIn } from './helpers/session.ts';
import { createAccount, selectAccount } from './admin/account-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function created<T>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

async function stored<T>(page: Page, resource: string, id: string): Promise<T> {
  const response = await page.request.get(`/api/v1/${resource}?id=${id}`);
  return ((await response.json()) as { data: T[] }).data[0]!;
}

/** Adds to a field's text the way a person does: click into it, go to the end, type. */
const DOMAIN_LISTS = '/activations/domain-lists';

/** A Northwind allow list of the test's own, and the domain lists page open on it. */
async function openOwnDomainList(page: Page, name: string): Promise<{ id: string }> {
  const list = await created<{ id: string }>(page, '/api/v1/domain-list', {
    account: ACCOUNT_IDS.northwind,
    name,
    type: 'allow',
    domains: ['theguardian.com'],
  });
  await openApp(page, DOMAIN_LISTS);
  return list;
}

async function typeAtEnd(field: ReturnType<Page['getByRole']>, text: string) {
  await field.click();
  await field.press('End');
  await field.pressSequentially(text);
}

// Two tabs, and a person's typing in each: more than the default 30 s on a busy machine.
test.slow();

test('saved report: a rename in a second tab is not overwritten by the first; Cancel, then Overwrite on purpose', async ({
  page,
  context,
}) => {
  await signIn(page, 'writer@northwind.test');
  const name = unique('Two tabs report');
  const report = await created<{ id: string }>(page, '/api/v1/saved-report', {
    name,
    account: ACCOUNT_IDS.northwind,
    start_date: null,
    end_date: null,
    relative_date: 'last_30_days',
    measured: false,
    measurements: [],
    labels: [],
  });
  await openApp(page, `/reports/saved/${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The second tab renames it first.
  const other = await context.newPage();
  await openApp(other, `/reports/saved/${encodeURIComponent(name)}`);
  await other.getByRole('button', { name: 'Rename' }).click();
  await typeAtEnd(other.getByRole('textbox', { name: 'Name' }), ' theirs');
  await other.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(other.getByRole('heading', { level: 1, name: `${name} theirs` })).toBeVisible();
  await other.close();

  // The first tab still shows the old name; its rename asks instead of overwriting.
  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename saved report' });
  await typeAtEnd(rename.getByRole('textbox', { name: 'Name' }), ' mine');
  await rename.getByRole('button', { name: 'Rename', exact: true }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this saved report after you opened it');
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(conflict).toBeHidden();
  expect((await stored<{ name: string }>(page, 'saved-report', report.id)).name).toBe(`${name} theirs`);
  // No error alert repeats what the dialog said.
  await expect(page.getByRole('alert').filter({ hasText: 'someone else' })).toHaveCount(0);

  // Saving again asks again; Overwrite replaces their name with mine, on purpose.
  await rename.getByRole('button', { name: 'Rename', exact: true }).click();
  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} mine` })).toBeVisible();
  expect((await stored<{ name: string }>(page, 'saved-report', report.id)).name).toBe(`${name} mine`);
});

test('domain list: an edit saved in a second tab is kept; Reload shows it, and a save after it goes through', async ({
  page,
  context,
}) => {
  await signIn(page, 'writer@northwind.test');
  const name = unique('Two tabs list');
  const list = await openOwnDomainList(page, name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);

  // The second tab saves the same list first.
  const other = await context.newPage();
  await openApp(other, DOMAIN_LISTS);
  await other.getByRole('button', { name: `Edit ${name}` }).click();
  const theirs = other.getByRole('dialog', { name: `Edit ${name}` });
  await typeAtEnd(theirs.getByRole('textbox', { name: 'Name' }), ' theirs');
  await theirs.getByRole('button', { name: 'Save list' }).click();
  await expect(theirs).toBeHidden();
  await other.close();

  await typeAtEnd(edit.getByRole('textbox', { name: 'Name' }), ' mine');
  await edit.getByRole('button', { name: 'Save list' }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this domain list after you opened it');
  expect((await stored<{ name: string }>(page, 'domain-list', list.id)).name).toBe(`${name} theirs`);

  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(`${name} theirs`);
  await typeAtEnd(edit.getByRole('textbox', { name: 'Name' }), ' again');
  await edit.getByRole('button', { name: 'Save list' }).click();
  await expect(edit).toBeHidden();
  expect((await stored<{ name: string }>(page, 'domain-list', list.id)).name).toBe(`${name} theirs again`);
});

test("the kit's delete button: a label renamed elsewhere since the page opened is not deleted unasked", async ({
  page,
}) => {
  // Labels are an admin's to manage.
  await signIn(page, 'admin@northwind.test');
  const category = await created<{ id: string }>(page, '/api/v1/label-category', {
    name: unique('Delete conflict'),
    account: ACCOUNT_IDS.northwind,
  });
  const name = unique('Doomed');
  const label = await created<{ id: string }>(page, '/api/v1/label-value', { name, category_id: category.id });
  await openApp(page, `/labels/${category.id}/${label.id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  // Someone else renames it meanwhile (a plain API client, no version).
  expect(
    (await page.request.put(`/api/v1/label-value?id=${label.id}`, { data: { name: `${name} kept` } })).status(),
  ).toBe(200);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this label after you opened it');
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  expect((await stored<{ name: string }>(page, 'label-value', label.id)).name).toBe(`${name} kept`);
});

/**
 * Writes straight from a list row: a list answer carries no versions, so
 * the page's write first reads the row by id and compares it with the row the list shows.
 */
test('activations: a status change from a list that another tab changed first asks instead of writing', async ({
  page,
  context,
}) => {
  await signIn(page, 'writer@northwind.test');
  const name = unique('Two tabs deal');
  const measurements = await page.request.get(`/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&limit=1`);
  const measurement = ((await measurements.json()) as { data: { id: string }[] }).data[0]!;
  const vendors = await page.request.get('/api/v1/third-party-macro-vendor?search=The%20Trade%20Desk');
  const vendor = ((await vendors.json()) as { data: { id: string; name: string }[] }).data.find(
    (v) => v.name === 'The Trade Desk',
  )!;
  const activation = await created<{ id: string }>(page, '/api/v1/activation', {
    account: ACCOUNT_IDS.northwind,
    name,
    measurement: measurement.id,
    domain_list: null,
    vendor: vendor.id,
    min_apm: 1000,
    status: 'active',
  });
  await openApp(page, '/activations/activations');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row).toContainText('Active');

  // The second tab pauses it first.
  const other = await context.newPage();
  await openApp(other, '/activations/activations');
  const theirs = other.getByRole('row').filter({ has: other.getByRole('rowheader', { name }) });
  await theirs.getByRole('button', { name: `Pause ${name}` }).click();
  await expect(theirs).toContainText('Paused');
  await other.close();

  // The first tab still shows it active; ending it asks first, and ends nothing.
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `End ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'End this activation?' })
    .getByRole('button', { name: 'End activation' })
    .click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this activation after you opened it');
  expect((await stored<{ status: string }>(page, 'activation', activation.id)).status).toBe('paused');

  // Reload shows their change; the next change, made on what is shown, goes through.
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(conflict).toBeHidden();
  await expect(row).toContainText('Paused');
  await row.getByRole('button', { name: `Resume ${name}` }).click();
  await expect(row).toContainText('Active');
  expect((await stored<{ status: string }>(page, 'activation', activation.id)).status).toBe('active');
});

test('domain lists: deleting a list another tab edited first asks; Cancel keeps it, Overwrite deletes on purpose', async ({
  page,
  context,
}) => {
  await signIn(page, 'writer@northwind.test');
  const name = unique('Two tabs doomed list');
  const list = await openOwnDomainList(page, name);
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();

  // The second tab renames it first.
  const other = await context.newPage();
  await openApp(other, DOMAIN_LISTS);
  await other.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = other.getByRole('dialog', { name: `Edit ${name}` });
  await typeAtEnd(edit.getByRole('textbox', { name: 'Name' }), ' kept');
  await edit.getByRole('button', { name: 'Save list' }).click();
  await expect(edit).toBeHidden();
  await other.close();

  // The first tab still lists the old name; deleting it asks, and Cancel deletes nothing.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this domain list?' });
  await confirm.getByRole('button', { name: 'Delete list' }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this domain list after you opened it');
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(conflict).toBeHidden();
  expect((await stored<{ name: string }>(page, 'domain-list', list.id)).name).toBe(`${name} kept`);
  await expect(page.getByRole('alert').filter({ hasText: 'someone else' })).toHaveCount(0);

  // Asked again, the person overwrites their change on purpose: the list is deleted.
  await confirm.getByRole('button', { name: 'Delete list' }).click();
  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  expect(await stored<unknown>(page, 'domain-list', list.id)).toBeUndefined();
});

test("the kit's bulk delete: a label renamed elsewhere since the list was read is asked about, the others deleted", async ({
  page,
}) => {
  await signIn(page, 'admin@northwind.test');
  const category = await created<{ id: string }>(page, '/api/v1/label-category', {
    name: unique('Bulk conflict'),
    account: ACCOUNT_IDS.northwind,
  });
  const alpha = await created<{ id: string }>(page, '/api/v1/label-value', { name: 'Alpha', category_id: category.id });
  const beta = await created<{ id: string }>(page, '/api/v1/label-value', { name: 'Beta', category_id: category.id });
  await openApp(page, `/labels?labelCategoryId=${category.id}`);
  await expect(page.getByRole('link', { name: 'Beta', exact: true })).toBeVisible();
  // Someone else renames Beta meanwhile (a plain API client, no version).
  expect((await page.request.put(`/api/v1/label-value?id=${beta.id}`, { data: { name: 'Beta kept' } })).status()).toBe(
    200,
  );

  await page.getByRole('checkbox', { name: 'Select Alpha' }).click();
  await page.getByRole('checkbox', { name: 'Select Beta' }).click();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await page
    .getByRole('dialog', { name: /^Delete 2 / })
    .getByRole('button', { name: 'Delete' })
    .click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this label after you opened it');
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  const results = page.getByTestId('bulk-results');
  await expect(results).toContainText('Alpha: deleted');
  await expect(results).toContainText('Beta: This label value was changed by someone else');
  expect(await stored<unknown>(page, 'label-value', alpha.id)).toBeUndefined();
  expect((await stored<{ name: string }>(page, 'label-value', beta.id)).name).toBe('Beta kept');
});

test('name mappings: deleting a mapping changed elsewhere since the list was read asks; Reload shows theirs', async ({
  page,
}) => {
  await signIn(page, 'super@lamp.test');
  const accountId = await createAccount(page.request, unique('Mapping conflict account'));
  await selectAccount(page, accountId);
  const raw = unique('raw_placement');
  const mapping = await created<{ id: string }>(page, '/api/v1/name-mapping', {
    account: accountId,
    type: 'placement',
    source_name: raw,
    clean_name: 'Homepage takeover',
    target: null,
  });
  await openApp(page, '/admin/name-mapping');
  const row = page.getByRole('row', { name: new RegExp(raw) });
  await expect(row).toContainText('Homepage takeover');
  // Someone else changes its clean name meanwhile (a plain API client, no version).
  const changed = await page.request.put(`/api/v1/name-mapping?id=${mapping.id}`, {
    data: { clean_name: 'Homepage takeover (kept)' },
  });
  expect(changed.status()).toBe(200);

  await row.getByRole('button', { name: `Delete ${raw}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the mapping of ${raw}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this name mapping after you opened it');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Homepage takeover (kept)');
  expect((await stored<{ clean_name: string }>(page, 'name-mapping', mapping.id)).clean_name).toBe(
    'Homepage takeover (kept)',
  );
});
