/**
 * No account takeover through an e-mail change. An admin of one account
 * changed the e-mail of a user who also works in another account, asked a reset at the new
 * address, chose a password, signed in as that user and read the other account's data. Now the
 * change needs canChangeSignIn (the actor outranks the user in every account they work in), and
 * an allowed change waits for the new address to confirm: until then the old address stays the
 * login, and nothing sent to the new one hands the account over.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { Role } from '../../src/shared/access.ts';
import { messages } from '../../src/shared/messages.ts';
import { as, buildSeededApp, FOREIGN, OWN, PASSWORD, type Persona } from '../helpers/seed.ts';

const VICTIM = 'a100000000000000000000f1';
const OLD_EMAIL = 'victim@tailspin.test';
const NEW_EMAIL = 'attacker@evil.test';
const NEW_PASSWORD = 'Brisk-Otter-Lantern-42';

let app: FastifyInstance;

/** A Tailspin user (FOREIGN) with a read grant on Northwind (OWN), where measurements live. */
async function seedVictim(
  grants: [string, Role][] = [
    [FOREIGN, 'read'],
    [OWN, 'read'],
  ],
) {
  await app.db.reset();
  const template = app.repositories.user.byId('a10000000000000000000005');
  await app.repositories.user.insert({
    ...(template as NonNullable<typeof template>),
    id: VICTIM,
    account: FOREIGN,
    email: OLD_EMAIL,
    first_name: 'Vic',
    last_name: 'Tim',
    access_grants: grants.map(([id, role]) => ({ id, type: 'account', role })),
  });
  await app.inject({ method: 'DELETE', url: '/api/v1/testing/outbox' });
}

const victim = () => app.repositories.user.byId(VICTIM) as Record<string, unknown>;

async function outbox(to: string) {
  const response = await app.inject({ url: '/api/v1/testing/outbox', query: { to } });
  return response.json<{ data: { kind: string; to: string; link: string; text: string }[] }>().data;
}

const changeEmail = (persona: Persona, email = NEW_EMAIL) =>
  app.inject({ method: 'PUT', url: `/api/v1/user?id=${VICTIM}`, headers: as(app, persona), payload: { email } });

const forgotten = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/forgotten-password',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });

const signIn = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password } });

const params = (link: string) => Object.fromEntries(new URL(link, 'http://x').searchParams);

/** The attack of the finding, step by step; answers what each step got. */
async function attempt(persona: Persona) {
  const change = await changeEmail(persona);
  await forgotten(NEW_EMAIL);
  const [reset] = await outbox(NEW_EMAIL).then((mail) => mail.filter((m) => m.kind === 'reset-password'));
  let resetStatus = 0;
  if (reset) {
    const { m, u, t } = params(reset.link);
    resetStatus = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { mac: m, user_id: u, time: Number(t), new_password: NEW_PASSWORD },
      })
    ).statusCode;
  }
  const login = await signIn(NEW_EMAIL, NEW_PASSWORD);
  const cookie = login.cookies.find((c) => c.name === 'lamp_session');
  const read = cookie
    ? await app.inject({
        url: `/api/v1/measurement?account=${OWN}`,
        headers: { cookie: `lamp_session=${cookie.value}` },
      })
    : null;
  return { change, resetSent: Boolean(reset), resetStatus, login: login.statusCode, read: read?.statusCode ?? null };
}

beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => seedVictim());

describe('an e-mail change across accounts', () => {
  it("refuses the Tailspin admin, so the reset, sign-in and the other account's data stay out of reach", async () => {
    const result = await attempt('tailspinAdmin');
    expect(result.change.statusCode).toBe(403);
    expect(result.change.json()).toMatchObject({
      message: `email: ${messages.signIn.emailChangeRefused}`,
      issues: [{ path: 'email', message: messages.signIn.emailChangeRefused }],
    });
    expect(victim()).toMatchObject({ email: OLD_EMAIL });
    expect(victim().pending_email ?? null).toBeNull();
    expect(result).toMatchObject({ resetSent: false, login: 401, read: null });
    expect(await outbox(OLD_EMAIL)).toEqual([]);
  });

  it('refuses the same change when the other grant is admin (it would give admin there)', async () => {
    await seedVictim([
      [FOREIGN, 'read'],
      [ACCOUNT_IDS.contoso, 'admin'],
    ]);
    expect((await changeEmail('tailspinAdmin')).statusCode).toBe(403);
    expect(victim().email).toBe(OLD_EMAIL);
  });

  it('still lets the Tailspin admin change the e-mail of a user who works only in Tailspin (pending its link)', async () => {
    await seedVictim([[FOREIGN, 'read']]);
    const response = await changeEmail('tailspinAdmin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { email: OLD_EMAIL, pending_email: NEW_EMAIL } });
  });

  it('refuses changing the e-mail of an equal: an admin of the same account', async () => {
    await seedVictim([[FOREIGN, 'admin']]);
    expect((await changeEmail('tailspinAdmin')).statusCode).toBe(403);
  });
});

describe('an allowed e-mail change waits for the new address to confirm', () => {
  it('keeps the old address as the login and hands nothing over at the new one until its link is followed', async () => {
    const result = await attempt('root');
    expect(result.change.statusCode).toBe(200);
    expect(result.change.json()).toMatchObject({ data: { email: OLD_EMAIL, pending_email: NEW_EMAIL } });
    // No reset link goes to the pending address, and it does not sign in.
    expect(result).toMatchObject({ resetSent: false, login: 401, read: null });
    expect(victim()).toMatchObject({ email: OLD_EMAIL, pending_email: NEW_EMAIL });
    // The old address still signs in.
    expect((await signIn(OLD_EMAIL, PASSWORD)).statusCode).toBe(200);
  });

  it('sends the confirmation link to the new address and tells the old one', async () => {
    expect((await changeEmail('root')).statusCode).toBe(200);
    const [confirm] = await outbox(NEW_EMAIL);
    expect(confirm).toMatchObject({ kind: 'email-change', to: NEW_EMAIL });
    expect(confirm?.link).toMatch(/^\/login-link\?/);
    const [notice] = await outbox(OLD_EMAIL);
    expect(notice).toMatchObject({ kind: 'email-change-notice', to: OLD_EMAIL });
    expect(notice?.text).toContain(NEW_EMAIL);
    expect(notice?.link).toBe('/login');
  });

  it('makes the new address the login once its link is followed', async () => {
    await changeEmail('root');
    const [confirm] = await outbox(NEW_EMAIL);
    const followed = await app.inject({ url: '/api/v1/login-link', query: params(confirm?.link ?? '') });
    expect(followed.statusCode).toBe(200);
    expect(victim()).toMatchObject({ email: NEW_EMAIL, pending_email: null, email_verified: true });
    expect((await signIn(NEW_EMAIL, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(OLD_EMAIL, PASSWORD)).statusCode).toBe(401);
  });

  it('refuses the link when the new address has become another user’s in the meantime', async () => {
    await changeEmail('root');
    const [confirm] = await outbox(NEW_EMAIL);
    // Someone else takes the address first (an invitation to it).
    const invited = await app.inject({
      method: 'POST',
      url: '/api/v1/account-users/invite',
      headers: as(app, 'root'),
      payload: { account: OWN, first_name: 'Other', last_name: 'Person', email: NEW_EMAIL, role: 'read' },
    });
    expect(invited.statusCode).toBe(201);
    const followed = await app.inject({ url: '/api/v1/login-link', query: params(confirm?.link ?? '') });
    expect(followed.statusCode).toBe(400);
    expect(followed.json<{ message: string }>().message).toBe(messages.signIn.emailNoLongerFree);
    expect(victim()).toMatchObject({ email: OLD_EMAIL });
  });

  it("refuses a pending address that is another user's login (409), and an unchanged address sends nothing", async () => {
    const taken = await changeEmail('root', 'admin@tailspin.test');
    expect(taken.statusCode).toBe(409);
    expect(victim().pending_email ?? null).toBeNull();
    expect((await changeEmail('root', OLD_EMAIL)).statusCode).toBe(200);
    expect(await outbox(OLD_EMAIL)).toEqual([]);
  });
});

describe('routes that add users or grants hand over nobody', () => {
  it('refuses to invite or bulk-create an address an existing user signs in with', async () => {
    const invite = await app.inject({
      method: 'POST',
      url: '/api/v1/account-users/invite',
      headers: as(app, 'tailspinAdmin'),
      payload: { account: FOREIGN, first_name: 'Vic', last_name: 'Tim', email: OLD_EMAIL, role: 'read' },
    });
    expect(invite.statusCode).toBe(409);
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/v1/account-users/bulk',
      headers: as(app, 'tailspinAdmin'),
      payload: { account: FOREIGN, rows: [{ first_name: 'Vic', last_name: 'Tim', email: OLD_EMAIL, role: 'read' }] },
    });
    expect(bulk.statusCode).toBe(400);
    expect(await outbox(OLD_EMAIL)).toEqual([]);
  });

  it('keeps the pending e-mail out of the fields a client may write', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/user?id=${VICTIM}`,
      headers: as(app, 'super'),
      payload: { pending_email: NEW_EMAIL },
    });
    expect(response.statusCode).toBe(400);
    expect(victim().pending_email ?? null).toBeNull();
  });
});
