import { expect, test } from '@playwright/test';
import { openApp, signIn } from './helpers/session.ts';

/**
 * Screenshots of the workspace pages at desktop and phone widths (for a person to look at), and the
 * kit's render budget: a 25-row page must be on screen within 100 ms of its data arriving (the
 * DataTable's Profiler measures from the list's data mark to its commit).
 */
for (const width of [1366, 390]) {
  test(`workspace pages at ${width} px`, async ({ page }, info) => {
    test.slow();
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await signIn(page, 'admin@northwind.test');
    for (const path of ['/labels', '/users', '/billing']) {
      await openApp(page, path);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await page.screenshot({ path: info.outputPath(`${path.slice(1)}-${width}.png`), fullPage: true });
    }
  });
}

test('a 25-row list renders within 100 ms of its data arriving', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/users?size=25');
  await expect(page.getByRole('row')).toHaveCount(26);
  const measures = await page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((m) => m.name.startsWith('kit:render:'))
      .map((m) => m.duration),
  );
  console.warn(`kit render after data (ms): ${measures.map((d) => d.toFixed(1)).join(', ')}`);
  expect(measures.length).toBeGreaterThan(0);
  expect(Math.max(...measures)).toBeLessThan(100);
});
