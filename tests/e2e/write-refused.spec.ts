import { expect, test } from './helpers/sandbox.ts';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { clickAway, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * decisions.md §3: a write the server refuses for the user's role says what was refused ('You do
 * not have the required access to change this'), not a page's text. A writer whose role is taken
 * away while an edit is open sees that when saving, and nothing is saved.
 */
test('a writer demoted while editing is told the change was refused, and nothing changes', async ({
  page,
  browser,
}) => {
  await signIn(page, 'writer@northwind.test');
  const answer = await page.request.get(`/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&limit=1`);
  const measurement = ((await answer.json()) as { data: { id: string; name: string }[] }).data[0]!;
  await openApp(page, `/measurements/${measurement.id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(measurement.name);
  await typeInto(page.getByLabel('Name'), `${measurement.name} (renamed)`);
  await clickAway(page);

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const setRole = async (role: 'read' | 'write') => {
    const response = await adminPage.request.put('/api/v1/account-users/role', {
      data: { user: USER_IDS.northwindWriter, account: ACCOUNT_IDS.northwind, role },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  try {
    await signIn(adminPage, 'admin@northwind.test');
    await setRole('read');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.access.writeRefused })).toBeVisible();
    await expect(page.getByText(messages.access.accountError)).toHaveCount(0);
  } finally {
    await setRole('write');
    await admin.close();
  }
  const after = await page.request.get(`/api/v1/measurement?id=${measurement.id}`);
  expect(((await after.json()) as { data: { name: string }[] }).data[0]!.name).toBe(measurement.name);
});
