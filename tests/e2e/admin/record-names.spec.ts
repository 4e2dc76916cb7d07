import { expect, test } from '../helpers/sandbox.ts';
import { openApp, signIn } from '../helpers/session.ts';

/**
 * What admin pages call a record: a third-party macro's page is headed by the macro, and the
 * breadcrumb of one import's status events names the correlation without asking the server for a
 * record it could only refuse. Read only.
 */
test("a third party macro's page is headed by the macro", async ({ page }) => {
  await signIn(page, 'root@lamp.test');
  await openApp(page, '/admin/third-party-macros');
  const row = page.getByTestId('admin-list').getByRole('row').nth(1);
  const macro = (await row.getByRole('code').first().innerText()).trim();
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(macro);
});

test('the breadcrumb of an import’s statuses shows its correlation id, with no failed request or console error', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      problems.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, 'root@lamp.test');
  await openApp(page, '/admin/import-job-statuses');
  const link = page
    .getByTestId('admin-list')
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /^[0-9a-f-]{36}$/ });
  const correlation = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByText(`Every status of the import with correlation id ${correlation}`)).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem').last()).toContainText(correlation.slice(0, 20));
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
