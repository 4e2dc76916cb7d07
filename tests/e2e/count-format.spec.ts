import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * Counts read one way (issue 47 item 7c): a figure in a card or on an axis is compact from 100,000
 * with one suffix style ('30.1M', never '30.1m'), and one axis reads in one format at round steps
 * ('50K, 100K, 150K', never '62,500 / 125K / 187.5K').
 */
const COMPACT_OR_EXACT = /^(\d{1,3}(,\d{3})*|\d+(\.\d)?[KMB])$/;

test('Home writes impressions as the dashboards do: compact with a capital suffix', async ({ page }) => {
  await signIn(page, 'writer@northwind.test');
  await openApp(page, '/');
  const recent = page.getByRole('main').getByRole('list').filter({ hasText: 'Impressions' }).first();
  const figures = recent.locator('dt', { hasText: 'Impressions' }).locator('xpath=following-sibling::dd[1]');
  await expect(figures.first()).toBeVisible();
  const texts = await figures.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text.trim()).toMatch(COMPACT_OR_EXACT);
});

test("dashboards' line charts label their count axes at round steps, all in one format", async ({ page }) => {
  await signIn(page, 'writer@northwind.test');
  const answer = await page.request.get('/api/v1/measurement?limit=100');
  const { data } = (await answer.json()) as { data: { id: string; status: string; impressions: number | null }[] };
  // Several measurements, so that axes of different heights are read (25K, 250K, 2.5M…).
  const live = data.filter((m) => m.status === 'live' && (m.impressions ?? 0) > 100_000).slice(0, 6);
  expect(live.length).toBeGreaterThan(2);
  const value = (t: string) => Number(t.replace(/,/g, '').replace(/K$/, 'e3').replace(/M$/, 'e6').replace(/B$/, 'e9'));
  for (const measurement of live) {
    await openApp(page, `/measurements/${measurement.id}`);
    const chart = page
      .locator('figure')
      .filter({ has: page.locator('svg') })
      .first();
    await chart.scrollIntoViewIfNeeded();
    // The left axis: the text anchored at its end, left of the plot.
    const left = chart.locator('svg text[text-anchor="end"]');
    await expect(left.first()).toBeVisible();
    const labels = (await left.allTextContents()).map((t) => t.trim());
    expect(labels.length).toBeGreaterThanOrEqual(3);
    const compact = labels.filter((t) => /[KMB]$/.test(t));
    // One format: either every non-zero tick is compact or none is.
    expect(compact.length === 0 || compact.length === labels.filter((t) => t !== '0').length, labels.join(' / ')).toBe(
      true,
    );
    // Round steps: 1, 2, 2.5 or 5 times a power of ten (50K, 100K, 150K …), never 62,500.
    const step = value(labels[1] as string) - value(labels[0] as string);
    const mantissa = step / 10 ** Math.floor(Math.log10(step));
    expect([1, 2, 2.5, 5], labels.join(' / ')).toContain(Number(mantissa.toFixed(6)));
  }
});
