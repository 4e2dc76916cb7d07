import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { typeInto } from './helpers/person.ts';

/** Helpers of the sign-in specs: throwaway users, the outbox, signing in, axe. */
export const DEMO_PASSWORD = 'Lamp-Demo-2026!';
export const STRONG_PASSWORD = 'Brisk-Otter-Lantern-42';

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@selfservice.test`;
}

export interface TestUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

/** A user of its own for a test that changes a password or an answer (personas stay as they are). */
export async function createUser(
  request: APIRequestContext,
  options: {
    tag: string;
    password?: string | null;
    first_name?: string;
    last_name?: string;
    email_verified?: boolean;
    viewed_marketing_consent?: boolean;
  },
): Promise<TestUser> {
  const { tag, ...rest } = options;
  const password = rest.password === undefined ? DEMO_PASSWORD : rest.password;
  const response = await request.post('/api/v1/testing/users', {
    data: { email: uniqueEmail(tag), ...rest, password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as Omit<TestUser, 'password'>;
  return { ...user, password: password ?? '' };
}

export interface OutboxEntry {
  kind: string;
  to: string;
  subject: string;
  link: string;
}

export async function outbox(request: APIRequestContext, to: string): Promise<OutboxEntry[]> {
  const response = await request.get('/api/v1/testing/outbox', { params: { to } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: OutboxEntry[] }).data;
}

/** Waits for the newest e-mail to an address. */
export async function latestEmail(request: APIRequestContext, to: string): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect.poll(async () => (found = (await outbox(request, to))[0])).toBeTruthy();
  return found as OutboxEntry;
}

export async function issueLink(
  request: APIRequestContext,
  kind: 'reset-password' | 'login-link',
  email: string,
  agoMs?: number,
): Promise<string> {
  // `agoMs` before the server's now: test mode's clock is not the machine's (README, "Demo freshness").
  const time = agoMs === undefined ? undefined : (await serverNow(request)) - agoMs;
  const response = await request.post('/api/v1/testing/outbox/links', {
    data: { kind, email, ...(time ? { time } : {}) },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { link: string }).link;
}

/** Now on the server's clock of the request's sandbox (epoch ms). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/testing/clock');
  expect(response.status()).toBe(200);
  return Date.parse(((await response.json()) as { now: string }).now);
}

/** Signs in through the login form. */
export async function signIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await expect(page.locator('html[data-login-ready]')).toHaveCount(1);
  const form = page.getByTestId('login-form');
  await typeInto(form.getByLabel('Email'), email);
  await typeInto(form.getByLabel('Password', { exact: true }), password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * No serious or critical axe violation on the page as it is now; `include` narrows the check to
 * this feature's part of a page inside the shell (the frame has its own tests).
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
