import { expect, test } from './helpers/sandbox.ts';
import { expectNoSeriousA11yViolations } from './auth-helpers.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * /users (spec §2, §6): besides the account's own users, the guests, users of other accounts who
 * hold a role here (Contoso Partners has a Northwind admin and a Trey Research user as readers).
 * At 390 px both tables fit the phone: no sideways scrolling, the e-mail under the name.
 * Read only: nobody's access is changed here (other tests sign in as these guests).
 */
test('an admin sees the guests from other accounts, and /users fits a 390 px phone', async ({ page }, info) => {
  await signIn(page, 'partner@contoso.test');
  await openApp(page, '/users');
  const guests = page.getByRole('table', { name: 'Guests of Contoso Partners' });
  const amara = guests.getByRole('row').filter({ hasText: 'Amara Okafor' });
  await expect(amara).toContainText('admin@northwind.test');
  await expect(amara.getByRole('cell', { name: 'Read', exact: true })).toBeVisible();
  await expect(guests.getByRole('row').filter({ hasText: 'Sophia Okoye' })).toBeVisible();
  await expect(amara.getByRole('button', { name: 'Change role of Amara Okafor' })).toBeVisible();
  await expect(amara.getByRole('button', { name: 'Remove Amara Okafor' })).toBeVisible();
  // A guest is nobody's own user here: the account's list does not hold them.
  await expect(page.getByRole('table').first().getByText('admin@northwind.test')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'main');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(amara).toContainText('admin@northwind.test');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const table of await page.getByRole('table').all()) {
    const box = await table.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await page.screenshot({ path: info.outputPath('users-390.png') });
  await guests.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('guests-390.png') });
});
