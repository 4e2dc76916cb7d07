import type { Locator } from '@playwright/test';
import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * What a client notices on a laptop (1366 × 900, the suite's viewport) and a phone: checked by
 * geometry and text a person reads, never by pixels.
 */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

test('a self-serve home has no empty sidebar column: its page sits in the middle of the screen', async ({ page }) => {
  await signIn(page, 'selfserve@fabrikam.test');
  await openApp(page, '/');
  const links = page.getByRole('region', { name: 'Quick links' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const first = await box(links.first());
  const last = await box(links.last());
  const width = page.viewportSize()!.width;
  // A blank column on the left pushed the cards about 290 px off centre.
  expect(Math.abs(first.x - (width - (last.x + last.width)))).toBeLessThan(24);
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveCount(0);
});

test('the attention funnel never widens: viewed stands beside viewable, each share says what it is of', async ({
  page,
}) => {
  await signIn(page, 'admin@northwind.test');
  // A mobile display campaign: more impressions are viewed (of measured) than are viewable (of all).
  await openApp(page, '/measurements/66400000000000000000003f');
  const funnel = page.getByRole('group', { name: 'Attention funnel' });
  const step = (name: string) => funnel.getByRole('meter', { name: new RegExp(`^${name}`) });
  await expect(step('Viewed')).toBeVisible();
  await expect(funnel.getByText(/% of impressions$/)).toHaveCount(2);
  await expect(funnel.getByText(/% of measured impressions$/)).toHaveCount(1);
  const fill = (name: string) =>
    step(name).evaluate((meter) => (meter.firstElementChild as HTMLElement).getBoundingClientRect().width);
  const impressions = await fill('Impressions');
  const measured = await fill('Measured');
  const viewable = await fill('Viewable');
  const viewed = await fill('Viewed');
  expect(measured).toBeLessThanOrEqual(impressions);
  expect(viewable).toBeLessThanOrEqual(measured);
  expect(viewed).toBeLessThanOrEqual(measured);
  // Side by side, not one under the other.
  const [left, right] = [await box(step('Viewable')), await box(step('Viewed'))];
  expect(Math.abs(left.y - right.y)).toBeLessThan(2);
  expect(left.x + left.width).toBeLessThanOrEqual(right.x);
});

test('a report chart with nothing delivered says why, as its results table does', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  // A draft whose flight has not started: nothing delivered in the last 30 days.
  await openApp(page, '/reports?measurement=664000000000000000000019&groupBy=channel&relativeDate=last_30_days');
  const chart = page.getByRole('region', { name: 'By channel' });
  await expect(chart.getByText('No delivery in this date range')).toBeVisible();
  await expect(chart.getByText('Try a longer date range, or other measurements.')).toBeVisible();
});

/** A date as the app writes it everywhere: '9 Oct 2026'. */
const DAY = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;

test('detail pages write dates one way, never as ISO', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  await openApp(page, '/billing/purchase-orders/66510000000000000000000a');
  await expect(page.getByRole('heading', { name: 'Measurements it pays for' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(ISO_DAY);
  await expect(page.getByText('9 Oct 2026', { exact: true })).toBeVisible();

  await openApp(page, '/');
  await expect(page.getByRole('list', { name: 'Recent measurements' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent measurements' })).toContainText(
    /\d{1,2} [A-Z][a-z]{2,3} \d{4} – \d{1,2} [A-Z][a-z]{2,3} \d{4}/,
  );

  await signIn(page, 'super@lamp.test');
  await openApp(page, '/admin/contracts/665000000000000000000009', { reload: true });
  await expect(page.getByText(/^Created \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/)).toBeVisible();
});

test('on a laptop, a contract range breaks between its dates, never inside one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'super@lamp.test');
  await openApp(page, '/admin/all-contracts');
  const days = page.getByRole('table').getByText(DAY);
  await expect(days.first()).toBeVisible();
  await expect(page.getByRole('table')).not.toContainText(ISO_DAY);
  const count = Math.min(await days.count(), 10);
  for (let i = 0; i < count; i += 1) {
    const { height } = await box(days.nth(i));
    expect(height, `"${await days.nth(i).textContent()}" on one line`).toBeLessThan(24);
  }
});

for (const { width, height } of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`choosing a label category shows its labels on screen at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'admin@northwind.test');
    await openApp(page, '/labels');
    const category = page.getByRole('button', { name: 'Region', exact: true });
    await category.click();
    const heading = page.getByRole('heading', { name: 'Labels in Region' });
    await expect(heading).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('region', { name: 'Labels in Region' }).getByRole('row').nth(1)).toBeInViewport();
    // On a laptop the labels open beside the categories, not below the fold.
    if (width > 1000) expect((await box(heading)).y).toBeLessThan((await box(category)).y);
  });
}

test('a dropdown in a dialog looks like a dropdown on a page', async ({ page }) => {
  await signIn(page, 'admin@northwind.test');
  const look = (control: ReturnType<typeof page.getByRole>) =>
    control.evaluate((el) => {
      const style = getComputedStyle(el);
      const chevron = (
        el.querySelector('svg') ?? el.parentElement?.querySelector(':scope > svg')
      )?.getBoundingClientRect();
      return {
        height: Math.round(el.getBoundingClientRect().height),
        radius: style.borderTopLeftRadius,
        border: style.borderTopColor,
        font: style.fontSize,
        padding: `${style.paddingLeft} ${style.paddingRight}`,
        nativeArrow: el.tagName === 'SELECT' && style.appearance !== 'none',
        chevron: chevron ? `${Math.round(chevron.width)}×${Math.round(chevron.height)}` : 'none',
      };
    });
  await openApp(page, '/measurements/66400000000000000000003f');
  const onPage = await look(page.getByRole('combobox', { name: 'Date range' }));
  await openApp(page, '/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const inDialog = await look(page.getByRole('dialog').getByRole('button', { name: /Role$/ }));
  expect(onPage.nativeArrow).toBe(false);
  expect(inDialog).toEqual(onPage);
});
