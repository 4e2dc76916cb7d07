/**
 * The user guide (/documentation) and its page for API and test authors
 * (/documentation/api): every link on both resolves, every formula, figure, permission, macro and
 * tag shown matches the module it is rendered from, search covers both pages in the browser, old
 * deep links to the moved API parts still land, the pages read on a phone, each ships at most 10 KB
 * of JavaScript, and axe finds no serious violation.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MACRO_VENDORS } from '../../fixtures/lookups.ts';
import { findRoute, notFoundRoute, paths } from '../../src/app/routes/index.ts';
import { exampleFigures, WORKED_EXAMPLES } from '../../src/docs/examples.ts';
import { alsoEqualsText, formulaText } from '../../src/docs/formulas.ts';
import { DOC_PAGES, DOC_TOPICS, docHref } from '../../src/docs/sections.ts';
import { STATIC_PAGES } from '../../server/plugins/static-site.ts';
import { can, PERMISSIONS, ROLES, type Permission } from '../../src/shared/access.ts';
import { DERIVED_KEYS, formatMetric, type MetricKey } from '../../src/shared/metrics.ts';
import { DemoTourSchema } from '../../src/shared/schemas/demo-tour.ts';
import { buildTags } from '../../src/shared/tags.ts';
import { SCHEDULE_RETRY_DELAYS_MS } from '../../src/shared/schedule.ts';
import { MAX_SCHEDULE_RECIPIENTS } from '../../src/shared/schemas/report-schedule.ts';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './auth-helpers.ts';

const JS_BUDGET_BYTES = 10 * 1024;

async function openGuide(page: Page, hash = '') {
  await page.goto(`/documentation${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'LAMP user guide' })).toBeVisible();
}

async function openApiGuide(page: Page, hash = '') {
  await page.goto(`/documentation/api${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'LAMP for API and test authors' })).toBeVisible();
}

async function openDemoGuide(page: Page, hash = '') {
  await page.goto(`${DOC_PAGES.demo}${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Giving a LAMP demo' })).toBeVisible();
  // Its links to the featured rows are written once the demo figures have arrived.
  await expect(page.locator('[data-tour-status]')).toHaveAttribute('data-state', 'ready');
}

async function openTestingGuide(page: Page, hash = '') {
  await page.goto(`${DOC_PAGES.testing}${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'LAMP for test suites' })).toBeVisible();
}

const GUIDE_PAGES = [
  { name: 'the user guide', open: openGuide },
  { name: 'the API guide', open: openApiGuide },
  { name: 'the demo script', open: openDemoGuide },
  { name: 'the test authors’ guide', open: openTestingGuide },
];

test.describe('the documentation', () => {
  for (const { name, open } of GUIDE_PAGES) {
    test(`every link in ${name} resolves: anchors to an element, paths to a page or an API answer`, async ({
      page,
      request,
    }) => {
      await open(page);
      await expectLinksResolve(page, request);
    });
  }

  async function expectLinksResolve(page: Page, request: APIRequestContext) {
    const { hrefs, ids } = await page.evaluate(() => ({
      hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
      ids: [...document.querySelectorAll('[id]')].map((el) => el.id),
    }));
    expect(new Set(ids).size, 'element ids are unique, so every anchor is unambiguous').toBe(ids.length);
    const idSet = new Set(ids);
    const paths = new Set<string>();
    for (const href of hrefs) {
      if (href.startsWith('#')) expect(idSet.has(decodeURIComponent(href.slice(1))), href).toBe(true);
      else if (href.startsWith('/')) paths.add(href);
      else if (href.startsWith('mailto:')) expect(href).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/i);
      else expect(() => new URL(href), href).not.toThrow();
    }
    expect(paths.size).toBeGreaterThan(0);
    for (const href of paths) {
      const [path = '/', hash] = href.split('#');
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), href).toBe(200);
      const type = response.headers()['content-type'] ?? '';
      // The app page answers every path: an app link must also name a route the app has.
      if (type.includes('text/html') && !(path in STATIC_PAGES)) {
        expect(findRoute(path).route, `${href} is an app route`).not.toBe(notFoundRoute);
      }
      if (hash) expect(await response.text(), `${href} has its anchor`).toContain(`id="${hash}"`);
    }
  }

  test('the table of contents lists every topic and part, and each deep link lands on its heading', async ({
    page,
  }) => {
    await openGuide(page, '#worked-examples');
    await expect(page.getByRole('heading', { name: 'Worked examples' })).toBeInViewport();
    const contents = page.getByRole('navigation', { name: 'Contents' });
    for (const topic of DOC_TOPICS) {
      await expect(contents.getByRole('link', { name: topic.title, exact: true })).toHaveAttribute(
        'href',
        docHref(topic.id, 'guide'),
      );
    }
    await contents.getByRole('link', { name: 'Sandboxes', exact: true }).click();
    await expect(page).toHaveURL(/\/documentation\/api#sandboxes$/);
    await expect(page.getByRole('heading', { name: 'Sandboxes' })).toBeInViewport();
    // The API page has the same contents; the user guide's topics link back.
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Formulas', exact: true })
      .click();
    await expect(page).toHaveURL(/\/documentation#formulas$/);
    await expect(page.getByRole('heading', { name: 'Formulas', exact: true })).toBeInViewport();
  });

  test('an old deep link to a part that moved to the API page lands on that part', async ({ page }) => {
    await page.goto('/documentation#faults');
    await expect(page).toHaveURL(/\/documentation\/api#faults$/);
    await expect(page.getByRole('heading', { name: 'Faults and latency' })).toBeInViewport();
  });

  test('the API page lists the session calls, including the login page’s probe', async ({ page }) => {
    await openApiGuide(page);
    const sessions = page.getByRole('region', { name: 'Session routes' });
    for (const route of [
      'POST /api/v1/auth',
      'GET /api/v1/session',
      'GET /api/v1/current-user',
      'GET /api/v1/unauth',
    ]) {
      await expect(sessions.getByRole('cell', { name: route, exact: true })).toBeVisible();
    }
  });

  test('every formula shown is the one in src/shared/metrics.ts', async ({ page }) => {
    await openGuide(page);
    const shown = await page
      .locator('[data-formula]')
      .evaluateAll((els) => els.map((el) => [el.getAttribute('data-formula') ?? '', (el.textContent ?? '').trim()]));
    expect(shown.map(([key]) => key).sort()).toEqual([...DERIVED_KEYS].sort());
    for (const [key, text] of shown) expect(text, key).toBe(formulaText(key as (typeof DERIVED_KEYS)[number]));
    await expect(page.locator('[data-formula-also="apm"]')).toHaveText(alsoEqualsText('apm')!);
  });

  test('the worked examples show the figures the shared formulas give', async ({ page }) => {
    await openGuide(page);
    const cells = await page.locator('[data-example]').evaluateAll((els) =>
      els.map((el) => ({
        example: el.getAttribute('data-example') ?? '',
        metric: el.getAttribute('data-metric') ?? '',
        text: (el.textContent ?? '').trim(),
      })),
    );
    expect(cells.length).toBeGreaterThan(WORKED_EXAMPLES.length * 8);
    for (const cell of cells) {
      const example = WORKED_EXAMPLES.find((e) => e.id === cell.example)!;
      const key = cell.metric as MetricKey;
      expect(cell.text, `${cell.example} ${cell.metric}`).toBe(formatMetric(key, exampleFigures(example)[key]));
    }
  });

  test('roles, permissions, macros and tags come from their shared sources', async ({ page }) => {
    await openGuide(page);
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      const row = page.locator(`[data-permission="${permission}"]`);
      for (const role of ROLES) {
        await expect(row.locator(`[data-role="${role}"] [role="img"]`)).toHaveAttribute(
          'aria-label',
          can(role, permission) ? 'yes' : 'no',
        );
      }
    }
    const macros = await page.locator('[data-macro]').allTextContents();
    const expected = MACRO_VENDORS.flatMap((v) => v.macros.map((m) => m.macro));
    expect(macros).toEqual(expected);
    const dv360 = MACRO_VENDORS.find((v) => v.name === 'DV360')!;
    const [vast] = buildTags(
      { id: '6650f1c2a9e4b7d3c1a0e8f5' },
      { vendor: { id: '', name: 'DV360' }, macros: dv360.macros.map(({ parameter, macro }) => ({ parameter, macro })) },
      ['video'],
    );
    await expect(page.getByLabel(vast!.title)).toHaveText(vast!.code);
  });

  test('search finds parts of the guide without a server, and Enter opens the first', async ({ page }) => {
    await openGuide(page);
    const search = page.getByRole('searchbox', { name: 'Search the guide' });
    const results = page.getByRole('list', { name: 'Search results' });
    await search.fill('vast verification');
    await expect(results.getByRole('link', { name: 'VAST verification' })).toBeVisible();
    await search.fill('zebra crossing');
    await expect(page.getByRole('status')).toHaveText('No results for “zebra crossing”');
    await expect(results.getByRole('link')).toHaveCount(0);
    await search.fill('acpm');
    await expect(results.getByRole('link').first()).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(/#[a-z-]+$/);
    // A search can be shared as a link, and finds parts on the API page too.
    await page.goto('/documentation?q=sandbox');
    await expect(results.getByRole('link', { name: 'Sandboxes' })).toHaveAttribute(
      'href',
      `${DOC_PAGES.api}#sandboxes`,
    );
  });

  test('search on the API page finds the user guide’s parts, and Enter goes there', async ({ page }) => {
    await openApiGuide(page);
    const search = page.getByRole('searchbox', { name: 'Search the guide' });
    const results = page.getByRole('list', { name: 'Search results' });
    await search.fill('vast verification');
    await expect(results.getByRole('link').first()).toHaveAttribute('href', `${DOC_PAGES.guide}#vast-verification`);
    await search.press('Enter');
    await expect(page).toHaveURL(/\/documentation#vast-verification$/);
    await expect(page.getByRole('heading', { name: 'VAST verification' })).toBeInViewport();
  });

  for (const { name, open } of GUIDE_PAGES) {
    test(`${name} ships at most ${JS_BUDGET_BYTES / 1024} KB of JavaScript`, async ({ page }) => {
      await expectJsWithinBudget(page, open);
    });
  }

  async function expectJsWithinBudget(page: Page, open: (page: Page) => Promise<void>) {
    const external: number[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') external.push((await response.body()).length);
    });
    await open(page);
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].reduce(
        (sum, s) => sum + new TextEncoder().encode(s.textContent ?? '').length,
        0,
      ),
    );
    const total = inline + external.reduce((a, b) => a + b, 0);
    console.warn(`${page.url()} JavaScript: ${total} bytes (${inline} inline, ${external.length} files)`);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  }

  for (const { name, open } of GUIDE_PAGES) {
    test(`${name} has no serious accessibility violations`, async ({ page }) => {
      await open(page);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('searchbox', { name: 'Search the guide' }).fill('apm');
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('the documentation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reads without sideways scrolling, contents folded until asked for', async ({ page }) => {
    await openGuide(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents).toBeHidden();
    await page.getByText('Contents', { exact: true }).click();
    await contents.getByRole('link', { name: 'Roles and permissions' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Roles and permissions' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the demo script', () => {
  test('quotes the running demo: the featured campaign, its deal and the Spotlight asset, each one link from the page', async ({
    page,
    request,
  }) => {
    const tour = DemoTourSchema.parse(await (await request.get('/api/v1/demo/tour')).json());
    const featured = tour.featured;
    const asset = tour.spotlight.best_asset;
    if (!featured || !asset) throw new Error('the demo data has a featured campaign and a Spotlight asset');
    await openDemoGuide(page);
    const steps = page.getByRole('list').filter({ hasText: 'Sign in as' }).first();
    await expect(steps).toContainText(featured.activation.name);
    await expect(steps).toContainText(
      `${formatMetric('impressions', featured.measurement.impressions, { compact: true })} impressions`,
    );
    await expect(steps).toContainText(`${asset.noticed_pct}%`);
    await expect(page.getByRole('link', { name: asset.name })).toHaveAttribute('href', paths.spotlightAsset(asset.id));
    // The presenter, signed in as the tour's first persona, follows the link to the dashboard it names.
    await signIn(page, tour.agency.persona.email, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await openDemoGuide(page);
    await page.getByRole('link', { name: featured.measurement.name }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.measurement(featured.measurement.id)}$`));
    await expect(page.getByRole('heading', { level: 1, name: featured.measurement.name })).toBeVisible();
  });

  test('says so, and keeps its placeholders, where the server offers no demo figures', async ({ page }) => {
    await page.route('**/api/v1/demo/tour', (route) => route.fulfill({ status: 404, body: '{}' }));
    await page.goto(DOC_PAGES.demo);
    await expect(page.getByRole('status').filter({ hasText: 'does not offer demo figures' })).toBeVisible();
  });
});

test('the guide says how to schedule a report, with the limits and retries the server keeps', async ({ page }) => {
  await openGuide(page, '#scheduling-reports');
  await expect(page.getByRole('heading', { name: 'Scheduling a report' })).toBeVisible();
  const minutes = new Intl.ListFormat('en').format(SCHEDULE_RETRY_DELAYS_MS.map((ms) => String(ms / 60_000)));
  await expect(page.getByText(`A run that fails is tried again ${minutes} minutes later`)).toBeVisible();
  await expect(page.getByText(`up to ${MAX_SCHEDULE_RECIPIENTS} e-mail addresses`)).toBeVisible();
});
