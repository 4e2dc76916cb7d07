/**
 * Production is a real deployment: it starts with no known credentials (no
 * demo personas, no business data: only the reference tables), answers no test-control route, and
 * refuses to start without a persistent data directory. The first super user comes from a
 * one-time bootstrap (LAMP_BOOTSTRAP_ADMIN_*), read once and never logged.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PERSONAS } from '../../server/routes/testing/outbox.ts';
import { ConfigError, loadConfig, type Config } from '../../server/config.ts';
import { readBootstrapAdmin } from '../../server/bootstrap-admin.ts';
import { LOOKUP_RESOURCES } from '../../src/shared/schemas/index.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';
import { everyFileText } from '../helpers/data-dir.ts';

const ADMIN = {
  email: 'owner@example.com',
  password: 'correct horse battery staple 9!',
  firstName: 'Olive',
  lastName: 'Owner',
};

const SECRET = 's'.repeat(40);
const production = (dataDir: string | null): Partial<Config> => productionConfig({ dataDir });
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'lamp-production-'));

describe('production mode', () => {
  const apps: FastifyInstance[] = [];
  const start = async (config: Partial<Config>, bootstrapAdmin?: typeof ADMIN) => {
    const app = await buildTestApp(config, { bootstrapAdmin });
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  const login = (app: FastifyInstance, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password } });

  it('lets no demo persona sign in and holds only the reference data', async () => {
    const app = await start(production(freshDir()));
    for (const { email } of DEMO_PERSONAS) {
      const response = await login(app, email, DEMO_PASSWORD);
      expect(response.statusCode, email).toBe(401);
    }
    const collections = app.db.low.data.collections as Record<string, unknown[]>;
    for (const [name, rows] of Object.entries(collections)) {
      if ((LOOKUP_RESOURCES as readonly string[]).includes(name)) expect(rows.length, name).toBeGreaterThan(0);
      else expect(rows, name).toEqual([]);
    }
  });

  it('answers no test-control or demo route', async () => {
    const app = await start(production(freshDir()));
    const calls = [
      { method: 'POST', url: '/api/v1/testing/reset' },
      { method: 'GET', url: '/api/v1/testing/outbox' },
      { method: 'DELETE', url: '/api/v1/testing/outbox' },
      { method: 'POST', url: '/api/v1/testing/outbox/links', payload: { kind: 'reset-password', email: 'a@b.c' } },
      { method: 'POST', url: '/api/v1/testing/users', payload: {} },
      { method: 'GET', url: '/api/v1/demo/personas' },
    ] as const;
    for (const call of calls) {
      const response = await app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    // /outbox is then only an app path (the client router's 404), never the outbox page.
    expect((await app.inject({ url: '/outbox' })).body).not.toMatch(/Outbox/);
  });

  it('refuses to start without a persistent data directory', async () => {
    await expect(buildTestApp(production(null))).rejects.toThrow(ConfigError);
    const env = {
      LAMP_MODE: 'production',
      SESSION_SECRET: SECRET,
      LINK_SECRET: SECRET,
      LAMP_PUBLIC_URL: 'https://x.example',
    };
    expect(() => loadConfig(env)).toThrow(/LAMP_DATA_DIR/);
    expect(() => loadConfig({ ...env, LAMP_DATA_DIR: '' })).toThrow(/LAMP_DATA_DIR/);
  });

  it('refuses a data file that holds the demo data (published passwords)', async () => {
    const dir = freshDir();
    const demo = await start({ mode: 'demo', dataDir: dir });
    await demo.close();
    await expect(buildTestApp(production(dir))).rejects.toThrow(/demo data/);
  });

  it('bootstraps the first super user once, from variables read once', async () => {
    const env: NodeJS.ProcessEnv = {
      LAMP_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      LAMP_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      LAMP_BOOTSTRAP_ADMIN_FIRST_NAME: ADMIN.firstName,
      LAMP_BOOTSTRAP_ADMIN_LAST_NAME: ADMIN.lastName,
    };
    const request = readBootstrapAdmin(env);
    expect(request).toEqual(ADMIN);
    // Read once: the variables are gone from the environment afterwards.
    expect(Object.keys(env).filter((key) => key.startsWith('LAMP_BOOTSTRAP'))).toEqual([]);

    const dir = freshDir();
    const app = await start(production(dir), request ?? undefined);
    const signIn = await login(app, ADMIN.email, ADMIN.password);
    expect(signIn.statusCode).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    const me = await app.inject({ url: '/api/v1/current-user', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: ADMIN.email, super_admin: true, first_name: 'Olive' });
    // The super user's account is the first product-owner account, so /admin works.
    expect(me.json<{ account: string }>().account).toBe(app.config.productOwnerAccountIds[0]);
    await app.close();

    // A second start with other bootstrap values changes nothing: a super user exists.
    const again = await start(production(dir), { ...ADMIN, email: 'intruder@example.com' });
    expect((await login(again, 'intruder@example.com', ADMIN.password)).statusCode).toBe(401);
    expect((await login(again, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('refuses a weak bootstrap password', async () => {
    await expect(
      buildTestApp(production(freshDir()), { bootstrapAdmin: { ...ADMIN, password: 'password' } }),
    ).rejects.toThrow(/not strong enough/);
  });

  it('keeps only a hash of the bootstrap password', async () => {
    const dir = freshDir();
    const app = await start(production(dir), ADMIN);
    await app.close();
    expect(everyFileText(dir)).not.toContain(ADMIN.password);
  });
});
