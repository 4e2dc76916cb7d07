/**
 * Issue 47 item 7: % Viewed sits above % Viewable, and they are shares of different things
 * (domain/attention.md: viewable ÷ impressions, viewed ÷ measured). Wherever a person reads the two
 * figures, each names its base: the measurement dashboard's tiles and breakdown, the report
 * builder's metric list and the report table.
 */
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { getJson } from './helpers/api.ts';
import { clickAway, typeDate, typeInto } from './helpers/person.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { Measurement } from '../../src/shared/schemas/measurement.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

type MeasurementRow = Pick<Measurement, 'id' | 'name' | 'status' | 'start_date' | 'end_date'>;

/** The Northwind measurement with the most impressions that delivered through October 2026. */
async function octoberMeasurement(page: Page): Promise<MeasurementRow> {
  const list = await getJson<{ data: MeasurementRow[] }>(
    page.request,
    `/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&sort=desc(impressions),desc(id)&limit=500`,
  );
  return list.data.find((m) => m.status !== 'draft' && m.start_date <= '2026-10-01' && m.end_date >= '2026-10-31')!;
}

/** The two shares, each with its base, as a column header or a figure's term reads them. */
async function expectBases(place: Locator, role: 'columnheader' | 'term') {
  for (const text of ['% Viewable of impressions', '% Viewed of measured impressions']) {
    const named =
      role === 'columnheader' ? place.getByRole(role, { name: text }) : place.getByRole(role).filter({ hasText: text });
    await expect(named.first()).toBeVisible();
  }
}

test.describe('the bases of % Viewable and % Viewed', () => {
  test.describe.configure({ timeout: 60_000 });
  // Dates are typed in the en-US field order (month, day, year).
  test.use({ locale: 'en-US' });
  test.beforeEach(async ({ page }) => signIn(page, 'writer@northwind.test'));

  test('the measurement dashboard names them on its tiles and its breakdown', async ({ page }) => {
    const m = await octoberMeasurement(page);
    await openApp(page, `/measurements/${m.id}`);
    await expectBases(page.getByRole('region', { name: 'Key figures' }), 'term');
    await expectBases(page.getByRole('table', { name: /Attention by/ }), 'columnheader');
  });

  test('the report builder lists them with their bases, and the report table heads them so', async ({ page }) => {
    const m = await octoberMeasurement(page);
    await openApp(page, '/reports');
    await page.getByRole('button', { name: /^Measurements/ }).click();
    await typeInto(page.getByRole('searchbox', { name: 'Search measurements' }), m.name.slice(0, 30));
    await page.getByRole('option', { name: m.name }).click();
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Measurements' })).toHaveCount(0, { timeout: 500 });
    }).toPass();

    await page.getByLabel('Date range').selectOption('custom');
    await typeDate(page.getByLabel('From', { exact: true }), '2026-10-01');
    await typeDate(page.getByLabel('To', { exact: true }), '2026-10-31');
    await clickAway(page);
    await page.getByLabel('Group by').selectOption('channel');

    await expectBases(page.getByRole('table', { name: /Report results/ }), 'columnheader');
    await expectBases(page.getByRole('region', { name: 'Totals' }), 'term');

    await page.getByRole('button', { name: /^Metrics/ }).click();
    const metrics = page.getByRole('dialog', { name: 'Metrics' });
    await expect(metrics.getByRole('option', { name: '% Viewable of impressions' })).toBeVisible();
    await expect(metrics.getByRole('option', { name: '% Viewed of measured impressions' })).toBeVisible();
  });
});
