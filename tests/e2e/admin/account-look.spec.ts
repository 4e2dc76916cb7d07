import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/sandbox.ts';
import { openApp, signIn } from '../helpers/session.ts';
import { createAccount, inviteUser, selectAccount, unique } from './account-helpers.ts';

/**
 * The admin account sections at desktop and phone widths: screenshots for a person to look at,
 * and axe on each page (no serious or critical violation), in an account of the test's own.
 */
async function noSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

for (const width of [1366, 390]) {
  test(`admin account sections at ${width} px`, async ({ page }, info) => {
    test.slow();
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await signIn(page, 'super@lamp.test');
    const accountId = await createAccount(page.request, unique('Look account'));
    const people = [
      await inviteUser(page.request, accountId, 'look-a', 'admin'),
      await inviteUser(page.request, accountId, 'look-b', 'write'),
    ];
    await page.request.post('/api/v1/account-users/grant', {
      data: { user: people[1]?.id, account: '650000000000000000000003', role: 'read' },
    });
    for (const [type, source_name, clean_name] of [
      ['placement', 'HP_TAKEOVER_DT_1x1', 'Homepage takeover'],
      ['creative', 'v2_final_FINAL.mp4', 'Hero film 30s'],
    ])
      await page.request.post('/api/v1/name-mapping', {
        data: { account: accountId, type, source_name, clean_name, target: null },
      });
    await selectAccount(page, accountId);
    const shot = (name: string) => page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });

    await openApp(page, '/admin/details');
    await expect(page.getByRole('textbox', { name: 'Name' })).not.toHaveValue('');
    await noSeriousViolations(page, 'details');
    await shot('details');

    await openApp(page, '/admin/users');
    await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('Quinn');
    await noSeriousViolations(page, 'users');
    await shot('users');

    await openApp(page, `/admin/users/${people[1]?.id ?? ''}`);
    await expect(page.getByRole('table', { name: /Grants of/ })).toContainText('Northwind Media');
    await noSeriousViolations(page, 'user');
    await shot('user');

    await openApp(page, '/admin/users/create');
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
    await shot('user-create');

    await openApp(page, '/admin/users/bulk-create');
    await page
      .getByLabel('Or paste rows')
      .fill('first name,last name,email,role\nAda,Lovelace,ada@example.com,write\nAlan,Turing,not-an-email,owner');
    await expect(page.getByTestId('bulk-row')).toHaveCount(2);
    await noSeriousViolations(page, 'bulk-create');
    await shot('bulk-create');
    await page.getByLabel('Or paste rows').fill('');

    await openApp(page, '/admin/access');
    await expect(page.getByTestId('grant-row')).toHaveCount(2);
    await noSeriousViolations(page, 'access');
    await shot('access');

    await openApp(page, '/admin/name-mapping');
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
    await noSeriousViolations(page, 'name-mapping');
    await shot('name-mapping');
    await page.getByRole('button', { name: 'Create mapping' }).click();
    await expect(page.getByRole('dialog', { name: 'Create mapping' })).toBeVisible();
    await shot('name-mapping-dialog');
  });
}
