import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { savedReportBody } from '../helpers/bodies.ts';

/**
 * Every main list is drawn by the kit's ListView, which must fit a laptop: at 1280 and 1440 px no
 * header, cell button or table is cut (the table fits its card, each header and action shows its
 * whole text), and on a 390 px phone the table scrolls sideways inside its card, never the page.
 */
interface List {
  email: string;
  path: string;
  heading: string;
  /** Rows a person may have made before: they must fit too. */
  arrange?: (page: Page) => Promise<void>;
}

/** A saved report named by one long word, as file-like names are: the name column must not push the table out. */
async function longNamedReport(page: Page) {
  const name = `NorthwindQ4ChristmasCTVWeeklyClientUpdate${Date.now().toString(36)}`;
  const response = await page.request.post('/api/v1/saved-report', {
    data: savedReportBody(name, ACCOUNT_IDS.northwind),
  });
  expect(response.status()).toBe(201);
}

const LISTS: readonly List[] = [
  { email: 'admin@northwind.test', path: '/measurements', heading: 'Measurements' },
  { email: 'admin@northwind.test', path: '/activations/activations', heading: 'Activations' },
  { email: 'admin@northwind.test', path: '/activations/domain-lists', heading: 'Domain lists' },
  { email: 'admin@northwind.test', path: '/reports/saved', heading: 'Saved Reports', arrange: longNamedReport },
  { email: 'admin@northwind.test', path: '/users', heading: 'Users' },
  { email: 'admin@northwind.test', path: '/labels', heading: 'Labels' },
  { email: 'admin@northwind.test', path: '/billing', heading: 'Billing' },
  { email: 'root@lamp.test', path: '/admin/accounts', heading: 'Accounts' },
  { email: 'root@lamp.test', path: '/admin/all-contracts', heading: 'All Contracts' },
  { email: 'root@lamp.test', path: '/admin/users', heading: 'Users' },
  { email: 'root@lamp.test', path: '/admin/import-job-statuses', heading: 'Import Job Statuses' },
  { email: 'partner@contoso.test', path: '/spotlight/studies', heading: 'Studies' },
  { email: 'partner@contoso.test', path: '/spotlight/assets', heading: 'Assets' },
];

/** What is cut in the page's tables: a table wider than its card, or a header or button wider than itself. */
function cutParts(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const table of document.querySelectorAll('main table')) {
      const card = table.parentElement as HTMLElement;
      if (table.scrollWidth > card.clientWidth + 1) cut.push(`table ${table.scrollWidth} > card ${card.clientWidth}`);
      for (const part of table.querySelectorAll<HTMLElement>('th, button, a')) {
        if (part.scrollWidth > part.clientWidth + 1 && part.clientWidth > 0)
          cut.push(`${part.tagName} '${part.textContent?.trim()}' ${part.scrollWidth} > ${part.clientWidth}`);
      }
    }
    return cut;
  });
}

for (const { email, path, heading, arrange } of LISTS) {
  test(`${path} fits 1280 and 1440 px without cutting, and scrolls inside its card at 390 px`, async ({ page }) => {
    await signIn(page, email);
    await arrange?.(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => cutParts(page), { message: `${path} at ${width} px` }).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    for (const table of await page.locator('main table').all()) {
      const scroller = await table.evaluate((t) => getComputedStyle(t.parentElement as HTMLElement).overflowX);
      expect(['auto', 'scroll']).toContain(scroller);
    }
  });
}

test("at 1440 px a row's actions sit on one line when the table has room, so rows are not twice as tall", async ({
  page,
}) => {
  await signIn(page, 'admin@northwind.test');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, '/reports/saved');
  const row = page.getByRole('row', { name: /Board pack – attention/ });
  const rename = await row.getByRole('button', { name: /^Rename / }).boundingBox();
  const remove = await row.getByRole('button', { name: /^Delete / }).boundingBox();
  expect(rename && remove && Math.abs(rename.y - remove.y)).toBeLessThan(4);
});
