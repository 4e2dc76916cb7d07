/**
 * The keyboard and the phone (issue 47, item 9), as a person meets them: the report builder's
 * measurement chooser worked with Space, arrows and Escape; focus rings that show on the top bar
 * and on the sidebar's resize handle; Tab from e-mail to password on the sign-in page; and at
 * 390 × 844 the wide tables scroll inside a labelled region the keyboard reaches, and the chart's
 * axis text stays readable.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { getJson } from './helpers/api.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const PHONE = { width: 390, height: 844 };

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Presses Tab until `target` has the focus (at most `limit` times), as a person tabbing to it. A
 * field that opens its list on focus (the account filter) is closed with Escape on the way past.
 */
async function tabTo(page: Page, target: Locator, limit = 40) {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await handle.evaluate((element) => element === document.activeElement)) break;
    if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
  }
  await expect(target).toBeFocused();
}

/** WCAG contrast of two CSS colours, each painted on a canvas to read it as sRGB. */
function contrast(page: Page, one: string, two: string): Promise<number> {
  return page.evaluate(
    ([a, b]) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      const luminance = (colour: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = colour;
        canvas.fillRect(0, 0, 1, 1);
        const [r, g, bl] = [...canvas.getImageData(0, 0, 1, 1).data].map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
      };
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    },
    [one, two] as const,
  );
}

/** The focus ring an element draws: its outline's style, width and colour. */
const ring = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor };
  });

test.describe('the report builder’s measurement chooser', () => {
  test('opens as a sheet sized to its content, Space ticks the focused option, Escape returns to its button', async ({
    page,
  }) => {
    await signIn(page, 'writer@northwind.test');
    // A long name must wrap inside the sheet, not stretch it over the sidebar.
    const longName = `Northwind – Q4 2026 – ${'A flight with a very long name indeed – '.repeat(4)}${Date.now()}`;
    const made = await page.request.post('/api/v1/measurement', {
      data: {
        account: ACCOUNT_IDS.northwind,
        name: longName,
        status: 'draft',
        start_date: '2026-11-01',
        end_date: '2026-11-30',
      },
    });
    expect(made.status()).toBe(201);
    await openApp(page, '/reports');
    const chooser = page.getByRole('button', { name: /^Measurements/ });
    await chooser.click();
    const sheet = page.getByRole('dialog', { name: 'Measurements' });
    const search = sheet.getByRole('searchbox', { name: 'Search measurements' });
    await expect(search).toBeFocused();
    await expect(sheet.getByRole('option', { name: longName })).toBeVisible();

    const [box, button, sidebar] = await Promise.all([
      sheet.boundingBox(),
      chooser.boundingBox(),
      page.getByRole('complementary', { name: 'Sidebar' }).boundingBox(),
    ]);
    expect(box!.width).toBeLessThanOrEqual(512);
    expect(box!.width).toBeGreaterThanOrEqual(button!.width - 1);
    expect(box!.x).toBeGreaterThanOrEqual(sidebar!.x + sidebar!.width);

    // Typing in the search box types, spaces included.
    await search.pressSequentially('Q4 2026', { delay: 15 });
    await expect(search).toHaveValue('Q4 2026');
    // Down arrow moves into the list; Space ticks the focused option and unticks it again.
    await page.keyboard.press('ArrowDown');
    const first = sheet.getByRole('option').first();
    await expect(first).toBeFocused();
    const firstName = (await first.textContent())!.replace('✓', '').trim();
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveValue('Q4 2026');
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowDown');
    const second = sheet.getByRole('option').nth(1);
    await expect(second).toBeFocused();
    const secondName = (await second.textContent())!.replace('✓', '').trim();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    expect(secondName).not.toBe(firstName);

    // Escape closes the sheet and puts the focus back on the button that opened it.
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(chooser).toBeFocused();
    await expect(chooser).toHaveText(secondName);
    // …and that button shows it has the focus.
    const { style, width, colour } = await ring(chooser);
    expect(style).not.toBe('none');
    expect(width).toBeGreaterThanOrEqual(2);
    expect(await contrast(page, colour, 'white')).toBeGreaterThanOrEqual(3);
    await expectNoSeriousViolations(page);
  });
});

test('the top bar’s focus ring stands out from the bar by at least 3:1', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/');
  const measurements = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Measurements' });
  await tabTo(page, measurements);
  const { style, width, colour } = await ring(measurements);
  expect(style).not.toBe('none');
  expect(width).toBeGreaterThanOrEqual(2);
  const bar = await page
    .locator('header')
    .first()
    .evaluate((header) => getComputedStyle(header).backgroundColor);
  expect(await contrast(page, colour, bar)).toBeGreaterThanOrEqual(3);
});

test('the sidebar’s resize handle shows a focus ring and resizes with the arrow keys', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, '/reports');
  // By its label: Playwright gives a separator no accessible name, though screen readers read it.
  const handle = page.getByLabel('Resize sidebar');
  await tabTo(page, handle);
  const { style, width, colour } = await ring(handle);
  expect(style).not.toBe('none');
  expect(width).toBeGreaterThanOrEqual(2);
  const sidebar = await page
    .getByRole('complementary', { name: 'Sidebar' })
    .evaluate((aside) => getComputedStyle(aside).backgroundColor);
  expect(await contrast(page, colour, sidebar)).toBeGreaterThanOrEqual(3);

  const before = Number(await handle.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 10));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 10));
  await expect(handle).toBeFocused();
});

test('on the sign-in page, Tab goes from the e-mail to the password', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').click();
  await form.getByLabel('Email').pressSequentially('reader@northwind.test', { delay: 10 });
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  // Forgot password? is still a stop of its own, after the password.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

/**
 * On a phone: the table's region is reached with Tab, scrolls with the arrow keys until its last
 * column shows whole, and has an edge shadow while there is more to see.
 */
async function expectScrollsSideways(page: Page, region: Locator, lastHeader: Locator) {
  await expect(region).toBeVisible();
  await tabTo(page, region, 60);
  const shadows = () => region.locator('xpath=../div[@aria-hidden="true"]').count();
  expect(await shadows()).toBe(1);
  expect(await lastHeader.evaluate((th) => th.getBoundingClientRect().right)).toBeGreaterThan(PHONE.width);
  // Arrow keys scroll it to its end, where its last column shows whole.
  await expect(async () => {
    await page.keyboard.press('ArrowRight');
    expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth - box.scrollLeft)).toBeLessThanOrEqual(1);
  }).toPass({ intervals: [0], timeout: 10_000 });
  expect(await lastHeader.evaluate((th) => th.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width);
  await expect(region).toBeFocused();
  // Scrolled to the end, the shadow moves to the left edge: there is more to see that way now.
  expect(await shadows()).toBe(1);
  expect(await region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: PHONE });

  test('the measurements and activations tables scroll sideways in a labelled region', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/measurements');
    const measurements = page.getByRole('region', { name: /^Measurements.*scrolls sideways/ });
    await expect(measurements.locator('tbody tr').first()).toBeVisible();
    await expectScrollsSideways(page, measurements, measurements.locator('thead th:visible').last());
    await expectNoSeriousViolations(page);

    await openApp(page, '/activations/activations');
    const activations = page.getByRole('region', { name: /^Activations.*scrolls sideways/ });
    await expect(activations.locator('tbody tr').first()).toBeVisible();
    await expectScrollsSideways(page, activations, activations.locator('thead th:visible').last());
  });

  test('the import job statuses table scrolls sideways in a labelled region', async ({ page }) => {
    await signIn(page, 'root@lamp.test');
    await openApp(page, '/admin/import-job-statuses');
    const statuses = page.getByRole('region', { name: /scrolls sideways/ });
    await expect(statuses.locator('tbody tr').first()).toBeVisible();
    await expectScrollsSideways(page, statuses, statuses.locator('thead th:visible').last());
    await expectNoSeriousViolations(page);
  });

  test('a dashboard’s breakdown scrolls sideways, and its chart’s axis text is at least 10 px', async ({ page }) => {
    await signIn(page, 'admin@northwind.test');
    const list = await getJson<{ data: { id: string; name: string; status: string }[] }>(
      page.request,
      `/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&status=live&sort=asc(name)&limit=1`,
    );
    const live = list.data[0]!;
    await openApp(page, `/measurements/${live.id}`);
    await expect(page.getByRole('heading', { name: live.name, level: 1 })).toBeVisible();
    const breakdown = page.getByRole('region', { name: /^Attention by .* \(scrolls sideways\)$/ });
    await expectScrollsSideways(page, breakdown, breakdown.locator('thead th:visible').last());

    // The size a person sees: the text's font size times the scale the chart is drawn at.
    const chart = page.getByRole('figure', { name: /by day$/ }).locator('svg');
    await expect(chart.locator('text').first()).toBeVisible();
    const sizes = await chart
      .locator('text')
      .evaluateAll((texts) =>
        texts.map(
          (text) => parseFloat(getComputedStyle(text).fontSize) * (text as SVGGraphicsElement).getScreenCTM()!.a,
        ),
      );
    expect(sizes.length).toBeGreaterThan(4);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
    // The day labels do not run into each other.
    const days = await chart
      .locator('text[text-anchor="middle"]')
      .evaluateAll((texts) =>
        texts.map((t) => t.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
      );
    for (let i = 1; i < days.length; i++) expect(days[i]!.left).toBeGreaterThan(days[i - 1]!.right);
    await expectNoSeriousViolations(page);
  });
});
