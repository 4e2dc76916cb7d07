import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * Screenshot baselines of the shell at desktop and phone width, and an axe scan of it.
 * Baselines live next to this file (shell-visual.spec.ts-snapshots); refresh them with
 * `npx playwright test tests/e2e/shell-visual.spec.ts --update-snapshots` after a deliberate change.
 */
const PHONE = { width: 390, height: 844 };

async function settle(page: Page) {
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

const SCREENS = [
  // Contoso's data is only read by other tests, so its home page (recent measurements) is stable.
  { name: 'home-partner', email: 'partner@contoso.test', path: '/' },
  { name: 'admin-area-super', email: 'super@lamp.test', path: '/admin/details' },
  { name: 'access-error-reader', email: 'reader@northwind.test', path: '/billing' },
  { name: 'banner-tailspin', email: 'admin@tailspin.test', path: '/reports' },
];

for (const screen of SCREENS) {
  for (const [viewport, size] of [
    ['desktop', null],
    ['phone', PHONE],
  ] as const) {
    test(`${screen.name} looks right on ${viewport}`, async ({ page }) => {
      if (size) await page.setViewportSize(size);
      await signIn(page, screen.email);
      await openApp(page, screen.path);
      await settle(page);
      await expect(page).toHaveScreenshot(`${screen.name}-${viewport}.png`, {
        maxDiffPixelRatio: 0.01,
        animations: 'disabled',
      });
    });
  }
}

test('the search modal and the user menu look right', async ({ page }) => {
  await signIn(page, 'super@lamp.test');
  await openApp(page, '/');
  await settle(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveScreenshot('search-empty.png', { maxDiffPixelRatio: 0.01 });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /user menu for/i }).click();
  await expect(page.getByRole('menu')).toHaveScreenshot('user-menu.png', { maxDiffPixelRatio: 0.01 });
});

const AXE_PAGES = [
  { email: 'admin@northwind.test', path: '/' },
  { email: 'super@lamp.test', path: '/admin/details' },
  { email: 'reader@northwind.test', path: '/billing' },
  { email: 'admin@tailspin.test', path: '/reports/saved' },
];

for (const { email, path } of AXE_PAGES) {
  test(`axe finds no serious or critical violation on ${path} for ${email}`, async ({ page }) => {
    await signIn(page, email);
    await openApp(page, path);
    await settle(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  });
}

test('axe finds no serious violation with the search modal and the phone menu open', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/');
  await settle(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByPlaceholder('Search website...')).toBeFocused();
  results = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
});
