import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../helpers/sandbox.ts';
import { ADMIN_SECTIONS, paths } from '../../../src/app/routes/index.ts';
import { messages } from '../../../src/shared/messages.ts';
import { LOOKUP_TABLE_TITLES, lookupTableName } from '../../../src/shared/lookup-tables.ts';
import { inUseMessage, usesText, type ReferenceUse } from '../../../src/shared/reference-usage.ts';
import { openApp, signIn } from '../helpers/session.ts';
import { ACCOUNT_RECIPES } from './recipes-account.ts';
import { GLOBAL_RECIPES } from './recipes-global.ts';
import type { AdminRecipe } from './recipe.ts';

/**
 * The admin area, generated from the route table (ADMIN_SECTIONS): for every section, as super,
 * the list loads rows from the API, then create, edit and delete where its recipe says. A section
 * added without a recipe fails here.
 */
const RECIPES: Record<string, AdminRecipe> = { ...ACCOUNT_RECIPES, ...GLOBAL_RECIPES };
const SUPER = 'super@lamp.test';

test('every admin section of the route table has a recipe', () => {
  const missing = ADMIN_SECTIONS.map((section) => section.id).filter((id) => !RECIPES[id]);
  expect(missing, 'add a recipe in tests/e2e/admin/recipes-*.ts').toEqual([]);
  // And no recipe for a section that is gone.
  expect(Object.keys(RECIPES).filter((id) => !ADMIN_SECTIONS.some((s) => s.id === id))).toEqual([]);
});

for (const section of ADMIN_SECTIONS) {
  test(`admin section ${section.id}: list${section.create ? ', create, edit and delete' : ''} as super`, async ({
    page,
  }) => {
    test.slow();
    const recipe = RECIPES[section.id];
    expect(recipe, `no recipe for ${section.id}`).toBeDefined();
    if (!recipe) return;
    await signIn(page, SUPER);
    await openApp(page, paths.adminSection(section.id));
    await expect(page).toHaveTitle(new RegExp(`^${section.title} \\| Admin`));
    await expect(page.locator('[data-access-error]')).toHaveCount(0);
    await recipe.listLoaded(page);
    if (!recipe.create) return;
    const unique = `E2E ${section.id} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // Back to the bare list if the list step left it or filtered it (asking for the page shown reloads it).
    const here = new URL(page.url());
    if (here.pathname !== paths.adminSection(section.id) || here.search)
      await openApp(page, paths.adminSection(section.id));
    await recipe.create(page, unique);
    if (recipe.edit) await recipe.edit(page, unique);
    if (recipe.remove) await recipe.remove(page, recipe.edit ? `${unique} edited` : unique);
  });
}

test('a lookup that measurements use: the dialog gives the counts, and the server refuses the delete', async ({
  page,
}) => {
  await signIn(page, SUPER);
  // The first advertising channel the demo data uses (read, never changed: the delete is refused).
  const channels = (await (await page.request.get('/api/v1/advertising-channel?limit=50')).json()) as {
    data: { id: string; name: string }[];
  };
  let target: { id: string; name: string; uses: ReferenceUse[] } | undefined;
  for (const row of channels.data) {
    const usage = await page.request.get(`/api/v1/row-usage?resource=advertising-channel&id=${row.id}`);
    const { uses } = ((await usage.json()) as { data: { uses: ReferenceUse[] } }).data;
    if (uses.length > 0) {
      target = { ...row, uses };
      break;
    }
  }
  if (!target) throw new Error('the demo data should use an advertising channel');
  await openApp(page, paths.adminLookup(lookupTableName(LOOKUP_TABLE_TITLES['advertising-channel']), target.id));
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${target.name} is used by ${usesText(target.uses)}, so it cannot be deleted`);
  // The dialog only explains: its Delete is off, and the server refuses the delete all the same.
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const refused = await page.request.delete(`/api/v1/advertising-channel?id=${target.id}`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    inUseMessage('advertising-channel', target.uses),
  );
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
});

const SUPER_SECTIONS = ADMIN_SECTIONS.filter((s) => s.access.permission === 'admin.super').map((s) => s.id);
const ROOT_SECTIONS = ADMIN_SECTIONS.filter((s) => s.access.permission === 'admin.root').map((s) => s.id);

test.describe('who may open the admin area (spec §5, §6)', () => {
  test('root without super opens /admin and the root sections, and is refused on the super ones', async ({ page }) => {
    test.slow();
    await signIn(page, 'root@lamp.test');
    await openApp(page, paths.admin());
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    // The landing page and the sidebar offer exactly the sections root may open.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const id of SUPER_SECTIONS) {
      const title = ADMIN_SECTIONS.find((s) => s.id === id)?.title as string;
      await expect(page.getByRole('main').getByRole('link', { name: title })).toHaveCount(0);
      await expect(sidebar.getByRole('link', { name: title, exact: true })).toHaveCount(0);
    }
    await expect(sidebar.getByRole('heading', { name: 'Global Admin Menu' })).toBeVisible();
    for (const id of SUPER_SECTIONS) {
      await openApp(page, paths.adminSection(id));
      await expect(page.locator('[data-access-error]'), id).toHaveAttribute('data-access-error', 'account');
      await expect(page.getByText(messages.access.accountError)).toBeVisible();
    }
    for (const id of ['accounts', 'all-contracts', 'import-job-statuses']) {
      await openApp(page, paths.adminSection(id));
      await expect(page.locator('[data-access-error]'), id).toHaveCount(0);
      await expect(page.getByTestId('admin-list').getByRole('row').nth(1)).toBeVisible();
    }
    expect(ROOT_SECTIONS.length).toBeGreaterThan(0);
  });

  test('an account admin of a client account is refused on /admin with the account access error', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    for (const path of [paths.admin(), paths.adminSection('accounts'), paths.adminSection('lookup-tables')]) {
      await openApp(page, path);
      // decisions.md §3: their own account is not a product owner, so it is the account that lacks access.
      await expect(page.locator('[data-access-error]'), path).toHaveAttribute('data-access-error', 'user');
      await expect(page.getByText(messages.access.userError)).toBeVisible();
      await expect(page).toHaveTitle(`${messages.titles.userError} | LAMP`);
    }
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('super opens every section, and sees the super ones in the Global Admin Menu', async ({ page }) => {
    await signIn(page, SUPER);
    await openApp(page, paths.admin());
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const section of ADMIN_SECTIONS)
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${section.title}`) })).toBeVisible();
    for (const id of SUPER_SECTIONS) {
      const title = ADMIN_SECTIONS.find((s) => s.id === id)?.title as string;
      await expect(sidebar.getByRole('link', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('admin-account-name')).toHaveText('Lamp HQ');
  });
});

test.describe('accessibility of the admin pages (axe)', () => {
  for (const [kind, path] of [
    ['list', paths.adminSection('projects')],
    ['form', paths.adminCreate('third-party-macros')],
    ['landing', paths.admin()],
  ] as const) {
    test(`no serious violation on a ${kind}`, async ({ page }) => {
      await signIn(page, SUPER);
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('no serious violation on a detail page', async ({ page }) => {
    await signIn(page, SUPER);
    await openApp(page, paths.adminSection('all-contracts'));
    await page.getByTestId('admin-list').getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('form', { name: /^Edit / })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const result = await new AxeBuilder({ page }).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
