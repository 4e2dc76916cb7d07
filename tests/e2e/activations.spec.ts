/**
 * Activations and domain lists in a browser: the guided create form against the API's
 * own domain breakdown, pause and resume with a stable deal id, uploads with bad lines, a good
 * upload downloaded again, delete refused while in use, what a reader sees, an account without
 * lamp_access, and axe. Tests run in parallel against one server: each makes its own rows with
 * unique names.
 */
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { readFile } from 'node:fs/promises';
import { DEAL_ID_PATTERN } from '../../src/shared/activations.ts';
import { normaliseEntry } from '../../src/shared/domains.ts';
import { messages } from '../../src/shared/messages.ts';
import { MEASUREMENT_STATUSES } from '../../src/shared/schemas/measurement.ts';
import { expectNoSeriousA11yViolations } from './auth-helpers.ts';
import { getJson, postData } from './helpers/api.ts';
import { literal, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

/** Pages wait on a shared, busy test server: allow more than the default 7 s. */
const expect = baseExpect.configure({ timeout: 20_000 });
const WRITER = 'writer@northwind.test';
const READER = 'reader@northwind.test';

interface Row {
  id: string;
  name: string;
  [key: string]: unknown;
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function accountOf(page: Page): Promise<string> {
  const me = await getJson<{ data?: { account: string }; account?: string }>(page.request, '/api/v1/current-user');
  return (me.data?.account ?? me.account)!;
}

/** The account's measurement with the most impressions: many domains to preview. */
async function busiestMeasurement(page: Page, account: string): Promise<Row> {
  const list = await getJson<{ data: Row[] }>(
    page.request,
    `/api/v1/measurement?account=${account}&sort=desc(impressions),desc(id)&limit=1`,
  );
  return list.data[0]!;
}

async function vendorId(page: Page, name: string): Promise<string> {
  const list = await getJson<{ data: Row[] }>(
    page.request,
    `/api/v1/third-party-macro-vendor?search=${encodeURIComponent(name)}`,
  );
  return list.data.find((v) => v.name === name)!.id;
}

async function newList(page: Page, account: string, name: string, domains = ['theguardian.com', 'metro.co.uk']) {
  return postData<Row>(page.request, '/api/v1/domain-list', { account, name, type: 'allow', domains });
}

async function newActivation(page: Page, account: string, name: string, extra: object = {}) {
  const measurement = await busiestMeasurement(page, account);
  return postData<Row>(page.request, '/api/v1/activation', {
    account,
    name,
    measurement: measurement.id,
    domain_list: null,
    vendor: await vendorId(page, 'The Trade Desk'),
    min_apm: 1000,
    ...extra,
  });
}

/**
 * A measurement of the status whose name the picker does not offer before anything is typed (the
 * list a person sees on opening it, read from the screen): the only way to it is to type its name.
 */
async function measurementBeyondFirstList(page: Page, picker: Locator, account: string, status: string): Promise<Row> {
  await typeInto(picker, '');
  // The picker's own options: the list page behind the dialog has a pager with page sizes.
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const offered = (await options.allTextContents()).join('\n');
  await picker.press('Escape');
  const rows = await getJson<{ data: Row[] }>(
    page.request,
    `/api/v1/measurement?account=${account}&status=${status}&sort=desc(impressions),desc(id)&limit=100`,
  );
  const beyond = rows.data.find((m) => !offered.includes(m.name));
  expect(beyond, `a ${status} measurement the picker does not list at first`).toBeTruthy();
  return beyond!;
}

/**
 * Types most of a measurement's name, clicks its option and waits until the picker has fetched
 * its list again (it does once the choice is made), the moment a slower person would move on.
 */
async function chooseMeasurement(page: Page, picker: Locator, name: string) {
  await typeInto(picker, name.slice(0, name.length - 6));
  const refetched = page.waitForResponse(
    (r) => /\/api\/v1\/measurement\?/.test(r.url()) && !new URL(r.url()).searchParams.has('search'),
  );
  await page.getByRole('option', { name: literal(name) }).click();
  await refetched;
  await expect(picker).toHaveValue(name);
}

const activationRow = (page: Page, name: string) => page.getByTestId('activation-row').filter({ hasText: name });
const listRow = (page: Page, name: string) => page.getByTestId('domain-list-row').filter({ hasText: name });

test.describe('activations', () => {
  test.describe.configure({ timeout: 60_000 });
  test.use({ actionTimeout: 15_000 });

  test('create from a paused measurement typed, clicked and left: the preview counts what the API breakdown gives, and both rows appear', async ({
    page,
  }) => {
    await signIn(page, WRITER);
    const account = await accountOf(page);
    await openApp(page, '/activations/activations/create');
    await expect(page.getByRole('heading', { name: 'New activation', level: 1 })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Measurement' });
    // A paused measurement the picker does not list until its name is typed (the one a
    // demo picks was lost as soon as focus left the picker).
    const measurement = await measurementBeyondFirstList(page, picker, account, 'paused');
    const metrics = await getJson<{ data: { breakdowns: { domain: { key: string; apm: number | null }[] } } }>(
      page.request,
      `/api/v1/measurement-metrics?measurement=${measurement.id}&breakdown_limit=500`,
    );
    // A threshold in the middle of the domains' APMs; the count as the test works it out itself.
    const apms = metrics.data.breakdowns.domain.map((d) => d.apm ?? 0).sort((a, b) => a - b);
    const threshold = Math.round(apms[Math.floor(apms.length / 2)]!);
    const expected = metrics.data.breakdowns.domain.filter(
      (d) => d.apm !== null && d.apm >= threshold && normaliseEntry(d.key).ok,
    ).length;
    expect(expected).toBeGreaterThan(0);

    await chooseMeasurement(page, picker, measurement.name);
    // On to the next step with the pointer: the choice stays.
    await typeInto(page.getByRole('spinbutton', { name: 'Minimum APM' }), String(threshold));
    await expect(picker).toHaveValue(measurement.name);
    await expect(page.getByTestId('qualifying-count')).toHaveText(String(expected));
    // Typed key by key, an earlier prefix of the threshold may give the same count: the check
    // reads the page once the preview for the whole number is in (it is marked busy while loading).
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByTestId('qualifying-count')).toHaveText(String(expected));
    await expectNoSeriousA11yViolations(page, 'main');

    await page.getByRole('button', { name: /Platform/ }).click();
    await page.getByRole('option', { name: 'DV360' }).click();
    const name = unique('E2E guided deal');
    await typeInto(page.getByRole('textbox', { name: 'Name', exact: true }), name);
    await page.getByRole('button', { name: 'Create and activate' }).click();

    await expect(page).toHaveURL(/\/activations\/activations$/);
    const row = activationRow(page, name);
    await expect(row).toContainText('Active');
    await expect(row).toContainText(measurement.name);
    await expect(row).toContainText('DV360');
    await expect(row).toContainText(`${name} – allow list`);
    await expect(row.getByTestId('deal-id')).toHaveText(DEAL_ID_PATTERN);

    await page.getByRole('link', { name: 'Domain lists' }).click();
    const list = listRow(page, `${name} – allow list`);
    await expect(list).toContainText('Allow');
    await expect(list).toContainText(String(expected));
    await expect(list).toContainText(name);
  });

  test('the picker keeps a measurement of every status once focus moves on', async ({ page }) => {
    await signIn(page, WRITER);
    const account = await accountOf(page);
    await openApp(page, '/activations/activations/create');
    const picker = page.getByRole('combobox', { name: 'Measurement' });
    for (const status of MEASUREMENT_STATUSES) {
      const measurement = await measurementBeyondFirstList(page, picker, account, status);
      await chooseMeasurement(page, picker, measurement.name);
      await page.getByRole('button', { name: /Platform/ }).click();
      await page.getByRole('option', { name: 'DV360' }).click();
      await expect(picker, status).toHaveValue(measurement.name);
      await expect(page.getByText('Pick a measurement to preview its domains.'), status).toHaveCount(0);
      await expect(page.getByText(/^The measurement's APM is/), status).toBeVisible();
    }
  });

  test('pause and resume keep the deal id; end asks first and is final', async ({ page }) => {
    await signIn(page, WRITER);
    const name = unique('E2E live deal');
    const created = await newActivation(page, await accountOf(page), name, { status: 'active' });
    await openApp(page, '/activations/activations');
    const row = activationRow(page, name);
    await expect(row.getByTestId('deal-id')).toHaveText(String(created.deal_id));

    await row.getByRole('button', { name: `Pause ${name}` }).click();
    await expect(row).toContainText('Paused');
    await expect(row.getByRole('button', { name: `Resume ${name}` })).toBeVisible();
    await row.getByRole('button', { name: `Resume ${name}` }).click();
    await expect(row).toContainText('Active');
    await expect(row.getByTestId('deal-id')).toHaveText(String(created.deal_id));

    await row.getByRole('button', { name: `End ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'End this activation?' });
    await dialog.getByRole('button', { name: 'End activation' }).click();
    await expect(row).toContainText('Ended');
    await expect(row.getByRole('button', { name: /^(Pause|Resume|Activate|End) / })).toHaveCount(0);
    await expect(row.getByTestId('deal-id')).toHaveText(String(created.deal_id));
  });

  test('an upload with bad lines is reported by line and saves nothing', async ({ page }) => {
    await signIn(page, WRITER);
    await openApp(page, '/activations/domain-lists');
    await page.getByRole('button', { name: 'New domain list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New domain list' });
    const name = unique('E2E bad upload');
    await typeInto(dialog.getByLabel('Name'), name);
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'sites.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Domain\ntheguardian.com\nnot a domain\nmetro.co.uk\nlondon-waterloo-station\n'),
    });
    const issues = dialog.getByTestId('line-issues');
    await expect(issues).toContainText('2 lines have errors');
    await expect(issues).toContainText("Line 3: 'not a domain' is not a domain or app bundle id");
    await expect(issues).toContainText("Line 5: 'london-waterloo-station' is not a domain or app bundle id");
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect(dialog.getByText('Fix the lines listed below first')).toBeVisible();
    const lists = await getJson<{ count: number }>(
      page.request,
      `/api/v1/domain-list?search=${encodeURIComponent(name)}`,
    );
    expect(lists.count).toBe(0);
  });

  test('a good upload is saved with duplicates merged, and downloads as the same list', async ({ page }) => {
    await signIn(page, WRITER);
    await openApp(page, '/activations/domain-lists');
    await page.getByRole('button', { name: 'New domain list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New domain list' });
    const name = unique('E2E good upload');
    await typeInto(dialog.getByLabel('Name'), name);
    await dialog.getByText('Block list').click();
    const uploaded = 'domain\r\ntheguardian.com\r\nhttps://www.Metro.co.uk/news\r\ncom.itv.itvx\r\ntheguardian.com\r\n';
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(uploaded) });
    await expect(dialog.getByTestId('parse-summary')).toHaveText(
      '3 entries ready (1 duplicate merged; first line read as a header).',
    );
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect(dialog).toBeHidden();
    const row = listRow(page, name);
    await expect(row).toContainText('Block');
    await expect(row.getByRole('cell').nth(1)).toHaveText('3');

    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download CSV of ${name}` }).click();
    const download = await downloading;
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toBe('domain\r\ntheguardian.com\r\nmetro.co.uk\r\ncom.itv.itvx\r\n');
    // What was uploaded, normalised and merged, is what comes back.
    const uploadedEntries = [
      ...new Set(
        uploaded
          .split('\r\n')
          .slice(1)
          .filter(Boolean)
          .map((line) => (normaliseEntry(line) as { value: string }).value),
      ),
    ];
    expect(text.split('\r\n').slice(1, -1)).toEqual(uploadedEntries);
  });

  test('a list built from a measurement holds its qualifying domains; editing renames it and replaces them by paste', async ({
    page,
  }) => {
    await signIn(page, WRITER);
    const account = await accountOf(page);
    await openApp(page, '/activations/domain-lists');
    await page.getByRole('button', { name: 'New domain list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New domain list' });
    const name = unique('E2E from measurement');
    await typeInto(dialog.getByRole('textbox', { name: 'Name' }), name);
    await dialog.getByRole('tab', { name: 'From a measurement' }).click();
    // A live measurement the picker lists only once its name is typed; picked, then left.
    const picker = dialog.getByRole('combobox', { name: 'Measurement' });
    const measurement = await measurementBeyondFirstList(page, picker, account, 'live');
    const preview = await getJson<{ data: { qualifying: { domains: string[] } } }>(
      page.request,
      `/api/v1/measurement-domains?measurement=${measurement.id}&min_apm=0`,
    );
    await chooseMeasurement(page, picker, measurement.name);
    await typeInto(dialog.getByRole('spinbutton', { name: 'Minimum APM' }), '0');
    await expect(picker).toHaveValue(measurement.name);
    await expect(dialog.getByRole('status')).toContainText(`${preview.data.qualifying.domains.length} of`);
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect(dialog).toBeHidden();
    const row = listRow(page, name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(preview.data.qualifying.domains.length));

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    const renamed = `${name} (edited)`;
    await typeInto(edit.getByRole('textbox', { name: 'Name' }), renamed);
    await edit.getByRole('tab', { name: 'Paste' }).click();
    // Pasted, as a person fills this box: fill() is the one step a paste is.
    await edit.getByLabel('Domains or app bundle ids, one per line').fill('bbc.co.uk\nBBC.co.uk\ncom.itv.itvx\n');
    await expect(edit.getByTestId('parse-summary')).toHaveText('2 entries ready (1 duplicate merged).');
    await edit.getByRole('button', { name: 'Save list' }).click();
    await expect(edit).toBeHidden();
    const edited = listRow(page, renamed);
    await expect(edited.getByRole('cell').nth(1)).toHaveText('2');
  });

  test('deleting a list an activation uses is refused with the activation’s name', async ({ page }) => {
    await signIn(page, WRITER);
    const account = await accountOf(page);
    const listName = unique('E2E list in use');
    const list = await newList(page, account, listName);
    const activationName = unique('E2E deal using it');
    await newActivation(page, account, activationName, { domain_list: list.id });
    await openApp(page, '/activations/domain-lists');
    const row = listRow(page, listName);
    await expect(row).toContainText(activationName);
    await row.getByRole('button', { name: `Delete ${listName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this domain list?' });
    await dialog.getByRole('button', { name: 'Delete list' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `The domain list '${listName}' is used by the activation '${activationName}': end it or choose another list first`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    expect((await getJson<{ count: number }>(page.request, `/api/v1/domain-list?id=${list.id}`)).count).toBe(1);
  });

  test('a reader sees the lists but no create, edit or state actions', async ({ page }) => {
    await signIn(page, READER);
    await openApp(page, '/activations/activations');
    await expect(page.getByTestId('activation-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'New activation' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Pause|Resume|Activate|End) / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'main');

    await page.getByRole('link', { name: 'Domain lists' }).click();
    await expect(page.getByTestId('domain-list-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Download CSV of / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'New domain list' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'main');

    await openApp(page, '/activations/activations/create');
    await expect(page.getByText(messages.access.accountError)).toBeVisible();
  });

  test('an account without lamp_access gets the account access error', async ({ page }) => {
    await signIn(page, 'selfserve@fabrikam.test');
    for (const path of ['/activations/activations', '/activations/domain-lists', '/activations/activations/create']) {
      await openApp(page, path);
      await expect(page.getByText(messages.access.userError)).toBeVisible();
      await expect(page.getByTestId('activation-row')).toHaveCount(0);
    }
  });
});
