import { expect, test } from './helpers/sandbox.ts';
import { TAGLINE } from '../../src/shared/constants.ts';

test('the login page shows the product, its tagline and contact details', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(/LAMP$/);
  await expect(page.getByText(TAGLINE)).toBeVisible();
  await expect(page.locator('address')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
});

test('the documentation page explains the metrics', async ({ page }) => {
  await page.goto('/documentation');
  await expect(page).toHaveTitle('Documentation | LAMP');
  await expect(page.getByRole('heading', { name: 'Metrics' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /^APM$/ })).toBeVisible();
});

test('an unknown app path renders the app and its not-found route', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | LAMP');
  // Home needs a session: a signed-out visitor is sent to sign in, keeping the path.
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
});

test('a missing asset gets the static 404 page', async ({ page }) => {
  const response = await page.goto('/_astro/missing.js');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
