import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * What a signed-in page's first load makes in the main thread before it can show its data. zod
 * schemas were the largest part of it that the app controls: each one is a few dozen closures, and
 * the pages made 480–870 of them (2,190 before that) in the longest tasks of a phone's first load
 * (issue 46: Lighthouse's blocking time). The answers are now parsed in the parse worker
 * (src/lib/parse-worker.ts), and what the pages read of the registry is plain data
 * (src/shared/resource-facts.ts), so these pages make none.
 *
 * The test fails when a change brings schemas back into the main thread (a page importing a
 * constant from a schema module, a chunk mixing plain helpers with schemas). The time itself is a
 * benchmark: `npm run lighthouse:fresh`.
 */
const PAGES = [
  { name: 'home', path: '/', persona: 'writer@northwind.test', shows: 'Recent measurements', data: 'Impressions' },
  {
    name: 'activations',
    path: '/activations/activations',
    persona: 'writer@northwind.test',
    shows: 'Activations',
    data: 'Bramble',
  },
  { name: 'admin users', path: '/admin/users', persona: 'super@lamp.test', shows: 'Users', data: 'Sasha Lindqvist' },
  { name: 'reports', path: '/reports', persona: 'writer@northwind.test', shows: 'Reports', data: 'Measurement' },
  {
    name: 'Spotlight asset',
    path: '/spotlight/assets/669300000000000000000001',
    persona: 'partner@contoso.test',
    shows: 'Alpine: Hero (Feed 4:5)',
    data: 'Areas of interest, in view order',
  },
] as const;

/** Counts the schemas zod makes in the page's main thread (zod calls its postProcessor hook once per schema). */
async function countSchemas(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = globalThis as typeof globalThis & {
      __schemasMade?: number;
      __zod_globalConfig?: { postProcessor?: () => void };
    };
    scope.__schemasMade = 0;
    (scope.__zod_globalConfig ??= {}).postProcessor = () => {
      scope.__schemasMade = (scope.__schemasMade ?? 0) + 1;
    };
  });
}

const schemasMade = (page: Page) => page.evaluate(() => (globalThis as { __schemasMade?: number }).__schemasMade ?? 0);

for (const { name, path, persona, shows, data } of PAGES) {
  test(`the ${name} page shows its data without making a schema in the main thread`, async ({ page }) => {
    await countSchemas(page);
    await signIn(page, persona);
    await openApp(page, path);
    await expect(page.getByRole('heading', { name: shows, exact: true }).first()).toBeVisible();
    // Its rows arrived, parsed (in the worker).
    await expect(page.getByRole('main').getByText(data).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await schemasMade(page)).toBe(0);
  });
}

test('a form still checks what a person types with the schemas, in the page (the count works)', async ({ page }) => {
  await countSchemas(page);
  await signIn(page, 'writer@northwind.test');
  await openApp(page, '/');
  const main = page.getByRole('main');
  await main
    .getByRole('link', { name: /^New measurement/ })
    .first()
    .click();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await main
    .getByRole('button', { name: /^Create\b/ })
    .last()
    .click();
  await expect(main.getByRole('alert').first()).toBeVisible();
  expect(await schemasMade(page)).toBeGreaterThan(0);
});
