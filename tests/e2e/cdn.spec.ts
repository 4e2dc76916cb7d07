/**
 * The front end on a CDN, as the README's "Hosting the front end on a CDN" sets it up:
 * a second build with PUBLIC_API_BASE on another origin, served by a plain static host that
 * applies the build's _redirects and _headers (helpers/static-host.ts), and the API alone
 * (LAMP_SERVE_STATIC=false) allowing that origin and sending e-mailed links to it. A person signs
 * in, edits and deletes a measurement's name, a label and a saved report through the pages, and
 * follows a reset link from the outbox; the pages' CSP holds throughout.
 *
 * One build and two servers for the whole file, in one worker (about 40 s of a busy machine).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { DEMO_PASSWORD } from '../../fixtures/passwords.ts';
import { runBuffered, start } from '../../scripts/lib.ts';
import { messages } from '../../src/shared/messages.ts';
import { freePort } from '../support/free-port.ts';
import { signIn, STRONG_PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { startStaticHost } from './helpers/static-host.ts';

test.describe.configure({ mode: 'serial' });

let api = '';
let cdn = '';
let dist = '';
let apiProcess: ChildProcess | undefined;
let host: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const [apiPort, cdnPort] = [await freePort(), await freePort()];
  api = `http://127.0.0.1:${apiPort}`;
  cdn = `http://127.0.0.1:${cdnPort}`;
  dist = mkdtempSync(path.join(tmpdir(), 'lamp-cdn-'));
  const build = await runBuffered('astro', ['build', '--silent', '--outDir', dist], { PUBLIC_API_BASE: api });
  expect(build.code, build.output).toBe(0);
  apiProcess = start(process.execPath, ['server/main.ts'], {
    LAMP_MODE: 'test',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    LAMP_DATA_DIR: '',
    LOG_LEVEL: 'warn',
    LAMP_SERVE_STATIC: 'false',
    LAMP_CORS_ORIGINS: cdn,
    LAMP_PUBLIC_URL: cdn,
  });
  await expect
    .poll(
      () =>
        fetch(`${api}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  host = await startStaticHost(dist, cdnPort);
});

test.afterAll(async () => {
  apiProcess?.kill('SIGTERM');
  await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)));
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** Every CSP violation a page reports, from the event and from the console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.context().exposeBinding('reportCspViolation', (_source, text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A field emptied and typed into, as a person does. */
async function retype(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await signIn(page, email, password, `${cdn}/login`);
  await expect(page).toHaveURL(new RegExp(`^${cdn}/(\\?.*)?$`), { timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
}

const unique = (tag: string) => `${tag} ${Date.now().toString(36)}`;

test('the static host answers with the build’s mapping and the page headers', async ({ request }) => {
  const page = await request.get(`${cdn}/measurements/abc/edit`);
  expect(page.status()).toBe(200);
  const csp = page.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`connect-src 'self' ${api}`);
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  expect(page.headers()['x-frame-options']).toBe('DENY');
  expect(page.headers()['permissions-policy']).toContain('camera=()');
  // A missing file is a 404, not the app page.
  expect((await request.get(`${cdn}/x.js`)).status()).toBe(404);
  expect((await request.get(`${cdn}/_astro/missing.js`)).status()).toBe(404);
  expect((await request.get(`${cdn}/login`)).status()).toBe(200);
});

test('a person signs in, edits and deletes across the two origins, with the CSP holding', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  await signInThroughForm(page, 'admin@northwind.test', DEMO_PASSWORD);

  await test.step('a measurement renamed (PUT)', async () => {
    const list = await page.request.get(`${api}/api/v1/measurement`, {
      params: { account: ACCOUNT_IDS.northwind, limit: 1, sort: 'asc(name),asc(id)' },
    });
    const [measurement] = ((await list.json()) as { data: { id: string; name: string }[] }).data;
    await page.goto(`${cdn}/measurements/${measurement!.id}/edit`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(measurement!.name, { timeout: 20_000 });
    const renamed = unique('CDN measurement');
    await retype(page, 'Name', renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible({ timeout: 20_000 });
  });

  await test.step('a label renamed (PUT) and deleted (DELETE)', async () => {
    const category = await page.request.post(`${api}/api/v1/label-category`, {
      data: { name: unique('CDN category'), account: ACCOUNT_IDS.northwind },
    });
    const categoryId = ((await category.json()) as { data: { id: string } }).data.id;
    const value = await page.request.post(`${api}/api/v1/label-value`, {
      data: { name: 'Original', category_id: categoryId },
    });
    const labelId = ((await value.json()) as { data: { id: string } }).data.id;
    await page.goto(`${cdn}/labels/${categoryId}/${labelId}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Original' })).toBeVisible({ timeout: 20_000 });
    await retype(page, 'Name', 'Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Renamed saved')).toBeVisible();
    await page.getByRole('link', { name: 'Renamed' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Renamed deleted')).toBeVisible();
  });

  await test.step('a saved report saved (POST), renamed (PUT) and deleted (DELETE)', async () => {
    // A report is saved with a selection (Save report stays off until something is chosen).
    await page.goto(`${cdn}/reports?startDate=2026-10-01&endDate=2026-10-31&measurement=*&groupBy=channel`);
    const name = unique('CDN report');
    await page.getByRole('button', { name: 'Save report' }).click({ timeout: 20_000 });
    await page.getByRole('textbox', { name: 'Name' }).pressSequentially(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const renamed = `${name} (renamed)`;
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Name' }).click();
    await page.getByRole('textbox', { name: 'Name' }).press('End');
    await page.getByRole('textbox', { name: 'Name' }).pressSequentially(' (renamed)');
    await page.getByRole('button', { name: 'Rename', exact: true }).last().click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(`${cdn}/reports/saved`);
    await expect(page.getByRole('main').getByRole('link', { name: renamed })).toHaveCount(0);
  });

  expect(violations).toEqual([]);
});

test('an e-mailed reset link opens the front end’s origin and sets the password there', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchCsp(page);
  const email = uniqueEmail('cdn-reset');
  const created = await page.request.post(`${api}/api/v1/testing/users`, { data: { email, password: null } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`${cdn}/login`);
  await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').click();
  await dialog.getByLabel('Email').pressSequentially(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();

  // The link as the e-mail's text carries it, the one a person clicks.
  let link = '';
  await expect
    .poll(async () => {
      const outbox = await page.request.get(`${api}/api/v1/testing/outbox`, { params: { to: email } });
      const [mail] = ((await outbox.json()) as { data: { url: string; text: string }[] }).data;
      link = mail && mail.text.includes(mail.url) ? mail.url : '';
      return link;
    })
    .toMatch(new RegExp(`^${cdn}/reset-password\\?`));

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible({ timeout: 20_000 });
  const form = page.getByTestId('password-form-reset');
  await form.getByLabel('New password', { exact: true }).click();
  await form.getByLabel('New password', { exact: true }).pressSequentially(STRONG_PASSWORD);
  await form.getByLabel('Confirm new password', { exact: true }).click();
  await form.getByLabel('Confirm new password', { exact: true }).pressSequentially(STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.auth.passwordChanged)).toBeVisible();
  // Signed in, on the front end's origin.
  await expect(page).toHaveURL(new RegExp(`^${cdn}/(\\?.*)?$`), { timeout: 10_000 });
  expect(violations).toEqual([]);
});
