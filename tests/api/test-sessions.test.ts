/**
 * Minted sessions (issue 49): test control signs a user in without the password, in a
 * sandbox only, at a fraction of a sign-in's cost; never in production.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINT_NEEDS_SANDBOX } from '../../server/routes/testing/test-sessions.ts';
import type { MintedSession } from '../../src/shared/schemas/sandbox.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';
import { PERSONA_IDS } from '../helpers/seed.ts';

const MINT = '/api/v1/testing/sessions';
const inSandbox = (name: string) => ({ 'x-lamp-sandbox': name });

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);
afterAll(() => app.close());

const mint = (sandbox: string | null, payload: unknown) =>
  app.inject({ method: 'POST', url: MINT, headers: sandbox ? inSandbox(sandbox) : {}, payload: payload as object });

const me = (sandbox: string, session: MintedSession) =>
  app.inject({
    url: '/api/v1/current-user',
    headers: { ...inSandbox(sandbox), cookie: `${session.cookie.name}=${session.cookie.value}` },
  });

describe('POST /api/v1/testing/sessions', () => {
  it("signs a persona in by e-mail, with the cookie set and returned, in the sandbox's clock", async () => {
    const response = await mint('mint-a', { email: 'Reader@Northwind.test' });
    expect(response.statusCode, response.body).toBe(201);
    const session = response.json<MintedSession>();
    expect(session).toMatchObject({
      sandbox: 'mint-a',
      email: 'reader@northwind.test',
      cookie: { name: 'lamp_session' },
    });
    expect(response.cookies.find((c) => c.name === 'lamp_session')?.value).toBe(session.cookie.value);
    const user = await me('mint-a', session);
    expect(user.statusCode).toBe(200);
    expect(user.json<{ email: string }>().email).toBe('reader@northwind.test');
    // Another sandbox does not know it.
    expect((await me('mint-b', session)).statusCode).toBe(401);
  });

  it('signs any user in by id, one without a password too', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/users',
      headers: inSandbox('mint-id'),
      payload: { email: 'no-password@example.test' },
    });
    const id = created.json<{ id: string }>().id;
    const response = await mint('mint-id', { user_id: id });
    expect(response.statusCode, response.body).toBe(201);
    expect((await me('mint-id', response.json<MintedSession>())).statusCode).toBe(200);
  });

  it('refuses the default state, unknown users and bad bodies with a 4xx, and starts no session', async () => {
    const before = Object.keys(app.db.low.data.sessions ?? {}).length;
    const outside = await mint(null, { email: 'reader@northwind.test' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ message: string }>().message).toBe(MINT_NEEDS_SANDBOX);
    expect(outside.headers['set-cookie']).toBeUndefined();
    expect(Object.keys(app.db.low.data.sessions ?? {}).length).toBe(before);

    const nobody = await mint('mint-bad', { email: 'nobody@example.test' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json<{ message: string }>().message).toBe('No user has the e-mail nobody@example.test');
    for (const payload of [
      {},
      { email: 'reader@northwind.test', user_id: PERSONA_IDS.reader },
      { user_id: 'x' },
      { email: 'a@b.c', role: 'super' },
    ]) {
      const response = await mint('mint-bad', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(app.sandboxes.sessions('mint-bad')).toEqual({});
  });

  it('costs a small fraction of a sign-in (under 20 ms)', async () => {
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const started = performance.now();
      const response = await mint('mint-fast', { email: 'writer@northwind.test' });
      times.push(performance.now() - started);
      expect(response.statusCode).toBe(201);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(20);
  });
});

describe('in production', () => {
  it('does not exist (404)', async () => {
    const production = await buildTestApp(productionConfig());
    try {
      const response = await production.inject({
        method: 'POST',
        url: MINT,
        headers: inSandbox('x'),
        payload: { email: 'reader@northwind.test' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
