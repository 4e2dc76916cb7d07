/**
 * The server side of the workspace pages (issue 11): lean creates, user invitations and access,
 * label deletion rules, and billing's derived fields.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../fixtures/ids.ts';
import { as, buildSeededApp, OWN, PERSONA_IDS, type Persona } from '../helpers/seed.ts';

interface One {
  data: Record<string, unknown>;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const send = (persona: Persona, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as(app, persona), ...(payload ? { payload } : {}) });

describe('create inputs', () => {
  it('take only what the client means: lists default to [] and nullable references to null', async () => {
    const response = await send('writer', 'POST', '/api/v1/measurement', {
      account: OWN,
      name: 'Lean flight',
      status: 'draft',
      start_date: '2026-09-01',
      end_date: '2026-09-30',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<One>().data).toMatchObject({ labels: [], channels: [], project: null, contract: null });
  });
});

describe('users of an account', () => {
  const invite = (persona: Persona, overrides: object = {}) =>
    send(persona, 'POST', '/api/v1/account-users/invite', {
      account: OWN,
      first_name: 'Ivy',
      last_name: 'Invited',
      email: 'ivy@northwind.test',
      role: 'write',
      ...overrides,
    });

  it('an admin invites a user: the user exists with the grant, and the invitation link signs them in', async () => {
    const response = await invite('admin');
    expect(response.statusCode).toBe(201);
    const user = response.json<One>().data;
    expect(user).toMatchObject({ account: OWN, email: 'ivy@northwind.test', email_verified: false });
    expect(user.access_grants).toEqual([{ id: OWN, type: 'account', role: 'write' }]);
    expect(JSON.stringify(user)).not.toContain('password_hash');

    const outbox = await app.inject({ url: '/api/v1/testing/outbox?to=ivy@northwind.test' });
    const [message] = outbox.json<{ data: { kind: string; link: string; subject: string }[] }>().data;
    expect(message?.kind).toBe('invitation');
    expect(message?.link).toMatch(/^\/login-link\?/);
    const query = message!.link.split('?')[1];
    const signIn = await app.inject({ url: `/api/v1/login-link?${query}` });
    expect(signIn.statusCode).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const me = await app.inject({ url: '/api/v1/current-user', headers: { cookie } });
    expect(me.json<{ email: string; email_verified: boolean }>()).toMatchObject({
      email: 'ivy@northwind.test',
      email_verified: true,
    });
  });

  it('refuses writers, a role above the inviter, foreign accounts, bad fields and a known e-mail', async () => {
    expect((await invite('writer')).statusCode).toBe(403);
    expect((await invite('admin', { role: 'root' })).statusCode).toBe(400);
    expect((await invite('tailspinAdmin')).statusCode).toBe(403);
    const bad = await invite('admin', { first_name: '', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ issues: { path: string }[] }>()
        .issues.map((issue) => issue.path)
        .sort(),
    ).toEqual(['email', 'first_name']);
    const clash = await invite('admin', { email: 'reader@northwind.test' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('email');
    const outbox = await app.inject({ url: '/api/v1/testing/outbox?to=ivy@northwind.test' });
    expect(outbox.json<{ count: number }>().count).toBe(0);
  });

  it("changes a user's role within the grant rules", async () => {
    const readerId = PERSONA_IDS.reader;
    const role = (persona: Persona, user: string, value: string) =>
      send(persona, 'PUT', '/api/v1/account-users/role', { user, account: OWN, role: value });
    const promoted = await role('admin', readerId, 'write');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<One>().data.access_grants).toEqual([{ id: OWN, type: 'account', role: 'write' }]);
    expect((await role('writer', readerId, 'read')).statusCode).toBe(403);
    // Nobody edits a user who outranks them: an admin cannot change root's role.
    expect((await role('admin', PERSONA_IDS.root, 'read')).statusCode).toBe(404);
    expect((await role('admin', PERSONA_IDS.admin, 'read')).statusCode).toBe(409);
  });

  it("removes a user's access to an account, but not from the user's own account", async () => {
    const remove = (persona: Persona, user: string, account: string) =>
      send(persona, 'DELETE', `/api/v1/account-users?user=${user}&account=${account}`);
    // The admin holds a read grant on Contoso; Contoso's admin removes it.
    expect((await remove('partner', PERSONA_IDS.admin, ACCOUNT_IDS.contoso)).statusCode).toBe(204);
    const admin = app.repositories.user.byId(PERSONA_IDS.admin);
    expect(admin?.access_grants.map((grant) => grant.id)).not.toContain(ACCOUNT_IDS.contoso);
    const own = await remove('admin', PERSONA_IDS.reader, OWN);
    expect(own.statusCode).toBe(409);
    expect(own.json<{ message: string }>().message).toMatch(/own account/);
    expect((await remove('writer', PERSONA_IDS.reader, OWN)).statusCode).toBe(403);
  });
});
