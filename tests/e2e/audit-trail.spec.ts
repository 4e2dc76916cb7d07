/**
 * The audit trail as a person uses it: root changes a label in Northwind, opens the
 * account's Activity, filters it by who acted and reads the change; then the label's History.
 */
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { selectAccount, unique } from './admin/account-helpers.ts';
import { clickAway, pickFromCombobox, typeInto } from './helpers/person.ts';
import { expect, test } from './helpers/sandbox.ts';
import { openApp, signIn } from './helpers/session.ts';

test('root renames a label, finds the change in Activity by who made it, and reads it in the label’s History', async ({
  page,
}) => {
  await selectAccount(page, ACCOUNT_IDS.northwind);
  await signIn(page, 'root@lamp.test');
  const category = unique('Audit cat');
  const made = await page.request.post('/api/v1/label-category', {
    data: { name: category, account: ACCOUNT_IDS.northwind },
  });
  const categoryId = ((await made.json()) as { data: { id: string } }).data.id;
  await page.request.post('/api/v1/label-value', { data: { name: 'Spring', category_id: categoryId } });

  await openApp(page, '/labels');
  await typeInto(page.getByLabel('Search categories'), category);
  await page.getByRole('button', { name: category, exact: true }).click();
  await page.getByRole('link', { name: 'Spring', exact: true }).click();
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.clear();
  await typeInto(name, 'Summer');
  await clickAway(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Summer saved')).toBeVisible();

  // The account's Activity, narrowed to what Rowan Achebe (root) did.
  await openApp(page, '/admin/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await pickFromCombobox(page, page.getByRole('combobox', { name: 'Who' }), 'Rowan', /Rowan Achebe/, 'Rowan Achebe');
  await clickAway(page);
  await expect(page).toHaveURL(/actor=/);
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByRole('row', { name: /Name: Spring → Summer/ })).toBeVisible();
  await expect(activity.getByRole('row', { name: /Name: Spring → Summer/ })).toContainText('root@lamp.test');
  // Everything listed is root's: no other person's change is in the filtered view.
  for (const email of await activity.getByRole('cell', { name: /@/ }).allTextContents())
    expect(email).toBe('root@lamp.test');

  // The label's own History: the rename and the creation, newest first.
  await openApp(page, '/labels');
  await typeInto(page.getByLabel('Search categories'), category);
  await page.getByRole('button', { name: category, exact: true }).click();
  await page.getByRole('link', { name: 'Summer', exact: true }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Changed by root@lamp.test' })).toContainText(
    'Name: Spring → Summer',
  );
  await expect(history.getByRole('listitem').filter({ hasText: 'Created by root@lamp.test' })).toBeVisible();
});

test('a fresh demo’s All Activity holds its history, each change in words: names and labels, not ids and keys', async ({
  page,
}) => {
  await signIn(page, 'super@lamp.test');
  await openApp(page, '/admin/all-activity');
  await expect(page.getByRole('heading', { level: 1, name: 'All Activity' })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('No activity recorded yet')).toHaveCount(0);
  // Narrowed to the writer, as a person looking for his changes does: the worker's sandbox also
  // holds what the specs before this one changed, which can fill the first page.
  await pickFromCombobox(
    page,
    activity.getByRole('combobox', { name: 'Who' }),
    'Will',
    /Will Harrington/,
    'Will Harrington',
  );
  await clickAway(page);
  await expect(page).toHaveURL(/actor=/);
  // A measurement a writer made for Northwind (the What column says so: earlier specs may have
  // left him other records, an activation say): its account by name, its fields by their labels.
  const made = activity
    .getByRole('row', { name: /writer@northwind\.test/ })
    .filter({ has: page.getByRole('cell', { name: 'Measurements', exact: true }) })
    .filter({ hasText: 'Account: — → Northwind Media' });
  await expect(made.first()).toBeVisible();
  await expect(made.first()).toContainText('Start date: — →');
  // Its other ids (channels, formats, contract) by their names too, and no field by its key. The
  // names are asked for once the page's records have arrived (useChangeNames), so the lines read
  // ids for a moment first: the check waits for them as a reader does.
  await expect(async () => {
    const lines = await made.allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const text of lines) expect(text).not.toMatch(/[0-9a-f]{24}|\b(?:start_date|end_date|channels|account)\b/);
  }).toPass({ timeout: 10_000 });
});
