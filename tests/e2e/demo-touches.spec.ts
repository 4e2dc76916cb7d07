/**
 * Issue 47, items 8 and 10: the demo script page and the unfinished touches a client noticed,
 * each as a person meets it: the page read as it is served, links followed with the pointer,
 * names typed key by key.
 */
import type { Page } from '@playwright/test';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { DOC_PAGES } from '../../src/docs/sections.ts';
import { MEASUREMENT_STATUS_LABELS } from '../../src/shared/measurement-status.ts';
import { formatCount } from '../../src/shared/number-format.ts';
import { DemoTourSchema } from '../../src/shared/schemas/demo-tour.ts';
import { getJson, postData } from './helpers/api.ts';
import { typeInto } from './helpers/person.ts';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A saved report of the writer's, made beside the page (a visitor's test report, say). */
async function savedReport(page: Page, name: string) {
  return postData<{ id: string; name: string }>(page.request, '/api/v1/saved-report', {
    name,
    account: ACCOUNT_IDS.northwind,
    relative_date: 'last_30_days',
    start_date: null,
    end_date: null,
    measured: false,
    measurements: [],
    labels: [],
  });
}

async function openDemoScript(page: Page) {
  await page.goto(DOC_PAGES.demo);
  await expect(page.getByRole('heading', { level: 1, name: 'Giving a LAMP demo' })).toBeVisible();
  await expect(page.locator('[data-tour-status]')).toHaveAttribute('data-state', 'ready');
}

test.describe('the demo script page', () => {
  test("quotes the server it is served by, the sidebar's words, and the story's reports, not a visitor's", async ({
    page,
  }) => {
    await signIn(page, 'writer@northwind.test');
    const visitors = `A visitor's test ${unique()}`;
    await savedReport(page, visitors);
    const tour = DemoTourSchema.parse(await getJson(page.request, '/api/v1/demo/tour'));
    await openDemoScript(page);

    // The reset command reaches this server, on its own port.
    await expect(page.getByText(`curl -X POST ${new URL(page.url()).origin}/api/v1/testing/reset`)).toBeVisible();
    const steps = page.getByRole('list').filter({ hasText: 'Sign in as' }).first();
    // Home's counts in the words the sidebar uses.
    for (const [status, label] of Object.entries(MEASUREMENT_STATUS_LABELS)) {
      const count = tour.agency.measurements[status as keyof typeof MEASUREMENT_STATUS_LABELS];
      await expect(steps).toContainText(`${formatCount(count)} ${label}`);
    }
    await expect(steps).not.toContainText('scheduled');
    // A word apart from the next: 'buys on Xandr only the domains…', or 'buys on Xandr, as deal'.
    const platform = tour.featured?.activation.platform ?? '';
    await expect(steps).toContainText(new RegExp(`buys on ${platform}( only the domains|, as deal)`));
    // The story's saved reports, not the one a visitor made.
    await expect(steps).toContainText(tour.agency.saved_reports[0] ?? 'a saved report');
    await expect(steps).not.toContainText(visitors);
  });

  test('at phone width, the script comes before the contents, also when the window narrows', async ({ page }) => {
    // Opened wide, beside its contents; then narrowed to a phone's width (a window made narrow,
    // a tablet turned), the contents fold away above the script.
    await openDemoScript(page);
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Giving a LAMP demo' })).toBeInViewport();
    // The contents still open on request.
    await page.getByText('Contents', { exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
  });
});

test.describe('unfinished touches', () => {
  test('a long name wraps inside the success alert, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'writer@northwind.test');
    const report = await savedReport(page, `Toast ${unique()}`);
    await openApp(page, '/reports/saved');
    await typeInto(page.getByRole('searchbox').first(), report.name);
    await page.getByRole('button', { name: `Rename ${report.name}` }).click();
    // One long word, as file-like names are (no space or hyphen to break at).
    const long = `NorthwindQ4ChristmasCTVWeeklyClientUpdate${unique()}`;
    await typeInto(page.getByRole('textbox', { name: 'Name' }), long);
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    const toast = page.getByRole('status').filter({ hasText: long });
    await expect(toast).toBeVisible();
    const dismiss = await toast.getByRole('button', { name: 'Dismiss alert' }).boundingBox();
    expect((dismiss?.x ?? 0) + (dismiss?.width ?? 0)).toBeLessThanOrEqual(390);
    const text = toast.getByText(long);
    expect(await text.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
  });

  test("a study's name opens the study page, with its sample as people write it; its count opens the assets", async ({
    page,
  }) => {
    await signIn(page, 'partner@contoso.test');
    await openApp(page, '/spotlight/studies');
    const table = page.getByRole('table');
    const first = table.getByRole('rowheader').first().getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/spotlight\/studies\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // One sample line once the new page has replaced the list (each study's row has one).
    await expect(page.getByRole('main').getByText(/\d+ cells? of \d+ panellists/)).toHaveCount(1);

    await page.goBack();
    await table
      .getByRole('row', { name })
      .getByRole('link', { name: /assets?$/ })
      .click();
    await expect(page).toHaveURL(/\/spotlight\/assets\?study=/);
    // One sample line once the new page has replaced the list (each study's row has one).
    await expect(page.getByRole('main').getByText(/\d+ cells? of \d+ panellists/)).toHaveCount(1);
    await expect(page.getByText(/a cell/)).toHaveCount(0);
    // The study's name there is a link to its page.
    await page.getByRole('main').getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test("the top bar's Measurements opens the measurements list", async ({ page }) => {
    await signIn(page, 'writer@northwind.test');
    await openApp(page, '/reports');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Measurements' }).click();
    await expect(page).toHaveURL(/\/measurements$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Measurements' })).toBeVisible();
  });

  test('breadcrumbs: no doubled Activations, and Purchase Orders leads to the list of them', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/activations/activations');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toHaveText(/Home\s*\/?\s*Activations$/);
    await expect(crumbs.getByText('Activations')).toHaveCount(1);

    await page.getByRole('main').getByRole('link', { name: 'New activation' }).click();
    await expect(crumbs.getByRole('link', { name: 'Activations' })).toHaveCount(1);
    await crumbs.getByRole('link', { name: 'Activations' }).click();
    await expect(page).toHaveURL(/\/activations\/activations$/);

    await openApp(page, '/billing');
    const orders = page.getByRole('region', { name: 'Purchase orders' });
    await orders.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/billing\/purchase-orders\//);
    await crumbs.getByRole('link', { name: 'Purchase Orders' }).click();
    await expect(page).toHaveURL(/\/billing$/);
  });

  test("the measurement picker writes statuses in the sidebar's words", async ({ page }) => {
    await signIn(page, 'writer@northwind.test');
    await openApp(page, '/activations/activations/create');
    await page.getByRole('combobox', { name: 'Measurement' }).click();
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    const texts = await options.allTextContents();
    const labels = Object.values(MEASUREMENT_STATUS_LABELS).join('|');
    for (const text of texts) expect(text).toMatch(new RegExp(` · (${labels})$`));
  });
});
