/**
 * An outside team's suite against LAMP's test backend, written from the docs
 * (/documentation/testing) with only the lamp-testing package: each worker has its own sandbox,
 * reset before each test, so these run in any order on two workers.
 */
import { expect, test } from 'lamp-testing/playwright';

const READER = 'reader@northwind.test';
const HOUR = 3_600_000;

test('the fixed clock: "last 7 days" is the data\'s last week, whatever day the suite runs', async ({
  page,
  lamp,
  signInAs,
}) => {
  expect(await lamp.today()).toBe('2026-11-01');
  const session = await signInAs(READER);
  const api = lamp.http(session);
  const answer = await api('/api/v1/report-data?measurement=*&relative_date=last_7_days&group_by=day');
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: { start_date: string; end_date: string } };
  expect([data.start_date, data.end_date]).toEqual(['2026-10-26', '2026-11-01']);
  // The page dates its range by the server's clock, not the browser's.
  await page.goto('/reports?measurement=*&relativeDate=last_7_days&groupBy=day');
  await expect(page.getByTestId('report-range')).toContainText(/26 Oct\w* 2026 to 1 Nov\w* 2026/);
});

test('a minted session opens the app without the login page or a password', async ({ page, lamp, signInAs }) => {
  await signInAs('admin@northwind.test');
  await page.goto('/');
  await expect(page).not.toHaveURL(/\/login/);
  expect(await lamp.journalCount({ method: 'POST', path: '/api/v1/auth' })).toBe(0);
});

test('a failing API shows its message, and the journal proves what the page sent', async ({ page, lamp }) => {
  const rule = await lamp.addFault({
    method: 'POST',
    path: '/api/v1/auth',
    status: 503,
    // Sent as given: the error shape, so the page reads it as an API error.
    body: { statusCode: 503, error: 'Service Unavailable', message: 'Down for maintenance until 10:00' },
    times: 1,
  });
  await page.goto('/login');
  await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').pressSequentially(READER);
  await form.getByLabel('Password', { exact: true }).pressSequentially('whatever-it-is');
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Down for maintenance until 10:00');
  const [sent] = await lamp.journal({ method: 'POST', path: '/api/v1/auth' });
  expect(sent).toMatchObject({ status: 503, fault: rule.id, body: { email: READER, password: '[redacted]' } });
  // Verified as WireMock's verify would: by the JSON the body held and a header it carried.
  expect(
    await lamp.journalCount({ body: JSON.stringify({ email: READER }), header: 'content-type: application/json' }),
  ).toBe(1);
});

test('a password reset e-mail links back to the same server and sandbox', async ({ page, lamp }) => {
  const api = lamp.http();
  const asked = await api('/api/v1/forgotten-password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: READER }),
  });
  expect(asked.status).toBe(200);
  const [mail] = await lamp.outbox({ to: READER });
  expect(mail?.kind).toBe('reset-password');
  // The address the server printed (127.0.0.1), so the browser keeps its sandbox cookie.
  expect(new URL(mail.url).origin).toBe(new URL(lamp.baseURL).origin);
  await page.goto(mail.url);
  await expect(page.getByTestId('password-form-reset')).toBeVisible();
});

test('a stub answers a malformed body slowly, and the journal counts the request by its query', async ({ lamp }) => {
  await lamp.addFault({
    method: 'GET',
    path: '/api/v1/measurement',
    status: 200,
    headers: { 'content-type': 'application/json' },
    body_text: '{"data": [',
    stream: { chunk_bytes: 4, chunk_delay: 100 },
  });
  const answer = await lamp.http(await lamp.signIn(READER))('/api/v1/measurement?limit=1');
  expect([answer.status, await answer.text()]).toEqual([200, '{"data": [']);
  expect(await lamp.journalCount({ method: 'GET', path: '/api/v1/measurement', query: 'limit=1' })).toBe(1);
});

test('a storage state signs a new browser context in', async ({ browser, lamp }) => {
  const context = await browser.newContext({
    baseURL: lamp.baseURL,
    storageState: await lamp.storageState('writer@northwind.test'),
  });
  const me = await context.request.get('/api/v1/current-user');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe('writer@northwind.test');
  await context.close();
});

test("sessions end on the sandbox's clock, and each test starts from the fixtures", async ({ lamp, signInAs }) => {
  const api = lamp.http(await signInAs(READER));
  expect((await api('/api/v1/current-user')).status).toBe(200);
  // A user of our own: a later test (a reset) no longer has it.
  const user = await lamp.createUser({ email: 'outsider@example.test' });
  expect(user.email).toBe('outsider@example.test');
  await lamp.setClock({ now: new Date(Date.parse((await lamp.clock()).now) + 13 * HOUR) });
  expect((await api('/api/v1/current-user')).status).toBe(401);
});

test('the same throwaway user again: the reset before this test took the other one away', async ({ lamp }) => {
  expect((await lamp.clock()).now.slice(0, 10)).toBe('2026-11-01');
  const user = await lamp.createUser({ email: 'outsider@example.test' });
  expect(user.email).toBe('outsider@example.test');
});
