/**
 * Forms that speak to people (issue 48 item 3, issue 47 item 2). Every create form of the route
 * table (each route whose id ends in '.create', with every value of its path's parameters) is
 * opened and sent empty by a click on its submit button: a summary naming the count of fields to
 * correct must appear, and no visible text may be a validator's own wording ('Invalid option:
 * expected one of …', 'Too small: expected number to be >=100'). A form added to the table is
 * covered without touching this file; a new path parameter asks for its value here.
 *
 * Then the study form, typed by a person with values out of range, answers in range sentences.
 */
import type { Page } from '@playwright/test';
import { LOOKUP_TABLES, routes, type RouteEntry } from '../../src/app/routes/index.ts';
import { expect, test } from './helpers/sandbox.ts';
import { clickAway, typeDate, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

/** A validator's own wording: never for a person's eyes. */
const RAW_VALIDATOR_TEXT = /Invalid (option|input|ISO)|expected (one of|number|string)|Too (small|big)|>=|<=/;
/** The summary above a refused form (kit/ErrorSummary.tsx). */
const SUMMARY = /^Please correct the (field|\d+ fields) marked below\.$/;

const SUPER = 'super@lamp.test';
/** A Spotlight manager: Spotlight's forms are hers (super's account has no Spotlight). */
const SPOTLIGHT_MANAGER = 'partner@contoso.test';

/** A value for each path parameter a create route may have: every one a person may meet. */
const PARAMETER_VALUES: Record<string, (page: Page) => Promise<string[]>> = {
  lookupTableName: () => Promise.resolve(LOOKUP_TABLES.map((table) => table.name)),
  measurementId: async (page) => {
    const answer = (await (await page.request.get('/api/v1/measurement?limit=1')).json()) as { data: { id: string }[] };
    return answer.data.map((row) => row.id);
  },
};

const createRoutes = routes.filter((route) => route.id.endsWith('.create'));

/** The route's paths, one per value of its parameters. */
async function pathsOf(page: Page, route: RouteEntry): Promise<string[]> {
  let paths = [route.path];
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    const values = PARAMETER_VALUES[name!];
    if (!values) throw new Error(`${route.id}: give a value for :${name} in PARAMETER_VALUES`);
    const found = await values(page);
    expect(found.length, `a value for :${name}`).toBeGreaterThan(0);
    paths = paths.flatMap((path) => found.map((value) => path.replace(`:${name}`, encodeURIComponent(value))));
  }
  return paths;
}

test('the route table has create forms to check', () => {
  expect(createRoutes.map((route) => route.id)).toEqual(
    expect.arrayContaining(['measurements.create', 'spotlight.study.create', 'admin.third-party-macros.create']),
  );
});

for (const route of createRoutes) {
  test(`${route.id} sent empty: a summary and people's words, no validator's text`, async ({ page }) => {
    test.slow();
    await signIn(page, route.access.spotlight ? SPOTLIGHT_MANAGER : SUPER);
    for (const path of await pathsOf(page, route)) {
      await openApp(page, path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      // The form's own action, at its end: 'Create', 'Create study', 'Create and activate', 'Start import'…
      const submit = main.getByRole('button', { name: /^(Create|Start)\b/ }).last();
      await submit.click();
      // Soft: a form without its summary still has its words checked below.
      await expect.soft(main.getByRole('alert').filter({ hasText: SUMMARY }), path).toBeVisible();
      const shown = await page.locator('body').innerText();
      expect(shown.match(RAW_VALIDATOR_TEXT)?.[0] ?? null, `${path} shows a validator's text`).toBeNull();
    }
  });
}

test('the study form typed with values out of range answers in range sentences', async ({ page }) => {
  await signIn(page, SPOTLIGHT_MANAGER);
  await openApp(page, '/spotlight/studies');
  await page.getByRole('link', { name: 'New study' }).click();
  await expect(page.getByRole('heading', { name: 'New study' })).toBeVisible();
  // The context box asks for a context, not for 'an item'.
  await expect.soft(page.getByRole('button', { name: /Context/ })).toContainText('Choose a context');

  await typeInto(page.getByRole('textbox', { name: 'Name' }), 'Frost Cola: range check');
  await page.getByRole('button', { name: /Context/ }).click();
  await page.getByRole('option', { name: 'Social feed' }).click();
  await typeInto(page.getByRole('textbox', { name: 'Sample size per cell' }), '5');
  await page.keyboard.press('Tab');
  await typeInto(page.getByRole('textbox', { name: 'Cells' }), '13');
  await page.keyboard.press('Tab');
  await typeDate(page.getByLabel('Start date'), '2026-12-14');
  await typeDate(page.getByLabel('End date'), '2026-12-28');
  await clickAway(page);
  await page.getByRole('button', { name: 'Create study' }).click();

  await expect.soft(page.getByText('Sample size per cell must be at least 100')).toBeVisible();
  await expect.soft(page.getByText('Cells must be at most 12')).toBeVisible();
  await expect
    .soft(page.getByRole('alert').filter({ hasText: 'Please correct the 2 fields marked below.' }))
    .toBeVisible();
  expect((await page.locator('body').innerText()).match(RAW_VALIDATOR_TEXT)?.[0] ?? null).toBeNull();
  await expect(page).toHaveURL(/\/spotlight\/studies\/create$/);
});
