/**
 * Editing and deleting an activation as a person does: open it from the list, type a new
 * name and minimum APM key by key, watch the domain preview follow, save and see it on the page;
 * delete one from the list through the confirm dialog; and a save overtaken by someone else's
 * change asks the conflict dialog instead of overwriting it. Each test makes its own activation.
 */
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { CONFLICT_TITLE } from '../../src/app/shared/ConflictDialog.tsx';
import { expectNoSeriousA11yViolations } from './auth-helpers.ts';
import { clickAway, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const WRITER = 'writer@northwind.test';
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

interface Activation {
  id: string;
  name: string;
  measurement: string;
  vendor: string;
  domain_list: string;
}

async function json<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** A draft made as the guided form makes it, on Northwind's busiest measurement, at minimum APM 0. */
async function draft(page: Page, name: string): Promise<Activation> {
  const measurements = await json<{ data: { id: string }[] }>(
    page,
    `/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&sort=desc(impressions),desc(id)&limit=1`,
  );
  const vendors = await json<{ data: { id: string; name: string }[] }>(
    page,
    '/api/v1/third-party-macro-vendor?search=The%20Trade%20Desk',
  );
  const response = await page.request.post('/api/v1/activation/with-list', {
    data: {
      name,
      measurement: measurements.data[0]!.id,
      vendor: vendors.data.find((v) => v.name === 'The Trade Desk')!.id,
      min_apm: 0,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { activation: Activation } }).data.activation;
}

const stored = async (page: Page, id: string) =>
  (await json<{ data: (Activation & { min_apm: number })[] }>(page, `/api/v1/activation?id=${id}`)).data[0];

/** A figure of the domain preview, found by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();

test.slow();

test('a person renames a draft and raises its minimum APM, watching the preview, and sees the saved settings', async ({
  page,
}) => {
  await signIn(page, WRITER);
  const name = unique('Editable deal');
  const activation = await draft(page, name);
  // A minimum that some but not all of the measurement's domains reach, and how many do.
  const all = await json<{ data: { entries: { apm: number | null; listable: boolean }[] } }>(
    page,
    `/api/v1/measurement-domains?measurement=${activation.measurement}&min_apm=0`,
  );
  const apms = all.data.entries
    .filter((e) => e.listable && e.apm !== null)
    .map((e) => e.apm as number)
    .sort((a, b) => a - b);
  const threshold = Math.ceil(apms[Math.floor(apms.length / 2)]!);
  const qualifying = async (minApm: number) =>
    (
      await json<{ data: { qualifying: { count: number } } }>(
        page,
        `/api/v1/measurement-domains?measurement=${activation.measurement}&min_apm=${minApm}`,
      )
    ).data.qualifying.count;
  const [before, expected] = [await qualifying(0), await qualifying(threshold)];
  expect(expected).toBeLessThan(before);

  await openApp(page, '/activations/activations');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const count = figure(page, 'Qualifying domains');
  await expect(count).toHaveText(String(before));
  await expectNoSeriousA11yViolations(page, 'main');

  const renamed = `${name} autumn`;
  await typeInto(page.getByRole('textbox', { name: 'Name' }), renamed);
  await clickAway(page);
  await typeInto(page.getByRole('spinbutton', { name: 'Minimum APM' }), String(threshold));
  await expect(count).toHaveText(String(expected));
  await clickAway(page);
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByRole('status').filter({ hasText: `'${renamed}' saved` })).toContainText(
    `its allow list now holds ${expected} domain`,
  );
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(figure(page, 'Minimum APM')).toHaveText(threshold.toLocaleString('en-GB'));
  await expect(figure(page, 'Domain list')).toContainText(`${renamed} – allow list (${expected})`);
  expect(await stored(page, activation.id)).toMatchObject({ name: renamed, min_apm: threshold });
});

test('a person deletes a draft from the list through the confirm dialog, and it is gone', async ({ page }) => {
  await signIn(page, WRITER);
  const name = unique('Doomed deal');
  const activation = await draft(page, name);
  await openApp(page, '/activations/activations');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm).toContainText('The draft is deleted');
  await confirm.getByRole('button', { name: 'Delete activation' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('rowheader', { name })).toHaveCount(0);
  expect(await stored(page, activation.id)).toBeUndefined();
});

test('a save overtaken by a change made elsewhere asks the conflict dialog; Reload shows theirs', async ({ page }) => {
  await signIn(page, WRITER);
  const name = unique('Contested deal');
  const activation = await draft(page, name);
  await openApp(page, `/activations/activations/${activation.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await typeInto(page.getByRole('textbox', { name: 'Name' }), `${name} mine`);
  await clickAway(page);

  // Someone else renames it meanwhile (a plain API client, no version).
  const theirs = await page.request.put(`/api/v1/activation?id=${activation.id}`, {
    data: { name: `${name} theirs` },
  });
  expect(theirs.status()).toBe(200);

  await page.getByRole('button', { name: 'Save changes' }).click();
  const conflict = page.getByRole('dialog', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('Someone else saved this activation after you opened it');
  expect((await stored(page, activation.id))?.name).toBe(`${name} theirs`);
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `${name} theirs` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`${name} theirs`);
  await expect(page.getByRole('alert').filter({ hasText: 'someone else' })).toHaveCount(0);
});
