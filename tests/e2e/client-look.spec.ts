import type { Locator } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * What a client notices on a laptop (1366 × 900, the suite's viewport) and a phone: checked by
 * geometry and text a person reads, never by pixels.
 */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

test('a self-serve home has no empty sidebar column: its page sits in the middle of the screen', async ({ page }) => {
  await signIn(page, 'selfserve@fabrikam.test');
  await openApp(page, '/');
  const links = page.getByRole('region', { name: 'Quick links' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const first = await box(links.first());
  const last = await box(links.last());
  const width = page.viewportSize()!.width;
  // A blank column on the left pushed the cards about 290 px off centre.
  expect(Math.abs(first.x - (width - (last.x + last.width)))).toBeLessThan(24);
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveCount(0);
});
