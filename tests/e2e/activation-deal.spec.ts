/**
 * Northwind's deals as a trader reads them (issue 47, "Deals that undercut the pitch"): the book
 * has deals at work, paused, in draft and ended; an active high-attention deal's page shows its
 * minimum APM, links to its domain list and shows what it delivered; and on Domain lists the
 * "Used by" column shows an ended deal's "(ended)" whole, however long the deal's name.
 */
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const WRITER = 'writer@northwind.test';

test.describe('a deal as a trader reads it', () => {
  test.describe.configure({ timeout: 60_000 });

  test("the book holds every state, and an active deal's page shows its minimum, its list and its delivery", async ({
    page,
  }) => {
    await signIn(page, WRITER);
    await openApp(page, '/activations/activations');
    const table = page.getByRole('table');
    for (const status of ['Active', 'Paused', 'Draft', 'Ended'])
      await expect(table.getByText(status, { exact: true }).first()).toBeVisible();

    // The first active high-attention deal, opened by its name.
    const active = table.getByRole('row').filter({ hasText: 'Active' }).filter({ hasText: 'high-attention' }).first();
    const link = active.getByRole('link', { name: /high-attention/ }).first();
    const name = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    const drawsOn = page.getByRole('region', { name: 'What it draws on' });
    const minimum = drawsOn.getByText('Minimum APM', { exact: true }).locator('xpath=following-sibling::dd');
    await expect(minimum).toHaveText(/^\d[\d,]*$/);
    await expect(drawsOn).not.toContainText('low-attention');

    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByRole('term').filter({ hasText: /^Impressions$/ })).toBeVisible();
    await expect(delivery.getByRole('term').filter({ hasText: /^Domains reached$/ })).toBeVisible();
    await expect(delivery.getByRole('table').getByRole('row')).not.toHaveCount(0);

    const list = page.getByRole('link', { name: /allow list/ });
    const listName = (await list.textContent())!.replace(/ \(\d[\d,]*\)$/, '').trim();
    await list.click();
    await expect(page.getByRole('heading', { name: 'Domain lists', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: listName }).first()).toBeVisible();
  });

  test('"Used by" shows an ended deal\'s "(ended)" whole beside a long name', async ({ page }) => {
    await signIn(page, WRITER);
    await openApp(page, '/activations/domain-lists');
    const ended = page.getByRole('table').getByText('(ended)', { exact: true }).first();
    await expect(ended).toBeVisible();
    // Within its cell's line, not clipped behind the name's ellipsis.
    const clipped = await ended.evaluate((el) => {
      const line = el.closest('li')!.getBoundingClientRect();
      const own = el.getBoundingClientRect();
      return own.right > line.right + 0.5 || own.width === 0;
    });
    expect(clipped).toBe(false);
  });
});
