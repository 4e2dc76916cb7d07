import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkMac, linkState } from '../../server/auth/links.ts';
import { hashPassword, verifyPassword } from '../../server/auth/password.ts';
import { DEFAULT_SANDBOX } from '../../server/sandbox/scope.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';
import { signInThrough } from '../helpers/http.ts';

/**
 * The sign-in self-service routes through inject(): forgotten password, reset by link and by
 * current password, login links, the current user's own update, and the demo/test outbox.
 */
const STRONG = 'Brisk-Otter-Lantern-42';
const OLD = 'Old-Quiet-Harbour-17';
const USER_ID = '6a0000000000000000000001';
const OTHER_ID = '6a0000000000000000000002';
const ACCOUNT = '650000000000000000000003';

let app: FastifyInstance;
let oldHash: string;

function user(id: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    account: ACCOUNT,
    created_at: '2026-01-01T00:00:00.000Z',
    first_name: 'Ada',
    last_name: 'Quill',
    email,
    super_admin: false,
    access_grants: [{ id: ACCOUNT, type: 'account', role: 'read' }],
    root_account_access_grants: [],
    viewed_marketing_consent: true,
    marketing_consent: false,
    email_verified: true,
    password_hash: oldHash,
    ...extra,
  };
}

async function seed() {
  await app.db.reset();
  // The throttles too (reset e-mails an address has had this hour, wrong current passwords), as a reset does.
  app.sandboxes.reset(DEFAULT_SANDBOX);
  const users = (app.db.low.data.collections.user ??= []);
  users.push(user(USER_ID, 'ada@selfservice.test'), user(OTHER_ID, 'bob@selfservice.test', { first_name: 'Bob' }));
  await app.db.write();
}

const signIn = (email = 'ada@selfservice.test', password = OLD) => signInThrough(app, email, { password });

function stored(id: string) {
  return (app.db.low.data.collections.user ?? []).find((row) => row.id === id) as Record<string, unknown>;
}

async function outbox(to?: string) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/testing/outbox', query: to ? { to } : {} });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { kind: string; to: string; link: string; text: string }[]; count: number }>();
}

function linkParams(link: string) {
  return Object.fromEntries(new URL(link, 'http://x').searchParams) as Record<string, string>;
}

beforeAll(async () => {
  oldHash = await hashPassword(OLD);
  app = await buildTestApp();
});
afterAll(async () => app.close());
beforeEach(seed);

describe('POST /api/v1/forgotten-password', () => {
  const post = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/forgotten-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email }).toString(),
    });

  it('puts a reset link in the outbox for a known address', async () => {
    const response = await post('ADA@selfservice.test');
    expect(response.statusCode).toBe(200);
    const { data } = await outbox('ada@selfservice.test');
    expect(data).toHaveLength(1);
    expect(data[0]?.kind).toBe('reset-password');
    expect(data[0]?.link).toMatch(/^\/reset-password\?m=[0-9a-f]{64}&u=6a0000000000000000000001&t=\d+$/);
    expect(data[0]?.text).toContain(data[0]?.link);
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const known = await post('ada@selfservice.test');
    const unknown = await post('nobody@selfservice.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await outbox('nobody@selfservice.test')).count).toBe(0);
  });

  it('refuses a malformed address with the form texts', async () => {
    expect((await post('')).json<{ message: string }>().message).toContain(messages.validation.emailRequired);
    expect((await post('not an address')).json<{ message: string }>().message).toContain(
      messages.validation.invalidEmailFormat,
    );
  });
});

describe('POST /api/v1/reset-password with a link', () => {
  async function resetLink() {
    await app.inject({
      method: 'POST',
      url: '/api/v1/forgotten-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ada%40selfservice.test',
    });
    return linkParams((await outbox('ada@selfservice.test')).data[0]?.link ?? '');
  }
  const reset = (p: Record<string, string>, password = STRONG) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { mac: p.m, time: Number(p.t), user_id: p.u, new_password: password },
    });

  it('sets the new password, signs the user in, and works only once', async () => {
    const params = await resetLink();
    const first = await reset(params);
    expect(first.statusCode).toBe(200);
    expect(await verifyPassword(STRONG, stored(USER_ID).password_hash as string)).toBe(true);
    expect(first.cookies.some((c) => c.name === 'lamp_session' && c.value)).toBe(true);

    const second = await reset(params, 'Another-Brisk-Otter-43');
    expect(second.statusCode).toBe(400);
    expect(second.json<{ message: string }>().message).toMatch(/already been used/);
    expect(await verifyPassword(STRONG, stored(USER_ID).password_hash as string)).toBe(true);
  });

  it('refuses a link older than one hour', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      payload: { kind: 'reset-password', email: 'ada@selfservice.test', time: Date.now() - 61 * 60 * 1000 },
    });
    expect(created.statusCode).toBe(201);
    const response = await reset(linkParams(created.json<{ link: string }>().link));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/expired/);
    expect(stored(USER_ID).password_hash).toBe(oldHash);
  });

  it('refuses a forged MAC, another user id, and a weak password', async () => {
    const params = await resetLink();
    expect((await reset({ ...params, m: '0'.repeat(64) })).statusCode).toBe(400);
    expect((await reset({ ...params, u: OTHER_ID })).statusCode).toBe(400);
    const weak = await reset(params, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toBe(messages.validation.passwordNotStrongEnough);
    // The refused attempts did not use the link up.
    expect((await reset(params)).statusCode).toBe(200);
  });

  it('checks the MAC against the server secret (decisions §3)', async () => {
    const time = Date.now();
    const state = linkState(stored(USER_ID) as { password_hash: string; email: string });
    const mac = linkMac(app.config.linkSecret, { purpose: 'reset', userId: USER_ID, time, state });
    expect((await reset({ m: mac, u: USER_ID, t: String(time) })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/reset-password with the current password', () => {
  const change = (cookie: string | undefined, current: string, next: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      headers: cookie ? { cookie } : {},
      payload: { current_password: current, new_password: next },
    });

  it('changes the password of the signed-in user', async () => {
    const cookie = await signIn();
    const response = await change(cookie, OLD, STRONG);
    expect(response.statusCode).toBe(200);
    expect(await verifyPassword(STRONG, stored(USER_ID).password_hash as string)).toBe(true);
  });

  it('refuses a wrong current password with 400 (not 401, which would sign the app out)', async () => {
    const cookie = await signIn();
    const response = await change(cookie, 'wrong', STRONG);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(messages.auth.changePasswordFallback);
    expect(stored(USER_ID).password_hash).toBe(oldHash);
  });

  it('refuses a weak new password and a signed-out caller', async () => {
    const cookie = await signIn();
    expect((await change(cookie, OLD, 'password1')).json<{ message: string }>().message).toBe(
      messages.validation.passwordNotStrongEnough,
    );
    expect((await change(undefined, OLD, STRONG)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/login-link', () => {
  async function issue(email: string, time?: number) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      payload: { kind: 'login-link', email, ...(time ? { time } : {}) },
    });
    expect(response.statusCode).toBe(201);
    return linkParams(response.json<{ link: string }>().link);
  }

  it('verifies the address and signs the user in', async () => {
    stored(USER_ID).email_verified = false;
    const params = await issue('ada@selfservice.test');
    const response = await app.inject({ method: 'GET', url: '/api/v1/login-link', query: params });
    expect(response.statusCode).toBe(200);
    expect(stored(USER_ID).email_verified).toBe(true);
    const cookie = response.cookies.find((c) => c.name === 'lamp_session');
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/current-user',
      headers: { cookie: `lamp_session=${cookie?.value}` },
    });
    expect(me.json<{ email: string }>().email).toBe('ada@selfservice.test');
  });

  it('refuses a link older than 24 hours, a changed e-mail and a missing parameter', async () => {
    const old = await issue('ada@selfservice.test', Date.now() - 25 * 60 * 60 * 1000);
    const expired = await app.inject({ method: 'GET', url: '/api/v1/login-link', query: old });
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ message: string }>().message).toBe(messages.auth.loginLinkFailed);

    const fresh = await issue('ada@selfservice.test');
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/login-link', query: { ...fresh, e: 'bob@selfservice.test' } }))
        .statusCode,
    ).toBe(400);
    const { m, u, t } = fresh;
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/login-link', query: { m, u, t } as Record<string, string> }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /api/v1/user/update-current-user', () => {
  const update = (cookie: string | undefined, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/user/update-current-user', headers: cookie ? { cookie } : {}, payload });

  it('changes names and consent answers and returns the user without the hash', async () => {
    const cookie = await signIn();
    const response = await update(cookie, {
      first_name: 'Adele',
      last_name: 'Quilter',
      viewed_marketing_consent: true,
      marketing_consent: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Adele', last_name: 'Quilter', marketing_consent: true });
    expect(response.json()).not.toHaveProperty('password_hash');
    expect(stored(USER_ID)).toMatchObject({ first_name: 'Adele', marketing_consent: true });
  });

  it('refuses every other field and changes nothing', async () => {
    const cookie = await signIn();
    for (const payload of [
      { super_admin: true },
      { first_name: 'Eve', access_grants: [{ id: ACCOUNT, type: 'account', role: 'admin' }] },
      { account: '650000000000000000000001' },
      { email_verified: true },
      { password_hash: 'x' },
    ]) {
      const response = await update(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/unknown field/);
    }
    expect(stored(USER_ID)).toMatchObject({ first_name: 'Ada', super_admin: false, account: ACCOUNT });
  });

  it('refuses empty names with the form texts, a taken e-mail, and a signed-out caller', async () => {
    const cookie = await signIn();
    expect((await update(cookie, { first_name: ' ' })).json<{ message: string }>().message).toContain(
      messages.validation.firstNameRequired,
    );
    expect((await update(cookie, { email: 'bob@selfservice.test' })).statusCode).toBe(409);
    expect((await update(undefined, { first_name: 'X' })).statusCode).toBe(401);
  });

  it('asks the new address to confirm a changed e-mail, tells the old one, and keeps the old login till then', async () => {
    const cookie = await signIn();
    const response = await update(cookie, { email: 'ada.new@selfservice.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'ada@selfservice.test', pending_email: 'ada.new@selfservice.test' });
    expect(stored(USER_ID)).toMatchObject({ email: 'ada@selfservice.test', email_verified: true });
    const [confirm] = (await outbox('ada.new@selfservice.test')).data;
    expect(confirm?.kind).toBe('email-change');
    expect((await outbox('ada@selfservice.test')).data[0]?.kind).toBe('email-change-notice');
    await signIn('ada@selfservice.test');
    const followed = await app.inject({
      method: 'GET',
      url: '/api/v1/login-link',
      query: linkParams(confirm?.link ?? ''),
    });
    expect(followed.statusCode).toBe(200);
    expect(stored(USER_ID)).toMatchObject({ email: 'ada.new@selfservice.test', pending_email: null });
    await signIn('ada.new@selfservice.test');
  });
});

describe('the outbox and demo routes exist only in demo and test modes', () => {
  it('answers 404 in production mode', async () => {
    const production = await buildTestApp(productionConfig());
    try {
      for (const url of ['/api/v1/testing/outbox', '/api/v1/demo/personas']) {
        expect((await production.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const page = await production.inject({ method: 'GET', url: '/outbox' });
      expect(page.body).not.toContain('Outbox');
    } finally {
      await production.close();
    }
  });

  it('serves the outbox page with the links to follow', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/forgotten-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ada%40selfservice.test',
    });
    const page = await app.inject({ method: 'GET', url: '/outbox?to=ada%40selfservice.test' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/href="\/reset-password\?m=[0-9a-f]{64}&amp;u=/);
  });

  it('clears the outbox', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      payload: { kind: 'invitation', email: 'bob@selfservice.test' },
    });
    expect((await outbox()).count).toBe(1);
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/testing/outbox' })).statusCode).toBe(204);
    expect((await outbox()).count).toBe(0);
  });
});
