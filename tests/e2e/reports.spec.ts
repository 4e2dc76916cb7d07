/**
 * Reports in a browser: building a report whose totals the test works out itself from
 * the measurement metrics endpoint, saving and reopening it, relative dates, the account-switch
 * rewrite, an admin-defined report, the CSV, and the way in from a measurement dashboard.
 * Tests that save create reports with names of their own (tests run in parallel on one server).
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { getJson } from './helpers/api.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { MetricsResponse } from '../../src/shared/measurement-api.ts';
import { apm, formatMetric, sumCounts } from '../../src/shared/metrics.ts';
import { parseCsv } from '../../src/shared/csv.ts';
import { resolveRelativeDate } from '../../src/shared/reports.ts';
import { formatDay } from '../../src/app/shared/metrics/dateRange.ts';
import { messages } from '../../src/shared/messages.ts';
import { clickAway, typeDate, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
// Dates are typed in the en-US field order (month, day, year).
test.use({ locale: 'en-US' });

interface MeasurementRow {
  id: string;
  name: string;
  status: string;
  start_date: string;
  end_date: string;
}

/** Two Northwind measurements that delivered through October 2026. */
async function octoberPair(page: Page): Promise<MeasurementRow[]> {
  const list = await getJson<{ data: MeasurementRow[] }>(
    page.request,
    `/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&sort=asc(name),asc(id)&limit=500`,
  );
  return list.data
    .filter((m) => m.status !== 'draft' && m.start_date <= '2026-10-01' && m.end_date >= '2026-10-31')
    .slice(0, 2);
}

const totalsCell = (page: Page, column: string) =>
  page.getByTestId('report-totals').locator(`[data-column="${column}"]`);
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function pickMeasurement(page: Page, name: string) {
  await page.getByTestId('picker-measurements').getByRole('button').click();
  await typeInto(page.getByRole('searchbox', { name: 'Search measurements' }), name.slice(0, 30));
  await page.getByRole('option', { name }).click();
  // Escape clears the search first, then closes the picker.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Measurements' })).toHaveCount(0, { timeout: 500 });
  }).toPass();
}

test('builds a report whose totals match the measurement metrics endpoint', async ({ page }) => {
  // Built by hand, key by key, then checked against the API: a whole flow on a busy server.
  test.setTimeout(60_000);
  await signIn(page, 'writer@northwind.test');
  const pair = await octoberPair(page);
  await openApp(page, '/reports');
  await expect(page.getByText('Choose measurements to build a report')).toBeVisible();
  for (const m of pair) await pickMeasurement(page, m.name);
  await page.getByLabel('Date range').selectOption('custom');
  await typeDate(page.getByLabel('From', { exact: true }), '2026-10-01');
  await typeDate(page.getByLabel('To', { exact: true }), '2026-10-31');
  await clickAway(page);
  await page.getByLabel('Group by').selectOption('channel');
  await expect(page.getByTestId('report-range')).toContainText('Showing 1 Oct 2026 to 31 Oct 2026 · 2 measurements');

  const metrics = await Promise.all(
    pair.map((m) =>
      getJson<MetricsResponse>(
        page.request,
        `/api/v1/measurement-metrics?measurement=${m.id}&start_date=2026-10-01&end_date=2026-10-31`,
      ),
    ),
  );
  const expected = sumCounts(metrics.map((m) => m.data.totals));
  await expect(totalsCell(page, 'impressions')).toHaveText(formatMetric('impressions', expected.impressions));
  await expect(totalsCell(page, 'apm')).toHaveText(formatMetric('apm', apm(expected)));
  // The URL holds the whole report: opened afresh, it shows the same totals.
  const url = page.url();
  expect(new URL(url).searchParams.get('measurement')).toBe(pair.map((m) => m.id).join(','));
  await openApp(page, url.replace(/^https?:\/\/[^/]+/, ''));
  await expect(totalsCell(page, 'impressions')).toHaveText(formatMetric('impressions', expected.impressions));

  // Sorting by a column reorders the rows, largest first.
  await page.getByRole('button', { name: 'Impressions', exact: true }).click();
  const firstTwo = await page
    .getByTestId('report-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.slice(0, 2).map((r) => Number((r.children[1]?.textContent ?? '').replace(/,/g, ''))));
  expect(firstTwo[0]).toBeGreaterThanOrEqual(firstTwo[1] ?? 0);
  await expect(page).toHaveURL(/sort=impressions_desc/);

  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('a report with no measurements cannot be saved: Save report stays off until one is chosen', async ({ page }) => {
  await signIn(page, 'writer@northwind.test');
  const [m] = await octoberPair(page);
  await openApp(page, '/reports');
  await expect(page.getByText('Choose measurements to build a report')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save report' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('title', 'Choose measurements to save the report');
  await pickMeasurement(page, m!.name);
  await expect(save).toBeEnabled();
});

test('saves a report, refuses a second of the same name, reopens it by URL and by name', async ({ page }) => {
  // Built by hand, key by key, then checked against the API: a whole flow on a busy server.
  test.setTimeout(60_000);
  await signIn(page, 'writer@northwind.test');
  const [m] = await octoberPair(page);
  const name = unique('E2E channel report');
  // Built as a person builds it: the measurement typed and clicked, the dates typed, a grouping.
  await openApp(page, '/reports');
  await pickMeasurement(page, m!.name);
  await page.getByLabel('Date range').selectOption('custom');
  await typeDate(page.getByLabel('From', { exact: true }), '2026-10-01');
  await typeDate(page.getByLabel('To', { exact: true }), '2026-10-31');
  await clickAway(page);
  await page.getByLabel('Group by').selectOption('channel');
  await expect(page.getByTestId('report-range')).toContainText('Showing 1 Oct 2026 to 31 Oct 2026 · 1 measurement');
  const total = await totalsCell(page, 'impressions').textContent();
  expect(total).toMatch(/\d/);
  await page.getByRole('button', { name: 'Save report' }).click();
  await typeInto(page.getByRole('textbox', { name: 'Name' }), name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/saved/${encodeURIComponent(name).replace(/%20/g, '%20')}`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(totalsCell(page, 'impressions')).toHaveText(total!);
  const aside = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(aside.getByRole('link', { name })).toBeVisible();
  await expect(aside.getByRole('link', { name: messages.shell.backToMainReports })).toBeVisible();

  // The same name again is a field error, and nothing is saved.
  await openApp(page, `/reports?measurement=${m!.id}&relativeDate=last_7_days`);
  await page.getByRole('button', { name: 'Save report' }).click();
  await typeInto(page.getByRole('textbox', { name: 'Name' }), name.toUpperCase());
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('A saved report with this name already exists in this account')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // By URL, with only the name: the saved values come back; a query value overrides one of them.
  await openApp(page, `/reports/saved/${encodeURIComponent(name)}`);
  await expect(totalsCell(page, 'impressions')).toHaveText(total!);
  await expect(page.getByLabel('Group by')).toHaveValue('channel');
  await openApp(page, `/reports/saved/${encodeURIComponent(name)}?groupBy=device`);
  await expect(page.getByLabel('Group by')).toHaveValue('device');
  await expect(totalsCell(page, 'impressions')).toHaveText(total!);

  // By name, from the list of saved reports, reached through the sidebar.
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: messages.shell.savedReports, exact: true })
    .click();
  await page.getByRole('main').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Rename, then delete.
  const renamed = `${name} (renamed)`;
  await page.getByRole('button', { name: 'Rename' }).click();
  await typeInto(page.getByRole('textbox', { name: 'Name' }), renamed);
  await page.getByRole('button', { name: 'Rename', exact: true }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/reports\/saved$/);
  await expect(page.getByRole('main').getByRole('link', { name: renamed })).toHaveCount(0);
});

test('relative dates resolve on the clock, and the report follows them', async ({ page, lamp }) => {
  await signIn(page, 'reader@northwind.test');
  await openApp(page, '/reports?measurement=*&relativeDate=last_7_days&groupBy=day');
  // The server's clock (test mode's fixed one), not the machine's.
  const today = (await lamp.clock()).now.slice(0, 10);
  const week = resolveRelativeDate('last_7_days', today);
  await expect(page.getByTestId('report-range')).toContainText(
    `Showing ${formatDay(week.start)} to ${formatDay(week.end)}`,
  );
  await page.getByLabel('Date range').selectOption('last_month');
  const month = resolveRelativeDate('last_month', today);
  await expect(page.getByTestId('report-range')).toContainText(
    `Showing ${formatDay(month.start)} to ${formatDay(month.end)}`,
  );
  await expect(page).toHaveURL(/relativeDate=last_month/);
});

test('a report opened from an address without an account writes the account into it, so the address is a share', async ({
  page,
}) => {
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/reports?startDate=2026-10-01&endDate=2026-10-31&measurement=*&groupBy=channel');
  await expect(page.getByTestId('report-totals')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]account=${ACCOUNT_IDS.northwind}(&|$)`));
  // The address written is the report shown: opened again, it shows the same totals.
  const totals = (await page.getByTestId('report-totals').textContent()) ?? '';
  await page.reload();
  await expect(page.getByTestId('report-totals')).toHaveText(totals);
});

test('switching account on a report page rewrites the query and drops the old account’s picks', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  const [m] = await octoberPair(page);
  await openApp(
    page,
    `/reports?account=${ACCOUNT_IDS.northwind}&relativeDate=last_90_days&measured=true&measurement=${m!.id}`,
  );
  await expect(page.getByTestId('report-totals')).toBeVisible();
  await page.getByRole('button', { name: 'Show accounts' }).click();
  await page.getByRole('option', { name: 'Contoso Partners' }).click();
  await expect(page).toHaveURL(new RegExp(`account=${ACCOUNT_IDS.contoso}`));
  const query = new URL(page.url()).searchParams;
  expect(query.get('relativeDate')).toBe('last_90_days');
  expect(query.get('measured')).toBe('true');
  expect(query.has('measurement')).toBe(false);
  await expect(page.getByText('Choose measurements to build a report')).toBeVisible();
});

test('an admin-defined report opens through the catch-all with its definition fixed', async ({ page }) => {
  await signIn(page, 'reader@northwind.test');
  await openApp(page, '/reports/channel-benchmark?startDate=2026-10-01&endDate=2026-10-31');
  await expect(page.getByRole('heading', { level: 1, name: 'Channel Benchmark' })).toBeVisible();
  const headers = page.getByTestId('report-table').locator('thead th');
  await expect(headers).toHaveText(
    ['Channel', 'Format', 'Impressions', 'APM', 'Avg view time', 'CPM', 'aCPM'].map((t) => new RegExp(t, 'i')),
  );
  await expect(page.getByLabel('Group by')).toHaveCount(0);
  await openApp(page, '/reports/no-such-report');
  await expect(page.getByText(messages.errors.fetchingSelected('report'))).toBeVisible();
});

test('Export CSV holds exactly the rows and totals the table shows', async ({ page }) => {
  await signIn(page, 'writer@northwind.test');
  const pair = await octoberPair(page);
  await openApp(
    page,
    `/reports?measurement=${pair.map((m) => m.id).join(',')}&startDate=2026-10-01&endDate=2026-10-31&groupBy=measurement&metrics=impressions,apm&sort=impressions_desc`,
  );
  await expect(page.getByTestId('report-totals')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  const csv = parseCsv(file);
  expect(csv.header).toEqual(['Measurement', 'Impressions', 'APM']);
  const shown = await page
    .getByTestId('report-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
  expect(csv.rows.map((r) => r[0])).toEqual([...shown.map((r) => r[0]), 'Total']);
  for (const [i, row] of shown.entries()) {
    expect(formatMetric('impressions', Number(csv.rows[i]![1]))).toBe(row[1]);
  }
  const totals = csv.rows.at(-1)!;
  await expect(totalsCell(page, 'impressions')).toHaveText(formatMetric('impressions', Number(totals[1])));
  await expect(totalsCell(page, 'apm')).toHaveText(formatMetric('apm', Number(totals[2])));
});

test('Open in reports from a dashboard, and Return to Measurement', async ({ page }) => {
  await signIn(page, 'writer@northwind.test');
  const [m] = await octoberPair(page);
  await openApp(page, `/measurements/${m!.id}`);
  await page.getByRole('link', { name: 'Open in reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports\\?.*measurement=${m!.id}`));
  expect(new URL(page.url()).searchParams.get('back')).toBe(`/measurements/${m!.id}`);
  await expect(page.getByTestId('picker-measurements')).toContainText(m!.name);
  await expect(page.getByTestId('report-totals')).toBeVisible();
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: messages.shell.returnToMeasurement })
    .click();
  await expect(page).toHaveURL(new RegExp(`/measurements/${m!.id}$`));
});
