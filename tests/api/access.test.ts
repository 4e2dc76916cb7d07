import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { buildApp } from '../../server/app.ts';
import { messages } from '../../src/shared/messages.ts';
import { fakeStaticBuild } from '../helpers/app.ts';
import { as, PERSONA_IDS, testSeed } from '../helpers/seed.ts';
import { openDatabase } from '../../server/store/database.ts';

/** An app with extra routes registered before it is ready, to test policies on their own. */
async function appWithRoutes(add: (app: FastifyInstance) => void, config = {}) {
  const app = await buildApp({
    database: await openDatabase({ dataDir: null, seed: testSeed }),
    config: { mode: 'test', dataDir: null, logLevel: 'silent', staticDir: fakeStaticBuild(), ...config },
  });
  add(app);
  await app.ready();
  return app;
}

describe('route access', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithRoutes((a) => {
      a.get('/api/v1/no-policy', () => ({ leaked: true }));
      a.get('/api/v1/labels-admin', { config: { access: { permission: 'labels.manage' } } }, (request) => ({
        role: request.access?.role,
        account: request.access?.account.id,
      }));
      a.get('/api/v1/admin-area', { config: { access: { rule: { productOwner: true, role: 'root' } } } }, () => ({
        ok: true,
      }));
      a.get('/api/v1/lamp-only', { config: { access: { rule: { feature: 'lamp_access' } } } }, () => ({ ok: true }));
    });
  });
  afterAll(() => app.close());

  it('refuses a route that declares no policy (fail closed), even to the super admin', async () => {
    for (const headers of [{}, as(app, 'super')]) {
      const response = await app.inject({ url: '/api/v1/no-policy', headers });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('leaked');
    }
    expect(app.routeTable.find((r) => r.url === '/api/v1/no-policy')?.access).toBeUndefined();
  });

  it('asks for a session before any policy', async () => {
    const response = await app.inject({ url: '/api/v1/labels-admin' });
    expect(response.statusCode).toBe(401);
  });

  it('checks the role in the selected account (default: the own account)', async () => {
    expect((await app.inject({ url: '/api/v1/labels-admin', headers: as(app, 'admin') })).json()).toEqual({
      role: 'admin',
      account: ACCOUNT_IDS.northwind,
    });
    const writer = await app.inject({ url: '/api/v1/labels-admin', headers: as(app, 'writer') });
    expect(writer.statusCode).toBe(403);
    expect(writer.json<{ message: string }>().message).toBe(messages.access.accountError);
    // admin@northwind only reads Contoso.
    const contoso = await app.inject({
      url: `/api/v1/labels-admin?account=${ACCOUNT_IDS.contoso}`,
      headers: as(app, 'admin'),
    });
    expect(contoso.statusCode).toBe(403);
    // and cannot enter Tailspin at all.
    const tailspin = await app.inject({
      url: `/api/v1/labels-admin?account=${ACCOUNT_IDS.tailspin}`,
      headers: as(app, 'admin'),
    });
    expect(tailspin.statusCode).toBe(403);
    expect(tailspin.json<{ message: string }>().message).toBe(messages.access.foreignAccount);
    const bad = await app.inject({ url: '/api/v1/labels-admin?account=nope', headers: as(app, 'admin') });
    expect(bad.statusCode).toBe(400);
  });

  it("needs the user's own account to be a product owner for the admin area (decisions §3)", async () => {
    expect((await app.inject({ url: '/api/v1/admin-area', headers: as(app, 'root') })).statusCode).toBe(200);
    // A root user of Lamp HQ administers whichever account they view.
    const elsewhere = await app.inject({
      url: `/api/v1/admin-area?account=${ACCOUNT_IDS.northwind}`,
      headers: as(app, 'root'),
    });
    expect(elsewhere.statusCode).toBe(200);
    // A user of another account does not get in, with the account access error.
    const admin = await app.inject({ url: '/api/v1/admin-area', headers: as(app, 'admin') });
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ message: string }>().message).toBe(messages.access.userError);
    const configured = await appWithRoutes(
      (a) =>
        a.get('/api/v1/admin-area', { config: { access: { rule: { productOwner: true } } } }, () => ({ ok: true })),
      { productOwnerAccountIds: [ACCOUNT_IDS.northwind] },
    );
    expect((await configured.inject({ url: '/api/v1/admin-area', headers: as(configured, 'reader') })).statusCode).toBe(
      200,
    );
    const root = await configured.inject({
      url: `/api/v1/admin-area?account=${ACCOUNT_IDS.northwind}`,
      headers: as(configured, 'root'),
    });
    expect(root.statusCode).toBe(403);
    expect(root.json<{ message: string }>().message).toBe(messages.access.userError);
    await configured.close();
  });

  it('checks account features', async () => {
    expect((await app.inject({ url: '/api/v1/lamp-only', headers: as(app, 'writer') })).statusCode).toBe(200);
    const selfserve = await app.inject({ url: '/api/v1/lamp-only', headers: as(app, 'selfserve') });
    expect(selfserve.statusCode).toBe(403);
    expect(selfserve.json<{ message: string }>().message).toBe(messages.access.userError);
  });

  it('re-reads grants on every request: a revoked grant takes effect at once', async () => {
    const headers = as(app, 'admin');
    expect((await app.inject({ url: '/api/v1/labels-admin', headers })).statusCode).toBe(200);
    await app.repositories.user.update(PERSONA_IDS.admin, {
      access_grants: [{ id: ACCOUNT_IDS.northwind, type: 'account', role: 'read' }],
    });
    expect((await app.inject({ url: '/api/v1/labels-admin', headers })).statusCode).toBe(403);
    await app.repositories.user.remove(PERSONA_IDS.admin);
    expect((await app.inject({ url: '/api/v1/labels-admin', headers })).statusCode).toBe(401);
  });
});
