/**
 * A user's e-mail on /admin/users/{id}: locked, with the reason, where the server would
 * refuse the change (the editor does not outrank the user in every account they work in); where
 * it is allowed, a new address waits for its confirmation link, and following that link (as the
 * user, from their mailbox) makes it the e-mail. As root, in an account of the test's own.
 */
import { messages } from '../../../src/shared/messages.ts';
import { ACCOUNT_IDS } from '../../../src/shared/demo-data.ts';
import { outbox } from '../auth-helpers.ts';
import { expect, test } from '../helpers/sandbox.ts';
import { openApp, signIn } from '../helpers/session.ts';
import { createAccount, selectAccount, unique } from './account-helpers.ts';
import type { APIRequestContext } from '@playwright/test';

const ROOT = 'root@lamp.test';

/** A user of the account, made by root through the API: grants on it (and others), or root there. */
async function createPerson(
  request: APIRequestContext,
  account: string,
  last: string,
  grants: { id: string; role: string }[],
  root = false,
) {
  const email = `${unique(last.toLowerCase())}@admin-sections.test`;
  const response = await request.post('/api/v1/user', {
    data: {
      account,
      first_name: 'Robin',
      last_name: last,
      email,
      super_admin: false,
      access_grants: grants.map((grant) => ({ ...grant, type: 'account' })),
      root_account_access_grants: root ? [{ id: account, type: 'account', role: 'root' }] : [],
      viewed_marketing_consent: true,
      marketing_consent: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, name: `Robin ${last}` };
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ROOT);
});

test('the e-mail of a user root does not outrank is locked, and says why', async ({ page }) => {
  const account = await createAccount(page.request, unique('Peer account'));
  const peer = await createPerson(page.request, account, unique('Peer'), [], true);
  await selectAccount(page, account);
  await openApp(page, '/admin/users');
  await page.getByRole('link', { name: peer.name }).click();
  const email = page.getByLabel('Email');
  await expect(email).toBeDisabled();
  await expect(email).toHaveValue(peer.email);
  await expect(page.getByText(messages.signIn.emailChangeRefused)).toBeVisible();
  // The rest of the form stays open to them.
  await expect(page.getByLabel('First name')).toBeEditable();
});

test('a changed e-mail waits for the new address, whose link makes it the login', async ({ page, browser }) => {
  test.slow();
  const account = await createAccount(page.request, unique('Shared account'));
  const person = await createPerson(page.request, account, unique('Shared'), [
    { id: account, role: 'read' },
    { id: ACCOUNT_IDS.contoso, role: 'read' },
  ]);
  const next = `${unique('moved')}@admin-sections.test`;
  await selectAccount(page, account);
  await openApp(page, '/admin/users');
  await page.getByRole('link', { name: person.name }).click();

  const email = page.getByLabel('Email');
  await expect(email).toBeEditable();
  await email.click();
  await email.press('ControlOrMeta+a');
  await email.pressSequentially(next);
  await page.getByLabel('Last name').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.profile.detailsUpdated('Robin', person.name.slice(6)))).toBeVisible();
  // Still the old address, with the change waiting for its confirmation.
  await expect(page.getByText(messages.signIn.emailPending(next))).toBeVisible();
  await expect(email).toHaveValue(person.email);
  expect((await outbox(page.request, person.email))[0]?.kind).toBe('email-change-notice');

  // The user opens the link from their new mailbox, in a browser of their own.
  const [confirm] = await outbox(page.request, next);
  expect(confirm?.kind).toBe('email-change');
  const theirs = await browser.newContext();
  const mailbox = await theirs.newPage();
  await mailbox.goto(confirm?.link ?? '');
  await expect(mailbox).toHaveURL(/\/$/);
  await theirs.close();

  await openApp(page, '/admin/users', { reload: true });
  await page.getByRole('link', { name: person.name }).click();
  await expect(page.getByLabel('Email')).toHaveValue(next);
  await expect(page.getByText(messages.signIn.emailPending(next))).toHaveCount(0);
});
