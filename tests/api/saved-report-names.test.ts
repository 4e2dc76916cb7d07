/**
 * A saved report's name is unique within its account (server/routes/resources/unique-names.ts), checked
 * once the write is allowed: a user who may not change a report learns nothing from its name.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import type { SavedReport } from '../../src/shared/schemas/index.ts';
import { SAVED_REPORT_NAME_TAKEN } from '../../server/routes/resources/unique-names.ts';
import { buildTestApp } from '../helpers/app.ts';

let app: FastifyInstance;
const cookies: Record<string, string> = {};
const send = (who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload: payload as Record<string, unknown>, headers: { cookie: cookies[who] ?? '' } });
const body = (name: string, account: string = ACCOUNT_IDS.northwind) => ({
  name,
  account,
  start_date: null,
  end_date: null,
  relative_date: 'last_30_days',
  measured: false,
  measurements: [],
  labels: [],
});
const saved = () => app.db.low.data.collections['saved-report'] as unknown as SavedReport[];

beforeAll(async () => {
  app = await buildTestApp();
  for (const [who, email] of [
    ['writer', 'writer@northwind.test'],
    ['contoso', 'partner@contoso.test'],
  ] as const) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email, password: 'Lamp-Demo-2026!' },
    });
    cookies[who] = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }
}, 60_000);
afterAll(() => app.close());
beforeEach(() => app.db.reset());

describe('saved-report names', () => {
  it('refuses a second report of the same name in the account (any case, any spaces) with a 409 on name', async () => {
    const existing = saved().find((r) => r.account === ACCOUNT_IDS.northwind)!;
    const before = saved().length;
    for (const name of [existing.name, ` ${existing.name.toUpperCase()} `]) {
      const response = await send('writer', 'POST', '/api/v1/saved-report', body(name));
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(`name: ${SAVED_REPORT_NAME_TAKEN}`);
    }
    expect(saved()).toHaveLength(before);
    expect((await send('writer', 'POST', '/api/v1/saved-report', body('A name nobody used'))).statusCode).toBe(201);
  });

  it('allows the same name in another account', async () => {
    const existing = saved().find((r) => r.account === ACCOUNT_IDS.northwind)!;
    const taken = saved().some((r) => r.account === ACCOUNT_IDS.contoso && r.name === existing.name);
    const response = await send('contoso', 'POST', '/api/v1/saved-report', body(existing.name, ACCOUNT_IDS.contoso));
    expect(response.statusCode).toBe(taken ? 409 : 201);
  });

  it('refuses a rename onto another report’s name, and accepts keeping its own', async () => {
    // Reports of the writer's own: only their creator (or an admin) may rename them.
    const a = (await send('writer', 'POST', '/api/v1/saved-report', body('Writer report A'))).json<{
      data: SavedReport;
    }>().data;
    const b = saved().find((r) => r.account === ACCOUNT_IDS.northwind && r.id !== a.id)!;
    const clash = await send('writer', 'PUT', `/api/v1/saved-report?id=${a.id}`, { name: b.name });
    expect(clash.statusCode).toBe(409);
    expect(saved().find((r) => r.id === a.id)!.name).toBe(a.name);
    const own = await send('writer', 'PUT', `/api/v1/saved-report?id=${a.id}`, { name: a.name, measured: true });
    expect(own.statusCode).toBe(200);
    const renamed = await send('writer', 'PUT', `/api/v1/saved-report?id=${a.id}`, { name: 'Renamed report' });
    expect(renamed.json<{ data: SavedReport }>().data.name).toBe('Renamed report');
  });

  it('refuses a rename by someone who may not change the report with 403, before any name check', async () => {
    const [a, b] = saved().filter(
      (r) => r.account === ACCOUNT_IDS.northwind && r.created_by !== USER_IDS.northwindWriter,
    );
    const response = await send('writer', 'PUT', `/api/v1/saved-report?id=${a!.id}`, { name: b!.name });
    expect(response.statusCode).toBe(403);
    expect(saved().find((r) => r.id === a!.id)!.name).toBe(a!.name);
  });

  it('leaves other refusals to the engine (a foreign account is still 403)', async () => {
    const response = await send('writer', 'POST', '/api/v1/saved-report', body('Elsewhere', ACCOUNT_IDS.contoso));
    expect(response.statusCode).toBe(403);
  });
});
