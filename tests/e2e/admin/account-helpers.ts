import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SELECTED_ACCOUNT_KEY } from '../../../src/stores/account.ts';

/**
 * Helpers of the admin account-section specs: an account of the test's own (so no other test
 * writes to it), selected in the browser before the app loads, and users invited into it.
 */
let counter = 0;
export function unique(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export async function createAccount(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/v1/account', {
    data: {
      name,
      type: 'agency',
      theme: { primary_colour: '#00badb', secondary_colour: '#334155', logo: null },
      feature_flags: { lamp_access: true, spotlight_access: false },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** Makes `accountId` the selected account of the next page load (spec §4: local storage). */
export async function selectAccount(page: Page, accountId: string): Promise<void> {
  await page.addInitScript(([key, id]) => globalThis.localStorage.setItem(key, JSON.stringify(id)), [
    SELECTED_ACCOUNT_KEY,
    accountId,
  ] as const);
}

export interface Invited {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

export async function inviteUser(
  request: APIRequestContext,
  account: string,
  tag: string,
  role: 'read' | 'write' | 'admin' = 'read',
): Promise<Invited> {
  const email = `${unique(tag)}@admin-sections.test`;
  const response = await request.post('/api/v1/account-users/invite', {
    data: { account, first_name: 'Quinn', last_name: unique('Tester'), email, role },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Invited }).data;
}
