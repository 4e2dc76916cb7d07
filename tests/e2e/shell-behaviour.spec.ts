import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { SIDEBAR_DEFAULT_WIDTH, SIDEBAR_MAX_WIDTH } from '../../src/shared/constants.ts';
import { clickAway, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Account' });

/** The switcher as a person uses it: part of the account's name typed, its option clicked. */
async function switchTo(page: Page, name: string) {
  await typeInto(switcher(page), name.slice(0, 5));
  await page.getByRole('option', { name }).click();
}

test.describe('signed out', () => {
  test('a visitor to an app path is sent to sign in, keeping the path', async ({ page }) => {
    await page.goto('/reports/saved?account=x');
    await expect(page).toHaveURL(/\/login\?next=%2Freports%2Fsaved%3Faccount%3Dx$/);
  });

  test('signing out ends the session and the app follows', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    await page.getByRole('button', { name: /user menu for/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await page.request.get('/api/v1/current-user')).status()).toBe(401);
  });

  test('a 401 from any call signs the app out', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    // The session ends behind the app's back; the app's next call notices: a navigation's
    // revalidation, or a background refresh that may come first (then there is no link to click).
    await page.request.get('/api/v1/unauth');
    await page
      .getByRole('link', { name: 'Reports', exact: true })
      .first()
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/login\?next=%2F(reports)?$/);
  });
});

test.describe('account switching', () => {
  test('switching shows the loading view, is kept across reloads, and themes the shell', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/');
    await expect(switcher(page)).toHaveValue('Northwind Media');
    // Typed and left without a pick: the box gives back the account, nothing switches.
    await typeInto(switcher(page), 'Conto');
    await clickAway(page);
    await expect(switcher(page)).toHaveValue('Northwind Media');
    // The loading view lasts 500 ms: watch for it from before the switch.
    const loading = page.getByTestId('loading-view').waitFor({ state: 'attached' });
    await switchTo(page, 'Contoso Partners');
    await loading;
    await expect(page.getByTestId('loading-view')).toHaveCount(0);
    await expect(switcher(page)).toHaveValue('Contoso Partners');
    const primary = await page.evaluate(() => document.documentElement.style.getPropertyValue('--lamp-primary'));
    expect(primary).not.toBe('');
    await page.reload();
    await expect(switcher(page)).toHaveValue('Contoso Partners');
  });

  test('the switcher is disabled on create, dynamic-route and upload pages', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/measurements/create');
    await expect(switcher(page)).toBeDisabled();
    await openApp(page, '/reports');
    await expect(switcher(page)).toBeEnabled();
  });

  test('the upload templates list is no upload page: its switcher still switches', async ({ page }) => {
    await signIn(page, 'super@lamp.test');
    await openApp(page, '/admin/upload-templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Templates' })).toBeVisible();
    await expect(switcher(page)).toBeEnabled();
    await switchTo(page, 'Northwind Media');
    await expect(switcher(page)).toHaveValue('Northwind Media');
  });

  test('on report pages a switch rewrites the query', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(
      page,
      `/reports?account=${ACCOUNT_IDS.northwind}&startDate=2026-01-01&endDate=2026-03-31&measured=true&measurement=abc`,
    );
    await switchTo(page, 'Contoso Partners');
    // The report builder then writes its own defaults (grouping, metrics) into the query as well.
    await expect(page).toHaveURL(new RegExp(`/reports\\?account=${ACCOUNT_IDS.contoso}&`));
    const query = new URL(page.url()).searchParams;
    expect([query.get('startDate'), query.get('endDate'), query.get('measured')]).toEqual([
      '2026-01-01',
      '2026-03-31',
      'true',
    ]);
    expect(query.has('measurement')).toBe(false);
  });

  test('a page whose account query names another account moves the switcher there', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, `/reports?account=${ACCOUNT_IDS.contoso}`);
    await expect(switcher(page)).toHaveValue('Contoso Partners');
  });

  test('non-root users see Spotlight in their own account', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/');
    await switchTo(page, 'Contoso Partners');
    await expect(switcher(page)).toHaveValue('Contoso Partners');
    await openApp(page, '/spotlight');
    await expect(switcher(page)).toHaveValue('Northwind Media');
    await expect(switcher(page)).toBeDisabled();
  });

  test('a record that cannot be loaded raises an error alert, which closes itself', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/measurements/ffffffffffffffffffffffff');
    const alert = page.getByRole('alert').filter({ hasText: /measurement|not found/i });
    await expect(alert).toBeVisible();
    // Alerts sit at the bottom-left.
    const box = await alert.boundingBox();
    expect(box!.x).toBeLessThan(40);
    expect(box!.y).toBeGreaterThan(600);
    await expect(alert).toHaveCount(0, { timeout: 8000 });
  });
});

test.describe('sidebar', () => {
  test('resizes by dragging and from the keyboard, collapses, and keeps its width', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-width', String(SIDEBAR_DEFAULT_WIDTH));
    const handle = page.getByTestId('sidebar-handle');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + 200, { steps: 5 });
    await page.mouse.up();
    await expect(sidebar).toHaveAttribute('data-width', String(SIDEBAR_DEFAULT_WIDTH + 80));
    await handle.focus();
    await page.keyboard.press('End');
    await expect(sidebar).toHaveAttribute('data-width', String(SIDEBAR_MAX_WIDTH));
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-width', String(SIDEBAR_MAX_WIDTH));
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-width', '0');
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-width', String(SIDEBAR_MAX_WIDTH));
  });

  test('shows Return to Measurement with a back query and Saved Reports on report pages', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/reports?back=ffffffffffffffffffffffff');
    const aside = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(aside.getByRole('link', { name: messages.shell.returnToMeasurement })).toHaveAttribute(
      'href',
      '/measurements/ffffffffffffffffffffffff',
    );
    await expect(aside.getByRole('link', { name: messages.shell.savedReports })).toBeVisible();
    await aside.getByRole('link', { name: messages.shell.savedReports }).click();
    await expect(aside.getByRole('link', { name: messages.shell.backToMainReports })).toBeVisible();
  });
});

test.describe('global search', () => {
  test('opens with Ctrl+K, focuses the box, finds, opens a result and remembers it', async ({ page }) => {
    await signIn(page, 'super@lamp.test');
    await openApp(page, '/');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: messages.search.recent })).toBeVisible();
    await expect(dialog.getByText(messages.search.noRecent)).toBeVisible();
    const box = dialog.getByPlaceholder(messages.search.placeholder);
    await expect(box).toBeFocused();
    await typeInto(box, 'Northwind');
    await expect(dialog.getByRole('heading', { name: messages.search.results })).toBeVisible();
    const accounts = dialog.locator('[data-search-section="account"]');
    await expect(accounts.locator('[data-section-title]')).toHaveText('Accounts');
    await accounts.getByRole('option', { name: /Northwind Media/ }).click();
    await expect(page).toHaveURL(`/admin/accounts/${ACCOUNT_IDS.northwind}`);
    // The breadcrumb names the account instead of showing its id.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Northwind Media');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog').getByRole('option', { name: /Northwind Media/ })).toBeVisible();
  });

  test('says when nothing matches, and keeps sections sorted by title', async ({ page }) => {
    await signIn(page, 'super@lamp.test');
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Search' }).click();
    const box = page.getByPlaceholder(messages.search.placeholder);
    await expect(box).toBeFocused();
    await typeInto(box, 'zzzz-nothing-like-this');
    await expect(page.getByText(messages.search.noResults)).toBeVisible();
    await typeInto(box, 'a');
    await expect(page.locator('[data-search-section]').first()).toBeVisible();
    const titles = await page
      .locator('[data-search-section] [data-section-title]')
      .evaluateAll((hs) => hs.map((h) => h.textContent ?? ''));
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  test('a failing section says so', async ({ page }) => {
    await signIn(page, 'super@lamp.test');
    await openApp(page, '/');
    await page.route('**/api/v1/project?*', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await page.keyboard.press('Control+k');
    await typeInto(page.getByPlaceholder(messages.search.placeholder), 'a');
    await expect(page.getByText(messages.errors.searchSectionFailed('Projects'))).toBeVisible();
  });
});

test.describe('breadcrumbs and titles', () => {
  test('Home then capitalised segments; titles end with LAMP', async ({ page }) => {
    await signIn(page, 'super@lamp.test');
    await openApp(page, '/admin/third-party-macros/create');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[data-crumb]');
    await expect(crumbs).toHaveText(['Home', 'Admin', 'Third Party Macros', 'Create']);
    await expect(page).toHaveTitle('Create Third Party Macro | Admin | LAMP');
    await crumbs.nth(2).click();
    await expect(page).toHaveURL('/admin/third-party-macros');
  });
});

test('a system set to reduce motion gets still loading indicators; others see them move', async ({ page }) => {
  await page.goto('/login');
  // The app's own spinner and placeholder classes, measured as the browser computes them.
  const motion = () =>
    page.evaluate(() =>
      ['animate-spin', 'animate-pulse'].map((cls) => {
        const el = document.createElement('div');
        el.className = cls;
        document.body.append(el);
        const { animationIterationCount } = getComputedStyle(el);
        el.remove();
        return animationIterationCount;
      }),
    );
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await motion()).toEqual(['infinite', 'infinite']);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion()).toEqual(['1', '1']);
});
