/**
 * The measurements area in a browser: list, create and edit, the dashboard against the API's
 * aggregates, tags, tag uploads and a data import followed by the list's auto refresh.
 * Tests that change data create their own rows (tests run in parallel against one server).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { messages } from '../../src/shared/messages.ts';
import { formatMetric, type MetricKey } from '../../src/shared/metrics.ts';
import { resolveRange } from '../../src/app/shared/metrics/dateRange.ts';
import { typeDate, typeInto } from './helpers/person.ts';
import { getJson } from './helpers/api.ts';
import { signIn } from './helpers/session.ts';

/** Pages wait on a shared, busy test server: allow more than the default 7 s to appear. */
const expect = baseExpect.configure({ timeout: 20_000 });
const KPIS: MetricKey[] = [
  'impressions',
  'pct_measured',
  'pct_viewable',
  'pct_viewed',
  'avg_view_time',
  'apm',
  'cpm',
  'acpm',
];

interface MeasurementRow {
  id: string;
  name: string;
  account: string;
  start_date: string;
  end_date: string;
  impressions: number;
  channels: string[];
}

/** The Northwind measurement with the most impressions: a dashboard full of data. */
async function busiestMeasurement(page: Page): Promise<MeasurementRow> {
  const me = await getJson<{ data?: { account: string }; account?: string }>(page.request, '/api/v1/current-user');
  const account = me.data?.account ?? me.account;
  const list = await getJson<{ data: MeasurementRow[] }>(
    page.request,
    `/api/v1/measurement?account=${account}&sort=desc(impressions),desc(id)&limit=1`,
  );
  return list.data[0]!;
}

async function seriousViolations(page: Page) {
  // The measurement pages' own content; the shell's frame has its own checks.
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

test.describe('measurements', () => {
  // Whole flows against one busy test server (two workers, the dashboard's aggregation).
  test.describe.configure({ timeout: 90_000 });
  // Dates are typed in the en-US field order (month, day, year).
  test.use({ actionTimeout: 15_000, locale: 'en-US' });
  test.beforeEach(async ({ page }) => signIn(page, 'writer@northwind.test'));

  test('the list pages, sorts and searches on the server', async ({ page }) => {
    await page.goto('/measurements');
    await expect(page.getByRole('heading', { name: 'Measurements', level: 1 })).toBeVisible();
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(25);
    const summary = page.getByText(/^Showing 1–25 of [\d,]+$/);
    await expect(summary).toBeVisible();
    const total = Number((await summary.textContent())!.split(' of ')[1]!.replace(/,/g, ''));
    expect(total).toBeGreaterThan(25);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(new RegExp(`^Showing 26–${Math.min(50, total)} of`))).toBeVisible();

    const target = (await busiestMeasurement(page)).name;
    await typeInto(page.getByLabel('Search'), target);
    await expect(page).toHaveURL(/q=/);
    // The list narrows to the matches. (A search of the first few letters, sent while the name was
    // still being typed, may show a full page on the way: the name is on its first row too.)
    await expect.poll(() => rows.count()).toBeLessThan(25);
    await expect(rows.first()).toContainText(target);
    await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();

    // A search typed, then at once a click on to a row, on a slow line (the dashboard's code takes
    // a second to arrive): the person stays where they clicked. The search's write, due a moment
    // after the last key, used to land meanwhile and bring them back to the list.
    await page.route('**/_astro/DashboardPage.*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await typeInto(page.getByLabel('Search'), target.slice(0, -2));
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/measurements\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { name: target, level: 1 })).toBeVisible();
  });

  test('create shows field errors, then saves and opens the dashboard; the list finds it; edit saves changes', async ({
    page,
  }) => {
    await page.goto('/measurements');
    await page.getByRole('link', { name: 'New measurement' }).click();
    await expect(page.getByRole('button', { name: 'Create measurement' })).toBeVisible();
    await page.getByRole('button', { name: 'Create measurement' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Start date is required')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    const name = `E2E Spring Launch ${Date.now()}`;
    await typeInto(page.getByLabel('Name'), name);
    await typeDate(page.getByLabel('Start date'), '2026-11-10');
    await typeDate(page.getByLabel('End date'), '2026-11-01');
    await page.getByRole('button', { name: 'Create measurement' }).click();
    await expect(page.getByText(messages.validation.endBeforeStartText)).toBeVisible();

    await typeDate(page.getByLabel('End date'), '2026-12-20');
    await page
      .getByRole('group', { name: /Channels/ })
      .getByRole('checkbox')
      .first()
      .click();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('Start date')).toHaveValue('2026-11-10');
    await expect(page.getByLabel('End date')).toHaveValue('2026-12-20');
    await page.getByRole('button', { name: 'Create measurement' }).click();
    await expect(page.getByText(`Measurement '${name}' created`)).toBeVisible();
    await expect(page).toHaveURL(/\/measurements\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const id = page.url().split('/').pop()!;

    // Found again as a person finds it: home, the sidebar's filter, a click on its name.
    await page.getByRole('link', { name: 'LAMP home' }).click();
    await typeInto(page.getByRole('searchbox', { name: 'Filter measurements' }), name.slice(0, -3));
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/measurements/${id}$`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    await page.goto(`/measurements/${id}/edit`);
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await typeInto(page.getByLabel('Name'), '');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await typeInto(page.getByLabel('Name'), `${name} (edited)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`Measurement '${name} (edited)' saved`)).toBeVisible();
    await expect(page.getByRole('heading', { name: `${name} (edited)`, level: 1 })).toBeVisible();
    // The crumbs read the new name too, not the one the edit page looked up before the save.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(`${name} (edited)`);
  });

  test('the dashboard tiles show the API’s aggregates, for the flight and for the last 7 days', async ({
    page,
    lamp,
  }) => {
    const m = await busiestMeasurement(page);
    // The page dates 'last 7 days' by the server's clock (test mode's fixed one), not the machine's.
    const today = (await lamp.clock()).now.slice(0, 10);
    await page.goto(`/measurements/${m.id}`);
    await expect(page.getByRole('heading', { name: m.name, level: 1 })).toBeVisible();

    for (const choice of ['flight', 'last_7'] as const) {
      const range = resolveRange(choice, m, today);
      if (choice !== 'flight') await page.getByLabel('Date range').selectOption(choice);
      const metrics = await getJson<{ data: { totals: Record<MetricKey, number | null> } }>(
        page.request,
        `/api/v1/measurement-metrics?measurement=${m.id}&start_date=${range.start}&end_date=${range.end}`,
      );
      for (const key of KPIS) {
        await expect(page.getByTestId(`kpi-${key}`).locator('[data-value]')).toHaveText(
          formatMetric(key, metrics.data.totals[key]),
        );
      }
    }
    await expect(page.getByRole('group', { name: 'Attention funnel' })).toBeVisible();
    await page.getByRole('tab', { name: 'Device' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(/Mobile|Desktop|Tablet|Connected TV/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('export tags: macros filled in, copy, and a download that keeps the page', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const m = await busiestMeasurement(page);
    await page.goto(`/measurements/${m.id}/export-tags`);
    await page.getByLabel('Ad server').selectOption({ label: 'The Trade Desk' });
    await expect(page.getByTestId('tag-display')).toContainText('%%TTD_CREATIVEID%%');
    await expect(page.getByTestId('tag-video')).toContainText('<AdVerifications>');
    await expect(page.getByTestId('tag-pixel')).toContainText('%%TTD_IMPRESSIONID%%');

    await page.getByRole('button', { name: 'Copy JavaScript display tag' }).click();
    await expect(page.getByText('JavaScript display tag copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('%%TTD_CREATIVEID%%');

    const url = page.url();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download all tags' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.txt$/);
    expect(page.url()).toBe(url);
    await expect(page.getByTestId('tag-display')).toContainText('%%TTD_CREATIVEID%%');
  });

  test('the dashboard names the base of % Viewable and of % Viewed, Viewable first', async ({ page }) => {
    const m = await busiestMeasurement(page);
    await page.goto(`/measurements/${m.id}`);
    const hint = page.getByText(/% Viewable: viewable ÷ impressions · % Viewed: viewed ÷ measured/);
    await expect(hint).toBeVisible({ timeout: 20_000 });
  });

  test('upload tags: a file with bad rows is reported row by row and nothing is saved', async ({ page }) => {
    const m = await busiestMeasurement(page);
    await page.goto(`/measurements/${m.id}/upload-tags`);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'placements.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Placement,Creative\nHomepage MPU,Spring 300x250\n,Spring 728x90\nSport MPU,\n'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('2 of 3 rows have errors. Nothing was saved')).toBeVisible();
    await expect(page.getByText('Placement name is required')).toBeVisible();
    await expect(page.getByText('Creative name is required')).toBeVisible();
    await expect(page.getByText('Nothing saved', { exact: true })).toBeVisible();
  });

  test('a data import goes from create to success, and the list refreshes itself', async ({ page }) => {
    test.setTimeout(60_000);
    const m = await busiestMeasurement(page);
    await page.goto(`/measurements/${m.id}/data-imports/create`);
    const config = page.getByLabel('Import job config');
    await expect(config.locator('option')).not.toHaveCount(1);
    await config.selectOption({ index: 1 });
    const day = m.start_date;
    await page.getByLabel('Delivery export (CSV)').setInputFiles({
      name: 'meta-delivery.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `Date,Ad name,Placement,Device,Impressions,Amount spent (GBP)\n${day},Spring Reel,Instagram Feed,Mobile,12000,48.00\n${day},Spring Story,Instagram Stories,Mobile,8000,30.50\n`,
      ),
    });
    await page.getByRole('button', { name: 'Start import' }).click();
    await expect(page).toHaveURL(new RegExp(`/measurements/${m.id}/data-imports$`));
    const row = page.getByTestId('import-job-row').filter({ hasText: 'meta-delivery.csv' }).first();
    await expect(row).toContainText('Queued');
    await expect(page.getByText('Imports in progress: this list refreshes every 5 seconds.')).toBeVisible();

    // The server moves test-mode jobs only when asked; the page must notice on its own. Only this
    // job moves: the worker's sandbox also holds the demo's in-flight imports, whose landing would
    // change other accounts' pages under other tests (the Contoso home page's screenshot).
    const job = (await row.getByRole('link').getAttribute('href'))?.split('/').at(-1) ?? '';
    expect(job).toMatch(/^[0-9a-f]{24}$/);
    expect((await page.request.post(`/api/v1/import-job/advance?id=${job}&steps=6`)).ok()).toBe(true);
    await expect(row).toContainText('Successful', { timeout: 12_000 });
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    await row.getByRole('link').click();
    await expect(page.getByText('Rows imported')).toBeVisible();
    await expect(page.getByText(/^[0-9a-f-]{36}$/)).toBeVisible();
  });

  test('looks finished at desktop and phone widths, without serious accessibility problems', async ({ page }) => {
    const m = await busiestMeasurement(page);
    for (const [name, width, height] of [
      ['desktop', 1366, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/measurements/${m.id}`);
      await expect(page.getByTestId('kpi-apm').locator('[data-value]')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/dashboard-${name}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name}: page wider than the screen`).toBeLessThanOrEqual(1);
      await page.goto('/measurements');
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/list-${name}.png`, fullPage: true });
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/measurements/create');
    await expect(page.getByLabel('Name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
