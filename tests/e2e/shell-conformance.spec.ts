import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { DEMO_FIXTURES_PATH } from '../../fixtures/generate.ts';
import { type Collections } from '../../server/store/collections.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { ImportJob } from '../../src/shared/schemas/import-job.ts';
import { SIDEBAR_DEFAULT_WIDTH } from '../../src/shared/constants.ts';
import { messages } from '../../src/shared/messages.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * The built areas held to the spec line by line (sidebar, account query, /login while
 * signed in, the admin area's product-owner rule, the banner, the collapsed sidebar, search by
 * keyboard and where its results lead, import jobs, layout details, the documentation's way back).
 * Every test reads fixture data only, or changes what belongs to no other test.
 */
const PHONE = { width: 390, height: 844 };
const LONG_MEASUREMENT = { id: '664000000000000000000066', name: 'Oakhaven Insurance – Q4 2026 – Product Launch' };
/** What a test types: Playwright types characters off the keyboard (the en dash) as text input, not keys. */
const TYPED = 'Oakhaven Insurance';
const RIVERSTONE_LABEL = '663100000000000000000014';

const sidebar = (page: Page) => page.getByTestId('sidebar');
const searchBox = (page: Page) => page.getByRole('dialog').getByPlaceholder(messages.search.placeholder);

test.describe('sidebar (spec §2, §9)', () => {
  test('a drag to 0 collapses it; expand reopens it at the last useful width, also after a reload', async ({
    page,
  }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    await expect(sidebar(page)).toHaveAttribute('data-width', String(SIDEBAR_DEFAULT_WIDTH));
    const handle = page.getByTestId('sidebar-handle');
    const box = (await handle.boundingBox())!;
    const y = box.y + 200;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    // Through every width down to a sliver, and let go there.
    await page.mouse.move(box.x + box.width / 2 - 280, y, { steps: 14 });
    await page.mouse.up();
    await expect(sidebar(page)).toHaveAttribute('data-width', '0');
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-width', '0');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-width', String(SIDEBAR_DEFAULT_WIDTH));
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  });

  test('collapsed, its expand tab is wholly on screen', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const tab = page.getByRole('button', { name: 'Expand sidebar' });
    await expect(tab).toBeVisible();
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.width).toBeGreaterThanOrEqual(24);
    await tab.click();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  });
});

test.describe('the account query (spec §4)', () => {
  for (const [what, id] of [
    ['an account the user may not use', ACCOUNT_IDS.tailspin],
    ['an account that does not exist', 'ffffffffffffffffffffffff'],
  ] as const) {
    test(`${what} shows an error and the URL names the account shown`, async ({ page }) => {
      await signIn(page, 'admin@northwind.test');
      await openApp(page, `/reports?account=${id}&measured=true`);
      await expect(page.getByRole('alert').filter({ hasText: messages.api.notFound('account') })).toBeVisible();
      // The account shown replaces the bad one; the page's other query values stay.
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/reports' &&
          url.searchParams.get('account') === ACCOUNT_IDS.northwind &&
          url.searchParams.get('measured') === 'true',
      );
      await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('Northwind Media');
    });
  }
});

test.describe('/login while signed in (spec §2)', () => {
  test('goes on to the next path, or home', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await page.goto('/login?next=%2Fprofile');
    await expect(page).toHaveURL('/profile');
    await expect(page.getByTestId('profile-title')).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    // An unsafe next is never followed.
    await page.goto('/login?next=%2F%2Fevil.example');
    await expect(page).toHaveURL('/');
  });
});

test.describe("the admin area follows the user's own account (decisions §3)", () => {
  test('a root user of a product-owner account opens /admin while viewing a client account', async ({ page }) => {
    await signIn(page, 'root@lamp.test');
    await openApp(page, `/admin/details?account=${ACCOUNT_IDS.northwind}`);
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('Northwind Media');
    await expect(page.locator('[data-access-error]')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
    // The Account Admin Menu acts on the account viewed.
    const menu = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(menu.getByTestId('admin-menu-account')).toHaveText('Northwind Media');
    await expect(menu.getByRole('link', { name: 'Details' })).toBeVisible();
    await expect(page).toHaveTitle(/^Details \| Admin/);
  });

  test('others never see Admin, and /admin gives them the account access error', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/admin/details');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.locator('[data-access-error="user"]')).toContainText(messages.access.userError);
    await expect(page).toHaveTitle(`${messages.titles.userError} | LAMP`);
  });
});

test.describe('contract banner on a phone (spec §4, §8)', () => {
  test('wraps so the whole message is read, and the layout starts below it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, 'admin@tailspin.test');
    await openApp(page, '/reports');
    const banner = page.getByTestId('contract-banner');
    await expect(banner).toContainText(messages.contractBanner);
    const fits = await banner.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
    expect(fits).toBe(true);
    const bannerBox = (await banner.boundingBox())!;
    expect(bannerBox.height).toBeGreaterThan(48);
    const layoutBox = (await page.getByTestId('layout').boundingBox())!;
    expect(layoutBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
    expect(layoutBox.y + layoutBox.height).toBeLessThanOrEqual(PHONE.height + 1);
  });
});

test.describe('global search by keyboard (spec §2, §9; decisions §8)', () => {
  test('keeps keys typed before the box has focus; arrows move and Enter opens the active result', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    await page.keyboard.press('Control+k');
    // Straight away, well before the 500 ms focus delay (and while the modal's code may still load).
    await page.keyboard.type(TYPED);
    const box = searchBox(page);
    await expect(box).toHaveValue(TYPED);
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('aria-controls', /.+/);
    await expect(page.getByRole('option', { name: new RegExp(`^${TYPED}`) }).first()).toBeVisible();
    // The first arrow press makes a result active (aria-activedescendant); Enter opens it. The
    // results are final first (a late answer replaces the list, and the active result with it).
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    const href = await page.locator(`[id="${active}"]`).getAttribute('href');
    expect(href).toMatch(/^\/measurements\/[0-9a-f]{24}$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Enter with no result highlighted opens the first result, also when pressed before the results came', async ({
    page,
  }) => {
    // Two searches and two dashboards: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    // Typed and entered at once, as a person who knows what they want does.
    await searchBox(page).pressSequentially(TYPED);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/measurements\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TYPED);

    // With the results shown and none highlighted, Enter opens the first of them.
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).pressSequentially('Riverstone Water');
    const first = page.getByRole('dialog').getByRole('option').and(page.locator('[href]')).first();
    await expect(first).toBeVisible();
    await page.waitForLoadState('networkidle');
    const href = await first.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href!);
  });

  test('the box wears its focus ring from the moment Ctrl+K opens the search', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    // A pointer click first: React Aria then counts the next focus as a pointer's, not a key's.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+k');
    const ring = page.getByRole('dialog').locator('[data-search-box]');
    // Before and after the 500 ms focus delay alike: where typing goes is always marked.
    await expect(ring).toHaveCSS('outline-style', 'solid');
    await expect(searchBox(page)).toBeFocused();
    await expect(ring).toHaveCSS('outline-style', 'solid');
  });

  test("a write user's label result opens the measurements carrying it; user results have no link", async ({
    page,
  }) => {
    await signIn(page, 'writer@northwind.test');
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).fill('Amara');
    const user = page.getByRole('option', { name: /Amara Okafor/ });
    await expect(user).toContainText('admin@northwind.test');
    expect(await user.getAttribute('href')).toBeNull();
    await searchBox(page).fill('Riverstone Water');
    const label = page.locator('[data-result-type="label-value"]').first();
    await expect(label).toHaveAttribute('href', `/measurements?label=${RIVERSTONE_LABEL}`);
    await label.click();
    await expect(page).toHaveURL(`/measurements?label=${RIVERSTONE_LABEL}`);
    await expect(page.getByTestId('label-filter')).toContainText('Label: Riverstone Water');
    await expect(page.locator('[data-access-error]')).toHaveCount(0);
  });

  test("an account admin's user result opens Users filtered to that user", async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/');
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).fill('Rhea');
    const user = page.getByRole('option', { name: /Rhea Kapoor/ });
    await expect(user).toHaveAttribute('href', '/users?search=reader%40northwind.test');
    await user.click();
    await expect(page).toHaveURL('/users?search=reader%40northwind.test');
    await expect(page.locator('[data-access-error]')).toHaveCount(0);
  });

  test('recent searches are stored as ids and shown by name', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).fill(LONG_MEASUREMENT.name);
    await page
      .getByRole('option', { name: new RegExp(`^${LONG_MEASUREMENT.name}`) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/measurements\/[0-9a-f]{24}$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('recentSearches') ?? '[]') as unknown);
    expect(stored).toEqual([page.url().split('/').at(-1)]);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: messages.search.recent })).toBeVisible();
    await expect(dialog.getByRole('option', { name: new RegExp(`^${LONG_MEASUREMENT.name}`) })).toBeVisible();
  });
});

test.describe('import jobs read like a product (decisions §8)', () => {
  // Jobs from the demo data, found by what each test needs rather than by a fixed id, so that a
  // regenerated demo keeps the tests meaningful.
  const demoJobs = (JSON.parse(readFileSync(DEMO_FIXTURES_PATH, 'utf8')) as Collections)['import-job'] as ImportJob[];

  test('search names them by file and measurement, with the id as secondary text', async ({ page }) => {
    const named = demoJobs.filter((j) => j.account === ACCOUNT_IDS.northwind && j.file_name);
    const job = named.find((j) => named.filter((other) => other.file_name === j.file_name).length === 1)!;
    const stem = job.file_name!.replace(/\.[a-z]+$/, '');
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/');
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).pressSequentially(stem);
    const result = page.locator('[data-result-type="import-job"]').first();
    await expect(result).toContainText(`${job.file_name} · `);
    await expect(result).toContainText(job.id);
    await expect(result).toHaveAttribute('href', `/measurements/${job.measurement}/data-imports/${job.id}`);
  });

  test('a data import is shown by its name: no id under it in the list, nor at the end of its breadcrumb', async ({
    page,
  }) => {
    const job = demoJobs.find((j) => j.account === ACCOUNT_IDS.northwind && j.file_name)!;
    await signIn(page, 'reader@northwind.test');
    await openApp(page, `/measurements/${job.measurement}/data-imports`);
    const row = page.getByRole('row').filter({ hasText: job.file_name! }).first();
    await expect(row).toBeVisible();
    await expect(page.getByRole('main').getByText(job.id)).toHaveCount(0);
    await row.getByRole('link', { name: job.file_name! }).click();
    await expect(page.getByRole('heading', { level: 1, name: job.file_name! })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem').last()).toContainText(job.file_name!);
    await expect(crumbs).not.toContainText(job.id);
    await expect(page).toHaveTitle(new RegExp(`^${job.file_name!.replace(/[.]/g, '\\.')}`));
  });

  test('a failed import says why and lists its row errors by their lines in the file', async ({ page }) => {
    const job = demoJobs.find((j) => j.status === 'failed' && j.file_name && j.errors?.length)!;
    await signIn(page, 'super@lamp.test');
    await openApp(page, `/measurements/${job.measurement}/data-imports/${job.id}`);
    await expect(page.getByRole('heading', { name: job.file_name!, level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+ of \d+ rows have errors; nothing was imported/).first()).toBeVisible();
    const errors = page.getByRole('table', { name: 'Row errors' });
    await expect(errors.getByRole('row')).toHaveCount(job.errors!.length + 1);
    await expect(errors.getByRole('cell', { name: job.errors![0]!.message }).first()).toBeVisible();
    await expect(page.getByText('The import was interrupted; upload the file again')).toHaveCount(0);
    await expect(page.getByText(/Line 0/)).toHaveCount(0);
  });
});

test.describe('layout details', () => {
  test("the dashboard's filters show their whole value", async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, `/measurements/${LONG_MEASUREMENT.id}`);
    const select = page.getByLabel('Media partner', { exact: true });
    await expect(select).toHaveValue('');
    // The width the selected text needs, in the select's own font, plus its padding and arrow.
    const [needed, width] = await select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      const style = getComputedStyle(s);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = s.options[s.selectedIndex]!.text;
      return [context.measureText(text).width + parseFloat(style.paddingLeft) + 24, s.clientWidth];
    });
    expect(width).toBeGreaterThanOrEqual(needed);
  });

  test('a cut breadcrumb ends right before its "/"', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, `/measurements/${LONG_MEASUREMENT.id}/export-tags`);
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    const cut = nav.getByRole('link', { name: new RegExp(`^${LONG_MEASUREMENT.name}`) });
    await expect(cut).toContainText('…');
    const gap = await cut.evaluate((el) => {
      const text = el.querySelector('[aria-hidden]')!.getBoundingClientRect();
      const slash = el.parentElement!.nextElementSibling!.querySelector('[aria-hidden]')!.getBoundingClientRect();
      return slash.left - text.right;
    });
    // gap-1 between the crumb and the separator, and nothing more.
    expect(gap).toBeLessThanOrEqual(5);
  });

  test("the profile page's breadcrumbs line up with its content", async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await openApp(page, '/profile');
    const crumbs = (await page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox())!;
    const title = (await page.getByTestId('profile-title').boundingBox())!;
    expect(Math.abs(crumbs.x - title.x)).toBeLessThanOrEqual(1);
  });

  test('/documentation has the product header with a way back into the app', async ({ page }) => {
    await signIn(page, 'reader@northwind.test');
    await page.goto('/documentation');
    await expect(page.getByRole('link', { name: 'LAMP home' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: /Back to LAMP/ }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});
