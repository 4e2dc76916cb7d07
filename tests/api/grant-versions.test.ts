/**
 * No lost updates on grants: the grants list carries each grant's version (its holder's ETag, as
 * GET /api/v1/user?id= answers it), and a change of role or a revoke sent with a version someone
 * else's write has overtaken is refused (412) and changes nothing; the current version goes
 * through. A guest (a user of another account) is the case that needs the list's version: an
 * account admin cannot read them by id.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import type { AccountGrant } from '../../src/shared/schemas/account-users.ts';
import { buildSeededApp, injectAs, type InjectMethod, FOREIGN, OWN, type Persona } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const call = (persona: Persona, method: InjectMethod, url: string, payload?: object, ifMatch?: string) =>
  injectAs(app, persona, method, url, payload, ifMatch);

/** A user of the foreign account with a read grant on the own one. */
async function guest(): Promise<string> {
  const response = await call('super', 'POST', '/api/v1/user', {
    account: FOREIGN,
    first_name: 'Visiting',
    last_name: 'Guest',
    email: `guest.${Math.random().toString(36).slice(2, 8)}@grants.test`,
    super_admin: false,
    viewed_marketing_consent: false,
    marketing_consent: false,
    access_grants: [{ id: OWN, type: 'account', role: 'read' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data.id;
}

async function grantOf(userId: string): Promise<AccountGrant | undefined> {
  const response = await call('admin', 'GET', `/api/v1/account-users/grants?account=${OWN}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: AccountGrant[] }>().data.find((g) => g.user.id === userId);
}

const grantsOf = (userId: string) => app.repositories.user.byId(userId)?.access_grants;
const revoke = (userId: string, ifMatch?: string) =>
  call('admin', 'DELETE', `/api/v1/account-users?user=${userId}&account=${OWN}`, undefined, ifMatch);
const setRole = (userId: string, role: string, ifMatch?: string) =>
  call('admin', 'PUT', '/api/v1/account-users/role', { user: userId, account: OWN, role }, ifMatch);

describe('grant versions', () => {
  it("lists each grant with its holder's ETag, the one a read by id answers", async () => {
    const id = await guest();
    const listed = await grantOf(id);
    const read = await call('super', 'GET', `/api/v1/user?id=${id}`);
    expect(listed?.version).toBe(read.headers.etag);
    // An admin of the account cannot read the guest by id: the list is where the version comes from.
    expect((await call('admin', 'GET', `/api/v1/user?id=${id}`)).json<{ count: number }>().count).toBe(0);
  });

  it('refuses a revoke with a stale version (412) and keeps the grant; the current version revokes', async () => {
    const id = await guest();
    const seen = (await grantOf(id))!.version;
    // Someone else makes them a writer meanwhile.
    expect((await setRole(id, 'write', seen)).statusCode).toBe(200);

    const stale = await revoke(id, seen);
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ message: string }>().message).toBe(messages.api.changedBySomeoneElse('user'));
    expect(grantsOf(id)).toEqual([{ id: OWN, type: 'account', role: 'write' }]);

    const fresh = await revoke(id, (await grantOf(id))!.version);
    expect(fresh.statusCode).toBe(204);
    expect(grantsOf(id)).toEqual([]);
    expect(await grantOf(id)).toBeUndefined();
  });

  it('refuses a role change with a stale version (412) and keeps the role; the current version changes it', async () => {
    const id = await guest();
    const seen = (await grantOf(id))!.version;
    expect((await setRole(id, 'write', seen)).statusCode).toBe(200);

    const stale = await setRole(id, 'admin', seen);
    expect(stale.statusCode).toBe(412);
    expect(grantsOf(id)).toEqual([{ id: OWN, type: 'account', role: 'write' }]);

    const fresh = await setRole(id, 'admin', (await grantOf(id))!.version);
    expect(fresh.statusCode).toBe(200);
    // The answer's ETag is the version the list shows next.
    expect(fresh.headers.etag).toBe((await grantOf(id))!.version);
    expect(grantsOf(id)).toEqual([{ id: OWN, type: 'account', role: 'admin' }]);
  });

  it('checks the version after the access rules: a stale revoke by a writer is 403, of your own account 409', async () => {
    const id = await guest();
    const seen = (await grantOf(id))!.version;
    await setRole(id, 'write', seen);
    const writer = await call('writer', 'DELETE', `/api/v1/account-users?user=${id}&account=${OWN}`, undefined, seen);
    expect(writer.statusCode).toBe(403);
    const reader = app.repositories.user.findBy('email', 'reader@northwind.test')[0];
    if (reader) expect((await revoke(reader.id, '"stale"')).statusCode).toBe(409);
    expect(grantsOf(id)).toEqual([{ id: OWN, type: 'account', role: 'write' }]);
  });
});
