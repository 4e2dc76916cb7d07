import { expect, test } from '../helpers/sandbox.ts';
import { openApp, signIn } from '../helpers/session.ts';

/**
 * Screenshots of the admin area at desktop and phone widths, for a person to look at: the landing
 * page, a list, a form and a detail page.
 */
for (const width of [1366, 390]) {
  test(`admin pages at ${width} px`, async ({ page }, info) => {
    test.slow();
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await signIn(page, 'super@lamp.test');
    const shots: [string, string][] = [
      ['home', '/admin'],
      ['list', '/admin/all-contracts'],
      ['form', '/admin/third-party-macros/create'],
    ];
    for (const [name, path] of shots) {
      await openApp(page, path);
      await expect(page.locator('main'))
        .not.toContainText('…', { timeout: 10_000 })
        .catch(() => undefined);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
    }
    await openApp(page, '/admin/all-contracts');
    await page.getByTestId('admin-list').getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: info.outputPath(`detail-${width}.png`), fullPage: true });
  });
}
