import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * Screenshots of the workspace pages at desktop and phone widths, for a person to look at. (The
 * kit's render budget is a benchmark: tests/bench/ui, `npm run bench:ui`.)
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
