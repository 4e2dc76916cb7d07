/**
 * The test authors' client (packages/lamp-testing) against a listening server: the
 * sandbox, its clock, faults, the journal, the outbox and the Prefer helper. The client parses
 * every answer with the server's own schemas, so these calls also prove the two agree.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_COOKIE } from '../../server/sandbox/scope.ts';
import { lampPrefer, LampTesting, LampTestingError } from '../../packages/lamp-testing/src/index.ts';
import { buildSeededApp, EMAILS } from '../helpers/seed.ts';

let app: FastifyInstance;
let baseURL: string;
beforeAll(async () => {
  app = await buildSeededApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseURL = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(() => app.close());

const client = (sandbox: string) => new LampTesting({ baseURL: `${baseURL}/`, sandbox });

describe('the test client', () => {
  it('lists, resets and deletes its sandbox, and sets and reads its clock', async () => {
    const lamp = client('client-sandbox');
    const other = client('client-sandbox-other');
    await lamp.addFault({ path: '/api/v1/nothing', status: 500 });
    await other.journalCount();
    expect((await lamp.sandboxes()).map((sandbox) => sandbox.name)).toEqual(
      expect.arrayContaining(['client-sandbox', 'client-sandbox-other']),
    );

    const frozen = await lamp.setClock({ now: new Date('2026-03-01T09:00:00Z'), frozen: true });
    expect(frozen).toMatchObject({
      sandbox: 'client-sandbox',
      now: '2026-03-01T09:00:00.000Z',
      frozen: true,
      real: false,
    });
    expect(await lamp.clock()).toEqual(frozen);
    expect((await other.clock()).real).toBe(true);

    // A reset forgets the sandbox's faults and clock; the other sandbox keeps its own.
    await lamp.reset();
    expect(await lamp.faults()).toEqual([]);
    expect((await lamp.clock()).real).toBe(true);

    await lamp.deleteSandbox();
    await lamp.deleteSandbox(); // already gone: fine
    expect((await other.sandboxes()).map((sandbox) => sandbox.name)).not.toContain('client-sandbox');
    await other.deleteSandbox();
  });

  it('sets a fault that the next requests in its sandbox meet, and lists and removes rules', async () => {
    const lamp = client('client-faults');
    const rule = await lamp.addFault({ method: 'GET', path: '/api/health', status: 503, times: 1 });
    expect(rule).toMatchObject({ id: 'f1', method: 'GET', status: 503, remaining: 1 });
    expect((await fetch(`${baseURL}/api/health`, { headers: lamp.headers })).status).toBe(503);
    expect((await fetch(`${baseURL}/api/health`, { headers: lamp.headers })).status).toBe(200);
    // Another sandbox, and the default state, never saw the rule.
    await lamp.addFault({ path: '/api/health', status: 500 });
    expect((await fetch(`${baseURL}/api/health`, { headers: client('client-other').headers })).status).toBe(200);
    expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
    expect((await lamp.faults()).map((r) => [r.id, r.applied])).toEqual([
      ['f1', 1],
      ['f2', 0],
    ]);
    await lamp.removeFault('f2');
    expect((await lamp.faults()).map((r) => r.id)).toEqual(['f1']);
    await lamp.clearFaults();
    expect(await lamp.faults()).toEqual([]);
  });

  it('drops the connection for real: fetch fails', async () => {
    const lamp = client('client-drop');
    await lamp.addFault({ path: '/api/health', drop: true, times: 1 });
    await expect(fetch(`${baseURL}/api/health`, { headers: lamp.headers })).rejects.toThrow();
    expect((await fetch(`${baseURL}/api/health`, { headers: lamp.headers })).status).toBe(200);
    expect((await lamp.journal()).map((e) => e.status)).toEqual([null, 200]);
  });

  it('reads the journal with filters, counts it, waits for a request, and clears it', async () => {
    const lamp = client('client-journal');
    const since = new Date();
    await fetch(`${baseURL}/api/health?probe=1`, { headers: lamp.headers });
    await fetch(`${baseURL}/api/v1/auth`, {
      method: 'POST',
      headers: { ...lamp.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAILS.reader, password: 'wrong-password' }),
    });
    const writes = await lamp.journal({ method: ['POST'], path: '/api/v1/*', since });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ path: '/api/v1/auth', status: 401, body: { password: '[redacted]' } });
    expect(await lamp.journalCount()).toBe(2);
    expect(await lamp.journalCount({ method: 'GET' })).toBe(1);
    expect((await lamp.journalPage()).limit).toBe(1000);

    const later = lamp.waitForRequest({ path: '/api/v1/unauth' }, { timeout: 3000 });
    setTimeout(() => void fetch(`${baseURL}/api/v1/unauth`, { headers: lamp.headers }), 100);
    expect((await later).path).toBe('/api/v1/unauth');
    await expect(lamp.waitForRequest({ path: '/never' }, { timeout: 120 })).rejects.toThrow(/No request matching/);

    await lamp.clearJournal();
    expect(await lamp.journalCount()).toBe(0);
  });

  it('reads the outbox', async () => {
    const lamp = client('client-outbox');
    await lamp.clearOutbox();
    const sent = await fetch(`${baseURL}/api/v1/forgotten-password`, {
      method: 'POST',
      headers: { ...lamp.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAILS.reader }),
    });
    expect(sent.status).toBe(200);
    const [message] = await lamp.outbox({ to: EMAILS.reader });
    expect(message).toMatchObject({ kind: 'reset-password', to: EMAILS.reader });
    expect(await lamp.outbox({ to: 'nobody@example.test' })).toEqual([]);
  });

  it('writes the Prefer header of a one-off fault that the server applies', async () => {
    expect(lampPrefer({ status: 503, message: 'Down "now"', delay: 20 })).toBe(
      'lamp-status=503, lamp-message="Down \\"now\\"", lamp-delay=20',
    );
    expect(lampPrefer({ drop: true })).toBe('lamp-drop');
    const response = await fetch(`${baseURL}/api/health`, {
      headers: { prefer: lampPrefer({ status: 503, message: 'Down "now"', delay: 20 }) },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ message: 'Down "now"' });
  });

  it("throws the API's refusal with its status and message", async () => {
    const lamp = client('client-errors');
    const refused = lamp.addFault({ status: 503, drop: true });
    await expect(refused).rejects.toBeInstanceOf(LampTestingError);
    await expect(refused).rejects.toMatchObject({ status: 400, message: /status: a dropped connection has no status/ });
    await expect(lamp.removeFault('f404')).rejects.toMatchObject({ status: 404 });
    expect(() => new LampTesting({ baseURL }).inSandbox('bad name').headers).not.toThrow();
    await expect(new LampTesting({ baseURL }).inSandbox('bad name').faults()).rejects.toMatchObject({ status: 400 });
  });

  it('attaches a browser context: the sandbox cookie for the server', async () => {
    const cookies: { name: string; value: string; url: string }[] = [];
    await client('client-attach').attach({
      addCookies: (added) => {
        cookies.push(...added);
        return Promise.resolve();
      },
    });
    expect(cookies).toEqual([{ name: SANDBOX_COOKIE, value: 'client-attach', url: baseURL }]);
    // The server files a request carrying that cookie under the sandbox.
    await fetch(`${baseURL}/api/health`, { headers: { cookie: `${SANDBOX_COOKIE}=client-attach` } });
    expect(await client('client-attach').journalCount({ path: '/api/health' })).toBe(1);
    await expect(new LampTesting({ baseURL }).attach({ addCookies: () => Promise.resolve() })).rejects.toThrow(
      /needs a sandbox/,
    );
  });

  it('signs a persona in without the password, for fetch (cookies kept) and for a browser', async () => {
    const lamp = client('client-sessions');
    const session = await lamp.signIn(EMAILS.reader);
    expect(session).toMatchObject({ sandbox: 'client-sessions', email: EMAILS.reader });
    const api = lamp.http(session);
    const me = await api('/api/v1/current-user');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(EMAILS.reader);
    // The jar follows the server: signing out clears the cookie, and the next call is anonymous.
    await api('/api/v1/unauth');
    expect(api.jar.get('lamp_session')).toBeUndefined();
    expect((await api('/api/v1/current-user')).status).toBe(401);

    const state = await lamp.storageState({ email: EMAILS.admin });
    expect(state.cookies.map((cookie) => [cookie.name, cookie.domain, cookie.sameSite])).toEqual([
      [SANDBOX_COOKIE, '127.0.0.1', 'Lax'],
      ['lamp_session', '127.0.0.1', 'Lax'],
    ]);
    const added: string[] = [];
    await lamp.signIn(EMAILS.writer, {
      addCookies: (cookies) => Promise.resolve(void added.push(...cookies.map((cookie) => cookie.name))),
    });
    expect(added).toEqual([SANDBOX_COOKIE, 'lamp_session']);
    await expect(new LampTesting({ baseURL }).signIn(EMAILS.reader)).rejects.toMatchObject({ status: 400 });
  });

  it('resets with a chosen clock, and reads today on the sandbox clock', async () => {
    const lamp = client('client-reset-clock');
    await lamp.reset({ clock: { now: new Date('2026-12-24T18:00:00Z'), frozen: true } });
    expect(await lamp.today()).toBe('2026-12-24');
    await lamp.reset();
    expect((await lamp.clock()).real).toBe(true);
  });
});
