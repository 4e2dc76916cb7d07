/**
 * Issue 47, item 3: what a reader may do with reports. She reads every report and saves (and
 * schedules) reports of her own; a colleague's saved report shows her no button that would change
 * it, since the server refuses those (src/shared/row-access.ts: the maker's rule, which the page
 * reads too). Signed in through the form, typing, as the demo script's reader does.
 */
import type { Page } from '@playwright/test';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { getJson } from './helpers/api.ts';
import { typeInto } from './helpers/person.ts';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { openApp } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

const CHANGE_BUTTONS = [/^Update$/, /^Rename/, /^Delete/, /Schedule by e-mail/, /^Edit schedule$/, /^Run now$/];

async function expectNoChangeButtons(page: Page) {
  for (const name of CHANGE_BUTTONS) await expect(page.getByRole('button', { name })).toHaveCount(0);
}

test("a reader reads colleagues' saved reports without buttons that fail, and saves her own", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'reader@northwind.test', DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });

  // The list: every saved report is a colleague's, and none offers Rename or Delete.
  await openApp(page, '/reports/saved');
  const table = page.getByRole('table', { name: 'Saved reports of this account' });
  const first = table.getByRole('link').first();
  await expect(first).toBeVisible();
  await expectNoChangeButtons(page);

  // A colleague's report: read, not changed, not scheduled.
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await expectNoChangeButtons(page);

  // Her own report: she may save it, and then rename, delete and schedule it.
  const list = await getJson<{ data: { id: string }[] }>(
    page.request,
    `/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&limit=1`,
  );
  await openApp(page, `/reports?measurement=${list.data[0]!.id}&relativeDate=last_30_days`);
  await page.getByRole('button', { name: 'Save report' }).click();
  const own = `Rhea's own ${Date.now().toString(36)}`;
  await typeInto(page.getByRole('textbox', { name: 'Name' }), own);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: own })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule by e-mail' })).toBeVisible();
});
