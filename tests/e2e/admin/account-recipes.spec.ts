/**
 * Runs the account sections' recipes (recipes-account.ts) the way the generated admin test does,
 * as super on the default selected account: so the recipes are known to work on their own.
 */
import { expect, test } from '../helpers/sandbox.ts';
import { paths } from '../../../src/app/routes/index.ts';
import { openApp, signIn } from '../helpers/session.ts';
import { ACCOUNT_RECIPES } from './recipes-account.ts';

for (const [id, recipe] of Object.entries(ACCOUNT_RECIPES)) {
  test(`account recipe ${id}`, async ({ page }) => {
    test.slow();
    await signIn(page, 'super@lamp.test');
    await openApp(page, paths.adminSection(id));
    await expect(page.locator('[data-access-error]')).toHaveCount(0);
    await recipe.listLoaded(page);
    if (!recipe.create) return;
    const unique = `E2E ${id} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await openApp(page, paths.adminSection(id));
    await recipe.create(page, unique);
    if (recipe.edit) await recipe.edit(page, unique);
    if (recipe.remove) await recipe.remove(page, recipe.edit ? `${unique} edited` : unique);
  });
}
