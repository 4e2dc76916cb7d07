import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * What a signed-in page's first load makes before it can show its data: zod schemas are the
 * largest part of it that the app controls. Each one is a few dozen closures; made all at once
 * (every endpoint's, every resource's create and update inputs) they were 2,190 on every page,
 * the longest task of a phone's first load (issue 46: Lighthouse's blocking time). A page now
 * makes its session's, the registry's rows and its own endpoints' schemas: 480–870.
 *
 * The budget fails when a change brings eager schemas back (a new endpoint area in the registry's
 * chunk, a schema built at module load for a form the page does not show). The time itself is a
 * benchmark: `npm run lighthouse:fresh`.
 */
const SCHEMA_BUDGET = 1000;

const PAGES = [
  { name: 'home', path: '/', persona: 'writer@northwind.test', shows: 'Recent measurements' },
  { name: 'activations', path: '/activations/activations', persona: 'writer@northwind.test', shows: 'Activations' },
  { name: 'admin users', path: '/admin/users', persona: 'super@lamp.test', shows: 'Users' },
  { name: 'reports', path: '/reports', persona: 'writer@northwind.test', shows: 'Reports' },
] as const;

for (const { name, path, persona, shows } of PAGES) {
  test(`the ${name} page makes at most ${SCHEMA_BUDGET} schemas on its first load`, async ({ page }) => {
    // zod calls its postProcessor hook once per schema it makes (read by zod from globalThis).
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
    await signIn(page, persona);
    await openApp(page, path);
    await expect(page.getByRole('heading', { name: shows, exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const made = await page.evaluate(() => (globalThis as { __schemasMade?: number }).__schemasMade ?? 0);
    // Zero would mean the hook no longer counts (zod renamed it): the budget would then prove nothing.
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThanOrEqual(SCHEMA_BUDGET);
  });
}
