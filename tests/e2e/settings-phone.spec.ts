import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * Spec §2: on small screens the user menu's 'Switch account' opens /settings, where the account
 * switcher is a page of its own. At 390 px: reachable from the menu, fits the width, switches.
 */
test('at 390 px, Switch account opens /settings, which fits the phone and switches the account', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/');
  await page.getByRole('button', { name: /user menu for/i }).click();
  await page.getByRole('menuitem', { name: 'Switch account' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Account' });
  await expect(switcher).toBeVisible();
  await expect(page.getByText('You are working in')).toContainText('Northwind');

  // Nothing wider than the phone: no sideways scrolling of the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await switcher.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  await page.getByRole('button', { name: 'Show accounts' }).click();
  await page.getByRole('option', { name: 'Contoso Partners' }).click();
  await expect(page.getByText('You are working in')).toContainText('Contoso Partners');
  await expect(switcher).toHaveValue('Contoso Partners');
  await page.screenshot({ path: info.outputPath('settings-390.png'), fullPage: true });
});

test('at 390 px, a user with one account is told so on /settings, not shown a disabled box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'writer@northwind.test');
  await openApp(page, '/');
  await page.getByRole('button', { name: /user menu for/i }).click();
  await page.getByRole('menuitem', { name: 'Switch account' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('You are working in')).toContainText(
    'Northwind Media, the only account you have access to',
  );
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveCount(0);
});
