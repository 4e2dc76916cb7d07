import type { Page } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { routeById } from '../../src/app/routes/index.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * The app paints its frame from the HTML, before the island's JavaScript has arrived, and starts
 * its first data request with the HTML too; the island then takes over without moving the frame,
 * and a signed-out visitor never sees a signed-in frame.
 */

const PERSONA = 'writer@northwind.test';

/** The island's scripts never arrive: what shows is what the HTML alone paints. */
async function holdScripts(page: Page) {
  await page.route('**/_astro/*.js', () => {
    // Left unanswered, as on a slow network.
  });
}

async function personName(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/current-user');
  const user = (await answer.json()) as { first_name: string; last_name: string };
  return `${user.first_name} ${user.last_name}`;
}

/** The first live measurement with figures: the one Lighthouse's dashboard run opens. */
async function liveMeasurement(page: Page): Promise<{ id: string; name: string }> {
  const answer = await page.request.get('/api/v1/measurement?limit=100');
  const { data } = (await answer.json()) as {
    data: { id: string; name: string; status: string; impressions: number | null }[];
  };
  const measurement = data.find((m) => m.status === 'live' && (m.impressions ?? 0) > 0);
  if (!measurement) throw new Error('The data has no live measurement');
  return measurement;
}

/** Holds the answers to requests matching `pattern` until the returned function is called, as on a slow line. */
async function holdAnswers(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The reads of a sidebar's measurement tree (the account's measurements) from now on, as they are made. */
function recordTreeReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/measurement\?account=/.test(request.url())) reads.push(request.url());
  });
  return reads;
}

/** From the next load on, the page keeps the layout shifts no input caused. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shift so far (the sum, as CLS over one short load). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
}

test('the frame shows before the app script runs, and the current user and accounts are already being fetched', async ({
  page,
}) => {
  await signIn(page, PERSONA);
  const name = await personName(page);
  await holdScripts(page);
  const currentUser = page.waitForRequest((request) => request.url().endsWith('/api/v1/current-user'));
  const accounts = page.waitForRequest((request) => /\/api\/v1\/account\?/.test(request.url()));
  await page.goto('/measurements', { waitUntil: 'commit' });
  await expect(page.getByRole('banner').getByText('LAMP', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').getByText('Loading LAMP')).toBeAttached();
  // The data requests start from the HTML, though no script of the app has run: who is signed
  // in, and the accounts every page waits for.
  await currentUser;
  await accounts;
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('the app takes over the frame without moving it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, PERSONA);
  await recordLayoutShifts(page);
  await holdScripts(page);
  await page.goto('/');
  const frameBar = await page.getByRole('banner').boundingBox();
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible({ timeout: 20_000 });
  const appBar = await page.getByRole('banner').boundingBox();
  expect(appBar).toEqual(frameBar);
  await expect(page.getByTestId('loading-shell')).toHaveCount(0);
  expect(await layoutShift(page)).toBeLessThan(0.05);
});

for (const [id, content] of [
  ['activations', 'Activations of this account'],
  ['reports', 'Measurements'],
] as const)
  test(`the ${id} page’s title and intro show from the HTML, before the app’s code, and the app takes them over in place`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, PERSONA);
    const { title, path, intro = '' } = routeById(id);
    expect(intro).not.toBe('');
    await recordLayoutShifts(page);
    await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    // Painted by the HTML alone: the frame's title slot holds the page's heading, not a skeleton.
    const frame = page.getByTestId('loading-shell');
    await expect(frame.getByText(title, { exact: true })).toBeVisible();
    await expect(frame.getByText(intro, { exact: true })).toBeVisible();
    const painted = (await frame.getByText(intro, { exact: true }).boundingBox())!;
    // A page without an intro keeps the skeleton: the frame names no page it cannot vouch for.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('status').getByText('Loading LAMP')).toBeAttached();
    await expect(page.getByTestId('loading-shell').getByText(title, { exact: true })).toHaveCount(0);
    await page.unrouteAll();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('loading-shell')).toHaveCount(0);
    // One intro, the page's own, as wide as the one the HTML painted (so no larger paint follows it).
    const shown = page.getByText(intro, { exact: true });
    await expect(shown).toHaveCount(1);
    expect((await shown.boundingBox())!.width).toBe(painted.width);
    // The page's own content has come (the list's table, the report's measurement picker).
    await expect(page.getByRole('main').getByText(content).first()).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });

test('a signed-out visitor ends on the sign-in page without a signed-in frame on the way', async ({ page }) => {
  await page.addInitScript(() => {
    // Whether the signed-in top navigation was ever drawn, however briefly.
    new MutationObserver(() => {
      if (document.querySelector('nav[aria-label="Main"]')) document.documentElement.dataset.sawShell = 'yes';
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/measurements');
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.sawShell ?? 'no')).toBe('no');
});

for (const [device, viewport] of [
  ['a laptop', { width: 1440, height: 900 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${device}, the measurement dashboard does not move when a long name arrives`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, PERSONA);
    const measurement = await liveMeasurement(page);
    await recordLayoutShifts(page);
    await page.goto(`/measurements/${measurement.id}`);
    const heading = page.getByRole('heading', { level: 1, name: measurement.name });
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(await layoutShift(page)).toBeLessThan(0.05);
    if (device === 'a laptop') {
      // The name is cut on its line with the status badge beside it, where the placeholders stood
      // (the badge wrapping under a long name moved the page down 32 px).
      const name = (await heading.boundingBox())!;
      const badge = (await heading.locator('..').getByText('Live', { exact: true }).boundingBox())!;
      expect(badge.y).toBeLessThan(name.y + name.height);
    }
  });
}

test('the report page loads a picker’s code when a person reaches for it, and a press made meanwhile opens it', async ({
  page,
}) => {
  await signIn(page, PERSONA);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/_astro/MultiPickerPopover.*.js', async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto('/reports?startDate=2026-10-01&endDate=2026-10-31&measurement=*&groupBy=channel');
  const measurements = page.getByRole('button', { name: /^Measurements/ });
  await expect(measurements).toHaveText('Select All');
  await expect(page.getByRole('button', { name: /^Metrics/ })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Measured impressions only' })).not.toBeChecked();
  expect(asked).toEqual([]);
  // Pressed while the code is still on its way: the picker opens once it arrives.
  await measurements.click();
  await expect.poll(() => asked.length).toBe(1);
  release();
  await expect(page.getByRole('searchbox', { name: 'Search measurements' })).toBeFocused();
  await expect(page.getByRole('option', { name: 'Select All' })).toBeVisible();
});

for (const [device, viewport] of [
  ['a laptop', { width: 1440, height: 900 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${device}, the activations list does not move when its rows and their names arrive`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, PERSONA);
    await recordLayoutShifts(page);
    await page.goto('/activations/activations');
    const table = page.getByRole('table', { name: 'Activations of this account' });
    // The rows with their measurements' names (a name still loading shows '…'), and the pager.
    await expect(table.getByRole('link', { name: /–/ }).first()).toBeVisible({ timeout: 20_000 });
    await expect(table).not.toContainText('…');
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Showing 1–');
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });
}

test('on a phone, a Spotlight asset does not move when its name, figures and comparisons arrive', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'partner@contoso.test');
  // The asset Lighthouse measures, opened afresh from its address, as a shared link would.
  const name = 'Alpine: Hero (Feed 4:5)';
  await openApp(page, '/spotlight/assets?q=Alpine');
  const href = await page.getByRole('main').getByRole('link', { name }).getAttribute('href');
  await recordLayoutShifts(page);
  await page.goto(href ?? '');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
  await expect(page.getByLabel('Compare with')).toBeEnabled();
  await expect(page.getByTestId('heatmap-canvas')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.05);
});

test('on a phone, a draft’s manager sees the area editor’s place from the start: the creative shows before the editor’s code and stays put', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'partner@contoso.test');
  const name = 'Ember: Hero (30 s spot)';
  await openApp(page, '/spotlight/assets?q=Ember');
  const href = await page.getByRole('main').getByRole('link', { name }).getAttribute('href');
  // The study (draft or not decides whether there is an editor) and the editor's code, held.
  const releaseStudy = await holdAnswers(page, '**/api/spotlight/brief/*/details');
  const releaseEditor = await holdAnswers(page, '**/_astro/AreaEditor.*.js');
  await recordLayoutShifts(page);
  await page.goto(href ?? '');
  const creative = page.getByRole('img', { name: `Creative: ${name}` });
  await expect(creative).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Areas of interest' })).toBeVisible();
  const first = await creative.boundingBox();
  // The panel's "No results yet" is for those who may not draw: a manager never sees it, not even first.
  await expect(page.getByText('No results yet')).toHaveCount(0);
  const studyRead = page.waitForResponse('**/api/spotlight/brief/*/details');
  releaseStudy();
  await studyRead;
  // The placeholder gives way to the editor's own (its code still held): the creative where it was.
  // Polled: the box is read from an element that the same commit may replace.
  await expect.poll(() => creative.boundingBox()).toEqual(first);
  await expect(page.getByText('No results yet')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save areas' })).toHaveCount(0);
  releaseEditor();
  await expect(page.getByRole('application', { name: 'Draw an area of interest' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save areas' })).toBeVisible();
  await expect.poll(() => creative.boundingBox()).toEqual(first);
  await expect(page.getByText('No results yet')).toHaveCount(0);
  expect(await layoutShift(page)).toBeLessThan(0.05);
});

test('a dashboard asks for its measurement and its page code with the HTML, before any of the app’s code has run', async ({
  page,
}) => {
  await signIn(page, PERSONA);
  const measurement = await liveMeasurement(page);
  // No script of the app ever arrives: whatever starts, starts from the HTML.
  await holdScripts(page);
  const read = page.waitForRequest((request) => request.url().endsWith(`/api/v1/measurement?id=${measurement.id}`));
  const code = page.waitForRequest((request) => /\/_astro\/DashboardPage\.[\w-]+\.js$/.test(request.url()));
  await page.goto(`/measurements/${measurement.id}`);
  await Promise.all([read, code]);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('status').getByText('Loading LAMP')).toBeAttached();
});

test('a Spotlight asset asks for its page’s code and the shell’s with the HTML, before any of the app’s code has run', async ({
  page,
}) => {
  await signIn(page, 'partner@contoso.test');
  await openApp(page, '/spotlight/assets?q=Alpine');
  const href = await page.getByRole('main').getByRole('link', { name: 'Alpine: Hero (Feed 4:5)' }).getAttribute('href');
  // No script of the app ever arrives: whatever starts, starts from the HTML.
  await holdScripts(page);
  const pageCode = page.waitForRequest((request) => /\/_astro\/AssetPage\.[\w-]+\.js$/.test(request.url()));
  const shellCode = page.waitForRequest((request) => /\/_astro\/Shell\.[\w-]+\.js$/.test(request.url()));
  await page.goto(href ?? '');
  await Promise.all([pageCode, shellCode]);
});

test('until the accounts have arrived the frame from the HTML stays, and the page then comes with the shell, without a loading body between', async ({
  page,
}) => {
  await signIn(page, PERSONA);
  // Every loading body the shell draws in this load is noted (the page removes it again).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { loadingBodies: seen });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="loading-view"]')) seen.push(String(performance.now()));
    }).observe(document, { childList: true, subtree: true });
  });
  const release = await holdAnswers(page, '**/api/v1/account?**');
  const shellCode = page.waitForResponse((response) => /\/_astro\/Shell\.[\w-]+\.js$/.test(response.url()));
  const pageCode = page.waitForResponse((response) => /\/_astro\/MeasurementsPage\.[\w-]+\.js$/.test(response.url()));
  const user = page.waitForResponse((response) => response.url().endsWith('/api/v1/current-user'));
  await page.goto('/measurements');
  await Promise.all([shellCode, pageCode, user]);
  // The code and the user are there; the accounts are not: the HTML's frame still stands.
  await expect(page.getByRole('status').getByText('Loading LAMP')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Measurements' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadingBodies: string[] }).loadingBodies)).toEqual([]);
});

test('a list draws its rows before its filters’ controls have loaded, and the filters then work', async ({ page }) => {
  await signIn(page, PERSONA);
  const release = await holdAnswers(page, '**/_astro/ListFilters.*.js');
  await page.goto('/measurements');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  // The status filter's place and value show, but its control (React Aria's select) is not there yet.
  await expect(page.getByText('All statuses')).toBeVisible();
  await expect(page.getByRole('button', { name: /All statuses/ })).toHaveCount(0);
  release();
  await page.getByRole('button', { name: /All statuses/ }).click();
  await page.getByRole('option', { name: 'Live' }).click();
  await expect(page).toHaveURL(/[?&]status=live/);
});

test('the measurement tree beside a dashboard waits until the dashboard’s own figures have arrived', async ({
  page,
}) => {
  await signIn(page, PERSONA);
  const measurement = await liveMeasurement(page);
  const release = await holdAnswers(page, '**/api/v1/measurement-metrics?**');
  // The tree's list of the account's measurements (not the dashboard's read of its own one).
  const treeReads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/measurement\?(?!id=)/.test(request.url())) treeReads.push(request.url());
  });
  await page.goto(`/measurements/${measurement.id}`);
  await expect(page.getByRole('heading', { level: 1, name: measurement.name })).toBeVisible({ timeout: 20_000 });
  // While the figures are on their way, nothing beside the page competes with them.
  await page.waitForTimeout(1000);
  expect(treeReads).toEqual([]);
  release();
  await expect.poll(() => treeReads.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(
    page.getByRole('list', { name: 'Measurements by status' }).getByRole('link', { name: measurement.name }),
  ).toBeVisible();
});

test('the user menu, pressed before its code has arrived, opens as soon as it has', async ({ page }) => {
  await signIn(page, PERSONA);
  const release = await holdAnswers(page, '**/_astro/UserMenu.*.js');
  await page.goto('/measurements');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /user menu for/ }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  release();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /user menu for/ })).toBeFocused();
});

test('a record’s page asks for its record with the HTML, and its page and breadcrumb read it once', async ({
  page,
}) => {
  await signIn(page, 'super@lamp.test');
  const answer = await page.request.get('/api/v1/user?limit=5');
  const [user] = ((await answer.json()) as { data: { id: string; first_name: string; last_name: string }[] }).data;
  if (!user) throw new Error('The data has no user');
  const record = `/api/v1/user?id=${user.id}`;
  // No script of the app arrives: the read starts from the HTML alone.
  await holdScripts(page);
  const early = page.waitForRequest((request) => request.url().endsWith(record));
  await page.goto(`/admin/users/${user.id}`, { waitUntil: 'commit' });
  await early;
  // With its scripts, the page shows the person, named in its breadcrumb too, from one read.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(record)) reads.push(request.url());
  });
  await page.goto(`/admin/users/${user.id}`);
  const name = `${user.first_name} ${user.last_name}`;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
  await page.waitForLoadState('networkidle');
  expect(reads).toHaveLength(1);
});

test('a dashboard reads its measurement once, though its page, its breadcrumb and the account rule all need it', async ({
  page,
}) => {
  await signIn(page, PERSONA);
  const measurement = await liveMeasurement(page);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/v1/measurement?id=${measurement.id}`)) reads.push(request.url());
  });
  await page.goto(`/measurements/${measurement.id}`);
  await expect(page.getByRole('heading', { level: 1, name: measurement.name })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(measurement.name.slice(0, 20));
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(reads).toHaveLength(1);
});

test('on a phone, a dashboard does not read the measurement tree its hidden sidebar would draw; the menu reads it when opened', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, PERSONA);
  const measurement = await liveMeasurement(page);
  const treeReads = recordTreeReads(page);
  await page.goto(`/measurements/${measurement.id}`);
  await expect(page.getByRole('heading', { level: 1, name: measurement.name })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(treeReads).toEqual([]);
  await page.getByText('Menu', { exact: true }).click();
  await expect(page.getByRole('link', { name: measurement.name }).first()).toBeVisible();
  expect(treeReads).toHaveLength(1);
});

test('a collapsed sidebar reads nothing for its measurement tree until it is opened', async ({ page }) => {
  await signIn(page, PERSONA);
  const measurement = await liveMeasurement(page);
  await page.goto(`/measurements/${measurement.id}`);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  const treeReads = recordTreeReads(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expect(treeReads).toEqual([]);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByRole('list', { name: 'Measurements by status' })).toBeVisible();
  expect(treeReads).toHaveLength(1);
});
