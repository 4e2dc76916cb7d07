import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * Spec §7: users sort by first name, then last name, in either direction, in every list of users
 * (the workspace's /users, the admin area's users). Northwind has several users who share a first
 * name (two Chloes, two Freyas, two Georges…): their last names decide. Read only.
 */
async function namesShown(page: Page): Promise<string[]> {
  const table = page.getByRole('table').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The name is the cell's first line (a phone shows the e-mail under it).
  return (await table.getByRole('row').locator('td:first-child').allInnerTexts()).map((text) =>
    text.split('\n')[0]!.trim(),
  );
}

function expectByFirstThenLast(names: string[], direction: 'asc' | 'desc') {
  const key = (name: string) => {
    const [first, ...rest] = name.split(' ');
    return [first!.toLowerCase(), rest.join(' ').toLowerCase()] as const;
  };
  const sorted = [...names].sort((a, b) => {
    const [fa, la] = key(a);
    const [fb, lb] = key(b);
    const order = fa.localeCompare(fb) || la.localeCompare(lb);
    return direction === 'asc' ? order : -order;
  });
  expect(names).toEqual(sorted);
  // The fixture's shared first names are in the page, so the tie-break is what is tested.
  const firsts = names.map((name) => key(name)[0]);
  expect(new Set(firsts).size).toBeLessThan(firsts.length);
}

for (const path of ['/users', '/admin/users']) {
  test(`${path} sorts people by first name then last name, both ways`, async ({ page }) => {
    await signIn(page, path === '/users' ? 'admin@northwind.test' : 'super@lamp.test');
    await openApp(page, path);
    if (path === '/admin/users') {
      await typeInto(page.getByRole('combobox', { name: 'Account' }), 'Northw');
      await page.getByRole('option', { name: 'Northwind Media' }).click();
      await expect(page.getByRole('table').first()).toContainText('Chloe Wilson');
    }
    // The first table: /users also lists guests below, under their own Name header.
    const nameHeader = page.getByRole('table').first().getByRole('columnheader', { name: /^Name/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expectByFirstThenLast(await namesShown(page), 'asc');

    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(async () => expectByFirstThenLast(await namesShown(page), 'desc')).toPass();
  });
}
