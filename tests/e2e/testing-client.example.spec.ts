/**
 * An example for test authors (README, "Testing against LAMP"): the `lamp` fixture puts each
 * worker in a sandbox of its own; a test sets faults on the API its page calls, and reads the
 * journal to prove what the front end sent. Here on the sign-in page.
 */
import { messages } from '../../src/shared/messages.ts';
import { expect, test } from '../../packages/lamp-testing/src/playwright.ts';
import { signIn } from './auth-helpers.ts';

const READER = 'reader@northwind.test';
const DEMO_PASSWORD = 'Lamp-Demo-2026!';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
});

test('a failing API shows its message, and the journal proves what the page sent', async ({ page, lamp }) => {
  const rule = await lamp.addFault({
    method: 'POST',
    path: '/api/v1/auth',
    status: 503,
    body: { statusCode: 503, error: 'Service Unavailable', message: 'LAMP is down for maintenance until 10:00' },
    times: 1,
  });

  await signIn(page, READER, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('LAMP is down for maintenance until 10:00');

  const [sent] = await lamp.journal({ method: 'POST', path: '/api/v1/auth' });
  expect(sent).toMatchObject({
    status: 503,
    fault: rule.id,
    // The password never reaches the journal.
    body: { email: READER, password: '[redacted]' },
  });

  // The rule applied once: the second attempt reaches the real API and signs in.
  await signIn(page, READER, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  expect((await lamp.faults())[0]).toMatchObject({ applied: 1, remaining: 0 });
});

test('a slow API keeps the form busy until the answer comes', async ({ page, lamp }) => {
  await lamp.addFault({ method: 'POST', path: '/api/v1/auth', delay: 1500, times: 1 });

  await signIn(page, READER, 'not-the-password');
  await expect(page.getByTestId('login-form')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await expect(page.getByText(messages.auth.emailOrPasswordInvalid)).toBeVisible();
  await expect(page.getByTestId('login-form')).toHaveAttribute('aria-busy', 'false');

  const sent = await lamp.waitForRequest({ method: 'POST', path: '/api/v1/auth' });
  expect(sent.status).toBe(401);
  expect(sent.duration_ms).toBeGreaterThanOrEqual(1500);
});

test('a dropped connection shows the generic error', async ({ page, lamp }) => {
  // No `times`: a browser sends a request again, once, when a reused connection closes without
  // an answer, so a single drop would go unseen.
  await lamp.addFault({ method: 'POST', path: '/api/v1/auth', drop: true });

  await signIn(page, READER, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText(messages.errors.unexpected);
  const sent = await lamp.journal({ method: 'POST', path: '/api/v1/auth' });
  expect(sent.length).toBeGreaterThanOrEqual(1);
  for (const entry of sent) expect(entry).toMatchObject({ status: null, body: { email: READER } });
});
