import { expect, test } from './helpers/sandbox.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { formatDate } from '../../src/shared/date-format.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * Pages about one record (spec §4): a page whose record belongs to another account switches to
 * it, so its way back leads to that account's list; and a dashboard whose flight is still to come
 * says so. Read only.
 */
test("another account's purchase order switches to that account, and its way back is that account's billing", async ({
  page,
}) => {
  await signIn(page, 'super@lamp.test');
  const answer = await page.request.get(`/api/v1/purchase-order?account=${ACCOUNT_IDS.contoso}&limit=1`);
  const order = ((await answer.json()) as { data: { id: string; reference: string }[] }).data[0]!;
  await openApp(page, '/');
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('Lamp HQ');
  // Opened as from a link elsewhere (a search result, a shared address).
  await openApp(page, `/billing/purchase-orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Purchase order ${order.reference}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('Contoso Partners');
  await page.getByRole('link', { name: '← All billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByRole('main').getByText(order.reference).first()).toBeVisible();
});

test('a draft whose flight is still to come says it has not started, and when it starts', async ({ page, lamp }) => {
  await signIn(page, 'reader@northwind.test');
  const answer = await page.request.get(`/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&limit=5000`);
  // The server's today (test mode's fixed clock), by which the page says whether a flight started.
  const today = (await lamp.clock()).now.slice(0, 10);
  const future = ((await answer.json()) as { data: { id: string; name: string; start_date: string }[] }).data.find(
    (m) => m.start_date > today,
  )!;
  await openApp(page, `/measurements/${future.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(future.name.slice(0, 20));
  await expect(
    page.getByText(`The flight has not started: it starts on ${formatDate(future.start_date)}.`),
  ).toBeVisible();
  await expect(page.getByText(/^Showing /)).toHaveCount(0);
});
