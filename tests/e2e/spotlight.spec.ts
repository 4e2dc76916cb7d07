/**
 * Spotlight in a browser: browsing studies and an asset with its heatmap, onboarding by
 * error id (1 with the create transition, 3, 4), the account access error, the pinned account,
 * the heatmap's main-thread cost, and axe.
 * Data: the Spotlight fixtures are read-only here except selfserve@fabrikam.test's Spotlight user,
 * which the create test makes and then removes again (as root, through the service itself).
 */
import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { messages } from '../../src/shared/messages.ts';
import { typeInto } from './helpers/person.ts';
import { expectNoSeriousA11yViolations } from './auth-helpers.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const FABRIKAM = '650000000000000000000005';
const SELFSERVE = '651000000000000000000007';

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Account' });

/** Removes selfserve@fabrikam.test's Spotlight user, as super@lamp.test through the service. */
async function removeSelfServeSpotlightUser(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const request = context.request;
    await request.post('/api/v1/auth', { data: { email: 'super@lamp.test', password: 'Lamp-Demo-2026!' } });
    const auth = await request.get('/api/spotlight-auth', {
      params: { id: '651000000000000000000001', company: FABRIKAM },
    });
    const { token } = (await auth.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'x-switched-company': FABRIKAM };
    const users = await request.post('/api/spotlight/user', { headers, data: { results_per_page: 100 } });
    for (const user of ((await users.json()) as { data: { id: string; external_id: string }[] }).data) {
      if (user.external_id === SELFSERVE) await request.post(`/api/spotlight/user/${user.id}/delete`, { headers });
    }
  } finally {
    await context.close();
  }
}

test.describe('browsing', () => {
  test('partner@contoso.test browses studies, opens an asset and toggles the heatmap', async ({ page }) => {
    await signIn(page, 'partner@contoso.test');
    await openApp(page, '/spotlight');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Recent studies' })).toBeVisible();
    await page.getByRole('group', { name: 'Spotlight' }).getByRole('link', { name: 'Studies' }).click();
    await expect(page).toHaveURL(/\/spotlight\/studies$/);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(9);
    // A search typed, then at once a click on to a study, on a slow line (the study page's code
    // takes a second to arrive): the person stays on the study, not pulled back by the search.
    await page.route('**/_astro/StudyPage.*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await typeInto(page.getByLabel('Search'), 'Volt EV');
    await table.getByRole('link', { name: 'Volt EV: launch film' }).click();
    await expect(page).toHaveURL(/\/spotlight\/studies\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Volt EV: launch film' })).toBeVisible();
    await expect(page).toHaveURL(/\/spotlight\/studies\/[0-9a-f]{24}$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/spotlight\/studies(\?q=Volt\+EV)?$/);
    await typeInto(page.getByLabel('Search'), '');
    await expect(table.getByRole('row')).toHaveCount(9);
    // Searching goes through the service's own list call.
    const listCall = page.waitForRequest((r) => r.url().endsWith('/api/spotlight/brief') && r.method() === 'POST');
    await typeInto(page.getByLabel('Search'), 'Volt');
    const body = (await listCall).postDataJSON() as { filter_name?: string; page_num: number };
    expect(body).toMatchObject({ filter_name: 'Volt', page_num: 1 });
    await expect(table.getByRole('row')).toHaveCount(3);
    // The study's asset count opens its assets.
    await table
      .getByRole('row', { name: /Volt EV: launch film/ })
      .getByRole('link', { name: /assets?$/ })
      .click();
    await expect(page).toHaveURL(/\/spotlight\/assets\?study=[0-9a-f]{24}$/);
    await expect(page.getByText('Volt EV: launch film').first()).toBeVisible();
    const assets = page.getByRole('table').getByRole('link');
    await expect(assets).toHaveCount(4);
    await assets.first().click();
    await expect(page).toHaveURL(/\/spotlight\/assets\/[0-9a-f]{24}$/);

    // The breadcrumb names the asset, fetched from the service.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Volt');
    const name = (await heading.textContent()) ?? '';
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);

    const creative = page.getByTestId('creative');
    await expect(creative.getByRole('img', { name: /^Creative: / })).toBeVisible();
    await expect(creative).toHaveAttribute('data-overlay', 'heatmap');
    const canvas = page.getByTestId('heatmap-canvas');
    await expect(canvas).toHaveCSS('opacity', '0.7');
    await page.getByText('Fogmap', { exact: true }).click();
    await expect(creative).toHaveAttribute('data-overlay', 'fogmap');
    await page.getByText('Off', { exact: true }).click();
    await expect(creative).toHaveAttribute('data-overlay', 'off');
    await expect(canvas).toHaveCSS('opacity', '0');
    await page.getByText('Heatmap', { exact: true }).click();
    // The opacity slider by pointer and keys: a click on it, Home (10%), then six steps of 5.
    const slider = page.getByRole('slider', { name: /opacity/i });
    await slider.click();
    await slider.press('Home');
    for (let step = 0; step < 6; step += 1) await slider.press('ArrowRight');
    await expect(canvas).toHaveCSS('opacity', '0.4');

    // The four areas of interest, in view order, each with its figures against the norm.
    const areas = page.getByTestId('aoi');
    await expect(areas).toHaveCount(4);
    await expect(areas.first()).toContainText('1.');
    await expect(areas.first()).toContainText('% seen');
    await expect(areas.first()).toContainText('Norm');
    await expect(page.getByTestId('recall-uplift')).toHaveText(/pts/);
  });

  test('compares two assets of a study side by side', async ({ page }) => {
    await signIn(page, 'partner@contoso.test');
    await openApp(page, '/spotlight/assets?q=Alpine');
    await page.getByRole('table').getByRole('link').first().click();
    const select = page.getByLabel('Compare with');
    await expect(select).toBeVisible();
    const option = (await select.locator('option').nth(1).getAttribute('value')) ?? '';
    await select.selectOption(option);
    await expect(page).toHaveURL(new RegExp(`compare=${option}`));
    const compare = page.getByRole('region', { name: 'Compare' });
    await expect(compare.getByTestId('creative')).toHaveCount(2);
    await expect(compare.getByRole('row', { name: /% noticed/ })).toBeVisible();
  });

  test('the assets list shows thumbnails, study and figures, and pages', async ({ page }) => {
    await signIn(page, 'partner@contoso.test');
    await openApp(page, '/spotlight/assets');
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Creative',
      /^Asset/,
      /% noticed/,
      /Dwell/,
      /Time to first fixation/,
    ]);
    await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Showing 11–20 of \d+$/)).toBeVisible();
  });
});

test.describe('onboarding', () => {
  test('selfserve@fabrikam.test gets error 1, creates the account and sees the studies', async ({ page, browser }) => {
    await removeSelfServeSpotlightUser(browser);
    try {
      await signIn(page, 'selfserve@fabrikam.test');
      await openApp(page, '/spotlight/studies');
      await expect(page.getByRole('heading', { name: messages.spotlight.linkExisting })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Your ids' })).toHaveValue(
        `User id: ${SELFSERVE}\nCompany id: ${FABRIKAM}`,
      );
      await expect(page.getByTestId('sidebar')).toHaveAttribute('data-width', '0');
      await expectNoSeriousA11yViolations(page, 'main');
      const create = page.getByRole('button', { name: messages.spotlight.createAccount });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/spotlight-auth?username=*', async (route) => {
        await held;
        await route.continue();
      });
      await create.click();
      await expect(create).toBeDisabled();
      release();
      await expect(page.getByRole('status').filter({ hasText: messages.spotlight.userCreated })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Studies', level: 1 })).toBeVisible();
      await expect(page.getByRole('table').getByRole('link', { name: /Fabrikam Home/ })).toHaveCount(2);
      await expect(page.getByTestId('sidebar')).not.toHaveAttribute('data-width', '0');
    } finally {
      await removeSelfServeSpotlightUser(browser);
    }
  });

  test('a failed create shows an error alert and the button comes back after 1 s', async ({ page }) => {
    await signIn(page, 'selfserve@fabrikam.test');
    await page.route('**/api/spotlight-auth?username=*', (route) =>
      route.fulfill({ status: 403, json: { success: false, error_type: 5, message: 'Spotlight is unavailable' } }),
    );
    await page.route(/\/api\/spotlight-auth\?id=/, (route) =>
      route.fulfill({ json: { success: false, error_type: 1, message: 'You do not have a Spotlight user yet' } }),
    );
    await openApp(page, '/spotlight');
    const create = page.getByRole('button', { name: messages.spotlight.createAccount });
    await create.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Spotlight is unavailable' })).toBeVisible();
    await expect(create).toBeDisabled();
    await expect(create).toBeEnabled({ timeout: 3000 });
  });

  test('root@lamp.test on Lamp HQ gets error 4: only the create option', async ({ page }) => {
    await signIn(page, 'root@lamp.test');
    await openApp(page, '/spotlight');
    await expect(page.locator('[data-spotlight-error="4"]')).toBeVisible();
    await expect(page.getByRole('button', { name: messages.spotlight.createAccount })).toBeVisible();
    await expect(page.getByRole('heading', { name: messages.spotlight.linkExisting })).toHaveCount(0);
  });

  test('viewer@fabrikam.test (error 3) sees its text, and a warning is logged', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await signIn(page, 'viewer@fabrikam.test');
    await openApp(page, '/spotlight');
    await expect(page.getByText(messages.access.spotlightNoAccess)).toBeVisible();
    await expect(page.getByRole('button', { name: messages.spotlight.createAccount })).toHaveCount(0);
    await expect(page).toHaveTitle(`${messages.titles.spotlightError} | LAMP`);
    expect(warnings).toContain(messages.spotlight.notMemberWarning('Fabrikam Self-serve'));
    await expectNoSeriousA11yViolations(page, 'main');
  });
});

test.describe('access', () => {
  test('Northwind gets the account access error, and a non-root user is pinned to their account', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/measurements');
    await page.getByRole('button', { name: 'Show accounts' }).click();
    await page.getByRole('option', { name: 'Contoso Partners' }).click();
    await expect(switcher(page)).toHaveValue('Contoso Partners');
    await openApp(page, '/spotlight/studies');
    await expect(switcher(page)).toHaveValue('Northwind Media');
    await expect(switcher(page)).toBeDisabled();
    await expect(page.getByText(messages.access.userError)).toBeVisible();
    // No Spotlight call was made for the account that lacks Spotlight.
  });

  test('a token the service refuses makes the store say unauthorised and shows the error', async ({ page }) => {
    await signIn(page, 'partner@contoso.test');
    await page.route(/\/api\/spotlight-auth\?id=/, (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, error: 'Internal Server Error', message: 'Spotlight is down' },
      }),
    );
    await openApp(page, '/spotlight');
    await expect(page.getByText('Spotlight is down')).toBeVisible();
  });
});

test.describe('quality', () => {
  test('the asset page is crisp at phone width, and passes axe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'partner@contoso.test');
    await openApp(page, '/spotlight/assets?q=Northstar');
    await page.getByRole('list', { name: 'Assets' }).getByRole('link').first().click();
    const creative = page.getByTestId('creative');
    await expect(creative.getByRole('img')).toBeVisible();
    const box = (await creative.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    // The canvas is drawn at the device's pixel ratio, not stretched.
    const size = await page.getByTestId('heatmap-canvas').evaluate((c: HTMLCanvasElement) => ({
      width: c.width,
      css: c.clientWidth,
      ratio: window.devicePixelRatio,
    }));
    expect(size.width).toBe(Math.round(size.css * Math.min(2, size.ratio)));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'main');
  });

  test('the lists fit a phone: cards instead of tables', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'partner@contoso.test');
    for (const [path, name] of [
      ['/spotlight/studies', 'Studies'],
      ['/spotlight/assets', 'Assets'],
      ['/spotlight', null],
    ] as const) {
      await openApp(page, path);
      if (name)
        await expect(page.getByRole('list', { name }).getByRole('listitem')).toHaveCount(
          path.endsWith('studies') ? 8 : 10,
        );
      else await expect(page.getByRole('main').getByRole('heading', { name: 'Recent studies' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('the Spotlight pages pass axe', async ({ page }) => {
    await signIn(page, 'partner@contoso.test');
    for (const path of ['/spotlight', '/spotlight/studies', '/spotlight/assets']) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'main');
    }
  });
});
