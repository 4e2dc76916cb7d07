import type { Page } from '@playwright/test';
import { expect, test } from '../../e2e/helpers/sandbox.ts';
import { openApp, signIn } from '../../e2e/helpers/session.ts';

/**
 * `npm run bench:ui` (budgets): the kit's list with 25 and with 1,000 rows.
 *
 * - Render: from the page's data arriving (the `kit:data:{resource}` mark useResourceList sets) to
 *   the first rows committed (DataTable's `kit:render:{resource}` measure), and to the last of a
 *   long page's rows committed (`kit:render-all:{resource}`). Budget: 25 rows in 100 ms.
 * - Interaction on 1,000 rows: from a click on a row's checkbox to the next frame with it ticked.
 *
 * The 1,000 rows are the account's real label categories, copied with new ids, served in place of
 * the list's answer (the kit's page sizes stop at 100; this is the stress case). Figures are
 * printed, not asserted against the budget: a loaded machine must not fail a suite.
 */
const RUNS = 5;

/** Per run: data → first rows committed, and data → every row in the table (long pages add theirs in chunks). */
async function renderTimes(page: Page, path: string): Promise<{ first: number[]; all: number[] }> {
  const first: number[] = [];
  const all: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.evaluate(() => performance.clearMeasures()).catch(() => undefined);
    await openApp(page, path);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const measures = await page.waitForFunction(() => {
      const at = (name: string) => performance.getEntriesByName(name, 'measure').at(-1)?.duration;
      const [shown, complete] = [at('kit:render:label-category'), at('kit:render-all:label-category')];
      return shown !== undefined && complete !== undefined ? [shown, complete] : null;
    });
    const [shown, complete] = (await measures.jsonValue()) as [number, number];
    first.push(shown);
    all.push(complete);
  }
  return { first, all };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

test('the kit list: data to rendered rows with 25 and 1,000 rows, and a selection on 1,000', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@northwind.test');

  const with25 = await renderTimes(page, '/labels');
  const rows25 = await page.getByRole('row').count();

  await page.route(/\/api\/v1\/label-category\?/, async (route) => {
    if (new URL(route.request().url()).searchParams.has('id')) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown>[] };
    const template = body.data[0];
    if (!template) return route.fulfill({ response });
    const data = Array.from({ length: 1000 }, (_, index) => ({
      ...template,
      id: `c${index.toString(16).padStart(23, '0')}`,
      name: `Category ${String(index).padStart(4, '0')}`,
    }));
    await route.fulfill({ response, json: { ...body, data, count: 1000 } });
  });
  const with1000 = await renderTimes(page, '/labels?size=100');
  const rows1000 = await page.getByRole('row').count();

  const select: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const box = page.getByRole('checkbox', { name: `Select Category ${String(500 + run).padStart(4, '0')}` });
    await box.scrollIntoViewIfNeeded();
    const handle = await box.elementHandle();
    select.push(
      await page.evaluate(async (element) => {
        const start = performance.now();
        (element as HTMLElement).click();
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
        return performance.now() - start;
      }, handle),
    );
    await expect(box).toBeChecked();
  }

  const report = [
    `kit list, a 25-row page (${rows25 - 1} rows drawn: the account has no more): data → rendered, median ${ms(median(with25.all))} of ${with25.all.map(ms).join(', ')} (budget 100 ms)`,
    `kit list, 1,000 rows: data → first rows on screen, median ${ms(median(with1000.first))} of ${with1000.first.map(ms).join(', ')}`,
    `kit list, 1,000 rows (${rows1000 - 1} drawn): data → all rows in the table, median ${ms(median(with1000.all))} of ${with1000.all.map(ms).join(', ')}`,
    `kit list, 1,000 rows: select a row → next frame, median ${ms(median(select))} of ${select.map(ms).join(', ')}`,
  ];
  console.log(report.join('\n'));
  expect(rows1000 - 1).toBeGreaterThanOrEqual(1000);
});
