/**
 * The server side of the workspace pages: lean creates, user invitations and access,
 * label deletion rules, and billing's derived fields.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { LABEL_CATEGORY_NAME_TAKEN } from '../../server/routes/resources/unique-names.ts';
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

  it('a role change with a stale If-Match is refused (412) and changes nothing; the answer carries the new ETag', async () => {
    const readerId = PERSONA_IDS.reader;
    const read = await app.inject({ url: `/api/v1/user?id=${readerId}`, headers: as(app, 'admin') });
    const version = read.headers.etag as string;
    expect(version).toMatch(/^"/);
    const role = (value: string, ifMatch: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/account-users/role',
        headers: { ...as(app, 'admin'), 'if-match': ifMatch },
        payload: { user: readerId, account: OWN, role: value },
      });
    const first = await role('write', version);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.etag).not.toBe(version);
    const stale = await role('read', version);
    expect(stale.statusCode).toBe(412);
    expect(app.repositories.user.byId(readerId)?.access_grants).toEqual([{ id: OWN, type: 'account', role: 'write' }]);
    expect((await role('read', first.headers.etag as string)).statusCode).toBe(200);
    expect((await role('admin', '*')).statusCode).toBe(200);
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

describe('label category names', () => {
  it('are unique within an account whatever the case or spaces, as saved reports are: a 409 on name', async () => {
    const create = (name: string, account = OWN) => send('admin', 'POST', '/api/v1/label-category', { account, name });
    const first = await create('Brand');
    expect(first.statusCode).toBe(201);
    for (const name of ['Brand', 'brand', ' BRAND ']) {
      const again = await create(name);
      expect(again.statusCode, name).toBe(409);
      expect(again.json<{ message: string; issues: unknown }>()).toMatchObject({
        message: `name: ${LABEL_CATEGORY_NAME_TAKEN}`,
        issues: [{ path: 'name', message: LABEL_CATEGORY_NAME_TAKEN }],
      });
    }
    // A rename onto another category's name is refused the same way; renaming a category to itself is not.
    const other = (await create('Objective')).json<One>().data;
    expect(
      (await send('admin', 'PUT', `/api/v1/label-category?id=${String(other.id)}`, { name: 'BRAND' })).statusCode,
    ).toBe(409);
    expect(
      (await send('admin', 'PUT', `/api/v1/label-category?id=${String(other.id)}`, { name: 'objective' })).statusCode,
    ).toBe(200);
  });
});

describe('label deletion', () => {
  it('a label in use is refused with its count, which the usage read gives first; unused, it goes', async () => {
    const category = (
      await send('admin', 'POST', '/api/v1/label-category', { account: OWN, name: 'Region' })
    ).json<One>().data;
    const value = (
      await send('admin', 'POST', '/api/v1/label-value', { name: 'North', category_id: category.id })
    ).json<One>().data;
    const measurement = (
      await send('writer', 'POST', '/api/v1/measurement', {
        account: OWN,
        name: 'Labelled',
        status: 'draft',
        start_date: '2026-09-01',
        end_date: '2026-09-30',
        labels: [value.id],
      })
    ).json<One>().data;
    const usage = await app.inject({
      url: `/api/v1/label-value/usage?id=${String(value.id)}`,
      headers: as(app, 'admin'),
    });
    expect(usage.json<One>().data).toEqual({ id: value.id, measurements: 1, saved_reports: 0 });
    const refused = await send('admin', 'DELETE', `/api/v1/label-value?id=${String(value.id)}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/used by 1 measurement and 0 saved reports/);

    const categoryRefused = await send('admin', 'DELETE', `/api/v1/label-category?id=${String(category.id)}`);
    expect(categoryRefused.statusCode).toBe(409);
    expect(categoryRefused.json<{ message: string }>().message).toMatch(/has 1 label/);

    await send('writer', 'PUT', `/api/v1/measurement?id=${String(measurement.id)}`, { labels: [] });
    expect((await send('admin', 'DELETE', `/api/v1/label-value?id=${String(value.id)}`)).statusCode).toBe(204);
    expect((await send('admin', 'DELETE', `/api/v1/label-category?id=${String(category.id)}`)).statusCode).toBe(204);
  });

  it('the usage reads need a label the user may see', async () => {
    const response = await app.inject({
      url: '/api/v1/label-value/usage?id=ffffffffffffffffffffffff',
      headers: as(app, 'admin'),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('billing', () => {
  it("sends a contract's derived active flag (today within its dates, a non-empty list), never stored", async () => {
    const response = await app.inject({ url: `/api/v1/contract?accounts=${OWN}`, headers: as(app, 'writer') });
    type Shown = { measurements: string[]; start_date: string | null; end_date: string | null; active: boolean };
    const contracts = response.json<{ data: Shown[] }>().data;
    expect(contracts.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    for (const contract of contracts)
      expect(contract.active).toBe(
        contract.measurements.length > 0 &&
          (contract.start_date ?? today) <= today &&
          today <= (contract.end_date ?? today),
      );
    expect(app.repositories.contract.all().some((row) => 'active' in row)).toBe(false);
  });

  it("answers a purchase order's remaining amount: the contract's spend drawn from its orders oldest first", async () => {
    const flight = async (name: string) =>
      (
        await send('writer', 'POST', '/api/v1/measurement', {
          account: OWN,
          name,
          status: 'live',
          start_date: '2026-09-01',
          end_date: '2026-09-30',
        })
      ).json<One>().data as { id: string };
    const measurements = [await flight('Spend one'), await flight('Spend two')];
    const cost = async (id: string) =>
      (await app.inject({ url: `/api/v1/measurement-metrics?measurement=${id}`, headers: as(app, 'writer') })).json<{
        data: { totals: { cost: number } };
      }>().data.totals.cost;
    const spend = (await cost(measurements[0]!.id)) + (await cost(measurements[1]!.id));
    expect(spend).toBeGreaterThan(20);

    const post = (resource: string, payload: object) => send('root', 'POST', `/api/v1/${resource}`, payload);
    const contract = (
      await post('contract', {
        billing_name: 'Spend check',
        accounts: [OWN],
        measurements: measurements.map((m) => m.id),
        start_date: null,
        end_date: null,
        value: null,
        currency: 'GBP',
        notes: '',
      })
    ).json<One>().data.id as string;
    const order = async (reference: string, amount: number, issued_date: string, status = 'open') => {
      const response = await post('purchase-order', {
        account: OWN,
        reference,
        contract,
        amount,
        currency: 'GBP',
        issued_date,
        status,
      });
      expect(response.statusCode).toBe(201);
      return response.json<One>().data;
    };
    // Created out of issue order: the older order is drawn first all the same.
    const later = await order('PO-LATER', 1_000_000_000, '2026-06-01');
    const first = await order('PO-FIRST', 10, '2026-01-01');
    const cancelled = await order('PO-CANCELLED', 500, '2025-12-01', 'cancelled');
    const loose = await send('root', 'POST', '/api/v1/purchase-order', {
      account: OWN,
      reference: 'PO-LOOSE',
      contract: null,
      amount: 750,
      currency: 'GBP',
      issued_date: '2026-01-01',
      status: 'open',
    });
    expect(loose.json<One>().data.remaining).toBe(750);
    expect(cancelled.remaining).toBeNull();
    // Read after all three exist (each write answered its own remaining at that moment).
    const remaining = async () =>
      new Map(
        (await app.inject({ url: `/api/v1/purchase-order?account=${OWN}&limit=5000`, headers: as(app, 'writer') }))
          .json<{ data: { id: string; remaining: number | null }[] }>()
          .data.map((o) => [o.id, o.remaining]),
      );
    const listed = await remaining();
    expect(listed.get(first.id as string)).toBe(0);
    expect(listed.get(later.id as string)).toBeCloseTo(1_000_000_000 - (spend - 10), 1);
    expect(listed.get(cancelled.id as string)).toBeNull();
    const one = await app.inject({
      url: `/api/v1/purchase-order?id=${later.id as string}`,
      headers: as(app, 'writer'),
    });
    expect(one.json<{ data: { remaining: number }[] }>().data[0]?.remaining).toBe(listed.get(later.id as string));
    expect(app.repositories['purchase-order'].all().some((row) => 'remaining' in row)).toBe(false);

    // A new measurement on the contract spends more: the list is not a stale cache.
    const third = await flight('Spend three');
    await send('root', 'PUT', `/api/v1/contract?id=${contract}`, {
      measurements: [...measurements.map((m) => m.id), third.id],
    });
    expect((await remaining()).get(later.id as string)).toBeCloseTo(
      (listed.get(later.id as string) as number) - (await cost(third.id)),
      1,
    );

    // The order's page reads the measurements it pays for in one list read of the contract's ids.
    const ids = [...measurements.map((m) => m.id), third.id];
    const paid = (
      await app.inject({ url: `/api/v1/measurement?id=${ids.join(',')}`, headers: as(app, 'writer') })
    ).json<{ data: { id: string }[] }>().data;
    expect(paid.map((m) => m.id).sort()).toEqual([...measurements.map((m) => m.id), third.id].sort());
  });
});
