/**
 * Test sandboxes: a request naming a sandbox (X-Lamp-Sandbox, or the lamp_sandbox
 * cookie) works on its own copy of the state, made from the fixtures on first use; writes are
 * invisible elsewhere, a reset of one leaves the others alone, sessions and the login throttle
 * are per sandbox, the limits answer 429, and production knows none of it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxList } from '../../src/shared/schemas/sandbox.ts';
import { productionConfig } from '../helpers/app.ts';
import { everyFileText } from '../helpers/data-dir.ts';
import { measurementBody } from '../helpers/bodies.ts';
import { buildSeededApp, EMAILS, OWN, PASSWORD, ROW_IDS, type Persona } from '../helpers/seed.ts';
import { buildApp } from '../../server/app.ts';
import { signInThrough } from '../helpers/http.ts';

interface List {
  data: Record<string, unknown>[];
  count: number;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

const sandboxHeader = (sandbox: string | null): Record<string, string> =>
  sandbox ? { 'x-lamp-sandbox': sandbox } : {};

/** Signs a persona in within a sandbox (null: the default state); returns the session cookie. */
const signIn = (sandbox: string | null, persona: Persona = 'writer') =>
  signInThrough(app, EMAILS[persona], { sandbox, password: PASSWORD });

async function measurementNames(sandbox: string | null, cookie: string): Promise<string[]> {
  const response = await app.inject({
    url: `/api/v1/measurement?account=${OWN}`,
    headers: { ...sandboxHeader(sandbox), cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<List>()
    .data.map((row) => String(row.name))
    .sort();
}

async function createMeasurement(sandbox: string | null, cookie: string, name: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/measurement',
    headers: { ...sandboxHeader(sandbox), cookie },
    payload: measurementBody(OWN, { name }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data;
}

const reset = (sandbox: string | null) =>
  app.inject({ method: 'POST', url: '/api/v1/testing/reset', headers: sandboxHeader(sandbox) });

describe('isolation', () => {
  it('keeps a write in one sandbox out of another and out of the default state', async () => {
    const [a, b, shared] = await Promise.all([signIn('iso-a'), signIn('iso-b'), signIn(null)]);
    const before = await measurementNames(null, shared);
    await createMeasurement('iso-a', a, 'Only in A');
    await createMeasurement('iso-b', b, 'Only in B');

    expect(await measurementNames('iso-a', a)).toEqual([...before, 'Only in A'].sort());
    expect(await measurementNames('iso-b', b)).toEqual([...before, 'Only in B'].sort());
    expect(await measurementNames(null, shared)).toEqual(before);
  });

  it('changes and deletes rows only in the sandbox that does it', async () => {
    const [a, shared] = await Promise.all([signIn('iso-c'), signIn(null)]);
    const id = ROW_IDS.measurement?.own as string;
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/v1/measurement?id=${id}`,
      headers: { ...sandboxHeader('iso-c'), cookie: a },
      payload: { name: 'Renamed in C' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await measurementNames('iso-c', a)).toContain('Renamed in C');
    expect(await measurementNames(null, shared)).not.toContain('Renamed in C');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/measurement?id=${id}`,
      headers: { ...sandboxHeader('iso-c'), cookie: a },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await measurementNames('iso-c', a)).not.toContain('Renamed in C');
    expect((await measurementNames(null, shared)).length).toBeGreaterThan(0);
  });

  it('resets one sandbox to the fixtures and leaves the others (and the default state) alone', async () => {
    const [a, b, shared] = await Promise.all([signIn('reset-a'), signIn('reset-b'), signIn(null)]);
    const fixtures = await measurementNames('reset-a', a);
    await createMeasurement('reset-a', a, 'A before reset');
    await createMeasurement('reset-b', b, 'B survives');
    await createMeasurement(null, shared, 'Default survives');

    expect((await reset('reset-a')).statusCode).toBe(200);
    // Sessions survive a reset: the same cookie still works.
    expect(await measurementNames('reset-a', a)).toEqual(fixtures);
    expect(await measurementNames('reset-b', b)).toContain('B survives');
    expect(await measurementNames(null, shared)).toContain('Default survives');

    // The named route resets too, and the default reset leaves the sandboxes alone.
    const named = await app.inject({ method: 'POST', url: '/api/v1/testing/sandboxes/reset-b/reset' });
    expect(named.statusCode).toBe(200);
    expect(await measurementNames('reset-b', b)).toEqual(fixtures);
    await createMeasurement('reset-b', b, 'B again');
    expect((await reset(null)).statusCode).toBe(200);
    expect(await measurementNames(null, shared)).not.toContain('Default survives');
    expect(await measurementNames('reset-b', b)).toContain('B again');
  });

  it('keeps sessions per sandbox: a session from one is signed out in another', async () => {
    const a = await signIn('sessions-a');
    const inA = await app.inject({
      url: '/api/v1/current-user',
      headers: { ...sandboxHeader('sessions-a'), cookie: a },
    });
    expect(inA.statusCode).toBe(200);
    const inB = await app.inject({
      url: '/api/v1/current-user',
      headers: { ...sandboxHeader('sessions-b'), cookie: a },
    });
    expect(inB.statusCode).toBe(401);
    const inDefault = await app.inject({ url: '/api/v1/current-user', headers: { cookie: a } });
    expect(inDefault.statusCode).toBe(401);
  });

  it('keeps the login throttle per sandbox', async () => {
    const attempt = (sandbox: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers: sandboxHeader(sandbox),
        payload: { email: EMAILS.reader, password: 'wrong password' },
      });
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i += 1) status = (await attempt('throttled')).statusCode;
    expect(status).toBe(429);
    expect((await attempt('not-throttled')).statusCode).toBe(401);
    // A reset forgets the sandbox's throttle.
    await reset('throttled');
    expect((await attempt('throttled')).statusCode).toBe(401);
  });

  it('keeps the outbox per sandbox', async () => {
    const issue = (sandbox: string | null) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/testing/outbox/links',
        headers: sandboxHeader(sandbox),
        payload: { kind: 'reset-password', email: EMAILS.reader },
      });
    const count = async (sandbox: string | null) =>
      (await app.inject({ url: '/api/v1/testing/outbox', headers: sandboxHeader(sandbox) })).json<List>().count;
    const before = await count(null);
    expect((await issue('mail-a')).statusCode).toBe(201);
    expect(await count('mail-a')).toBe(1);
    expect(await count('mail-b')).toBe(0);
    expect(await count(null)).toBe(before);
  });

  it('works in the sandbox of the lamp_sandbox cookie, which the attach route sets', async () => {
    const attached = await app.inject({ method: 'POST', url: '/api/v1/testing/sandboxes/browser-1/attach' });
    expect(attached.statusCode).toBe(200);
    const cookie = attached.cookies.find((c) => c.name === 'lamp_sandbox');
    expect(cookie).toMatchObject({ value: 'browser-1', path: '/', httpOnly: true, sameSite: 'Lax' });
    const session = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { cookie: 'lamp_sandbox=browser-1' },
      payload: { email: EMAILS.writer, password: PASSWORD },
    });
    const sessionCookie = `lamp_session=${session.cookies.find((c) => c.name === 'lamp_session')?.value}`;
    await createMeasurement(null, `lamp_sandbox=browser-1; ${sessionCookie}`, 'From the browser');
    expect(await measurementNames('browser-1', sessionCookie)).toContain('From the browser');
    // The header wins over the cookie.
    const other = await app.inject({
      url: '/api/v1/current-user',
      headers: { cookie: `lamp_sandbox=browser-1; ${sessionCookie}`, 'x-lamp-sandbox': 'browser-2' },
    });
    expect(other.statusCode).toBe(401);
    // Attaching "default" clears the cookie.
    const detached = await app.inject({ method: 'POST', url: '/api/v1/testing/sandboxes/default/attach' });
    expect(detached.cookies.find((c) => c.name === 'lamp_sandbox')?.value).toBe('');
  });

  it('refuses a bad sandbox name with 400 and changes nothing', async () => {
    const before = app.sandboxes.size;
    for (const name of ['has space', 'x'.repeat(65), 'slash/name']) {
      const response = await app.inject({ url: '/api/v1/testing/outbox', headers: { 'x-lamp-sandbox': name } });
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^X-Lamp-Sandbox: a sandbox name has/);
    }
    const cookie = await app.inject({ url: '/api/v1/testing/outbox', headers: { cookie: 'lamp_sandbox=a%20b' } });
    expect(cookie.statusCode).toBe(400);
    expect(app.sandboxes.size).toBe(before);
  });

  it('never writes a sandbox to the data file', async () => {
    const persistent = await buildSeededAppWithFile();
    const response = await persistent.app.inject({
      method: 'POST',
      url: '/api/v1/testing/users',
      headers: { 'x-lamp-sandbox': 'on-disk' },
      payload: { email: 'sandboxed@example.test', first_name: 'Sand', last_name: 'Box', password: null },
    });
    await persistent.app.inject({ method: 'POST', url: '/api/v1/testing/reset' });
    await persistent.app.close();
    expect(response.statusCode, response.body).toBe(201);
    const file = everyFileText(persistent.dataDir);
    expect(file).toContain('writer@northwind.test');
    expect(file).not.toContain('sandboxed@example.test');
  });
});

async function buildSeededAppWithFile() {
  const { dataDir } = productionConfig();
  const built = await buildApp({
    config: { mode: 'test', dataDir, logLevel: 'silent', serveStatic: false },
  });
  await built.ready();
  return { app: built, dataDir: dataDir as string };
}

describe('the sandboxes routes', () => {
  it('lists sandboxes with their times and the limits, deletes one, and answers 404 for an unknown one', async () => {
    await app.inject({ url: '/api/v1/testing/outbox', headers: sandboxHeader('listed') });
    const list = (await app.inject({ url: '/api/v1/testing/sandboxes' })).json<SandboxList>();
    const listed = list.data.find((sandbox) => sandbox.name === 'listed');
    expect(listed).toBeDefined();
    expect(Date.parse(listed!.created_at)).toBeLessThanOrEqual(Date.parse(listed!.last_used_at));
    expect(list.limits).toEqual({ max_sandboxes: 32, max_sandboxes_per_client: 16, idle_minutes: 30 });
    expect(list.count).toBe(list.data.length);

    expect((await app.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/listed' })).statusCode).toBe(204);
    const gone = await app.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/listed' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ message: string }>().message).toBe('No sandbox is named listed');
    const defaultState = await app.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/default' });
    expect(defaultState.statusCode).toBe(400);
  });

  it('forgets a deleted sandbox: its data and its sessions', async () => {
    const cookie = await signIn('doomed');
    await createMeasurement('doomed', cookie, 'Doomed row');
    await app.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/doomed' });
    const again = await app.inject({ url: '/api/v1/current-user', headers: { ...sandboxHeader('doomed'), cookie } });
    expect(again.statusCode).toBe(401);
    const fresh = await signIn('doomed');
    expect(await measurementNames('doomed', fresh)).not.toContain('Doomed row');
  });
});

describe('limits', () => {
  it('answers 429 with a clear message past the most sandboxes (idle dropping: tests/unit/sandbox)', async () => {
    const limited = await buildSeededApp({ maxSandboxes: 2, sandboxIdleMinutes: 5 });
    try {
      const use = (name: string) =>
        limited.inject({ url: '/api/v1/testing/outbox', headers: { 'x-lamp-sandbox': name } });
      expect((await use('one')).statusCode).toBe(200);
      expect((await use('two')).statusCode).toBe(200);
      const third = await use('three');
      expect(third.statusCode).toBe(429);
      expect(third.json<{ message: string }>().message).toBe(
        'Too many sandboxes: at most 2 may exist at once. Delete one you no longer need ' +
          '(DELETE /api/v1/testing/sandboxes/{name}), or wait until one has been idle for 5 minutes.',
      );
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // The default state is no sandbox: it always answers.
      expect((await limited.inject({ url: '/api/v1/testing/outbox' })).statusCode).toBe(200);
      expect((await limited.inject({ method: 'POST', url: '/api/v1/testing/sandboxes/three/attach' })).statusCode).toBe(
        429,
      );
      // Deleting one makes room.
      await limited.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/one' });
      expect((await use('three')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('sandboxes per client', () => {
  it('lets one client hold at most half of them by default, with a message naming the limit; others still get theirs', async () => {
    const shared = await buildSeededApp();
    try {
      // Any request naming a sandbox makes it; two loopback addresses stand for two clients.
      const use = (name: string, address: string) =>
        shared.inject({ url: '/api/health', headers: { 'x-lamp-sandbox': name }, remoteAddress: address });
      const greedy = '127.0.0.7';
      for (let i = 1; i <= 16; i += 1) expect((await use(`greedy-${i}`, greedy)).statusCode).toBe(200);
      const refused = await use('greedy-17', greedy);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toBe(
        'Too many sandboxes for one client: 127.0.0.7 already holds 16, the most one client may hold of the 32 ' +
          '(LAMP_MAX_SANDBOXES_PER_CLIENT). Delete one you no longer need (DELETE /api/v1/testing/sandboxes/{name}), ' +
          'wait until one has been idle for 30 minutes, or raise LAMP_MAX_SANDBOXES_PER_CLIENT (below LAMP_MAX_SANDBOXES).',
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(shared.sandboxes.has('greedy-17')).toBe(false);
      // The sandboxes it holds still answer it, and the next test run (another client) gets its own.
      expect((await use('greedy-3', greedy)).statusCode).toBe(200);
      expect((await use('next-run', '127.0.0.1')).statusCode).toBe(200);
      // The same cap on the routes that make a sandbox by name.
      const reset = await shared.inject({
        method: 'POST',
        url: '/api/v1/testing/sandboxes/greedy-18/reset',
        remoteAddress: greedy,
      });
      expect(reset.statusCode).toBe(429);
    } finally {
      await shared.close();
    }
  });
});

describe('requests that leave nothing behind', () => {
  it('keeps no sandbox, journal or other state for a request refused with 429 or for a bad name', async () => {
    const limited = await buildSeededApp({ maxSandboxes: 1 });
    try {
      const inject = (sandbox: string, method: 'GET' | 'POST' = 'GET', url = '/api/v1/project') =>
        limited.inject({
          method,
          url,
          headers: { 'x-lamp-sandbox': sandbox },
          ...(method === 'POST' ? { payload: { email: EMAILS.writer, password: PASSWORD } } : {}),
        });
      expect((await inject('only')).statusCode).toBe(401);
      const refused = [await inject('over'), await inject('over', 'POST', '/api/v1/auth'), await inject('bad name!')];
      expect(refused.map((response) => response.statusCode)).toEqual([429, 429, 400]);
      // Refused before anything else, yet with the API's headers.
      for (const response of refused) expect(response.headers['x-content-type-options']).toBe('nosniff');

      for (const name of ['over', 'bad name!']) {
        expect(limited.sandboxes.has(name), name).toBe(false);
        expect(limited.sandboxScope.holds(name), name).toBe(false);
      }
      expect(limited.sandboxes.list().map((sandbox) => sandbox.name)).toEqual(['only']);
      // Nor did the refusals reach the default state's journal.
      const journal = await limited.inject({ url: '/api/v1/testing/journal/count' });
      expect(journal.json<{ count: number }>().count).toBe(0);
      // Once there is room, the sandbox starts with an empty journal.
      await limited.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/only' });
      const fresh = await limited.inject({ url: '/api/v1/testing/journal', headers: { 'x-lamp-sandbox': 'over' } });
      expect(fresh.json<{ data: unknown[] }>().data).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('keeps nothing for a sandbox deleted while one of its requests was still under way', async () => {
    const cookie = await signIn('deleted-mid-request');
    // A write held back by a one-off delay: the sandbox goes before its handler runs.
    const late = app.inject({
      method: 'POST',
      url: '/api/v1/measurement',
      headers: { 'x-lamp-sandbox': 'deleted-mid-request', cookie, prefer: 'lamp-delay=150' },
      payload: measurementBody(OWN, { name: 'Written after its sandbox went' }),
    });
    await expect.poll(() => app.testTraffic?.delayed ?? 0).toBe(1);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/testing/sandboxes/deleted-mid-request' });
    expect(deleted.statusCode).toBe(204);
    expect((await late).statusCode).toBe(201);
    // Neither the row's copy of the collection nor the journal entry outlived the sandbox.
    expect(app.sandboxes.has('deleted-mid-request')).toBe(false);
    expect(app.sandboxScope.holds('deleted-mid-request')).toBe(false);
  });
});

describe('production', () => {
  const ROUTES = [
    ['POST', '/api/v1/testing/reset'],
    ['GET', '/api/v1/testing/sandboxes'],
    ['DELETE', '/api/v1/testing/sandboxes/x'],
    ['POST', '/api/v1/testing/sandboxes/x/reset'],
    ['POST', '/api/v1/testing/sandboxes/x/attach'],
    ['GET', '/api/v1/testing/clock'],
    ['PUT', '/api/v1/testing/clock'],
  ] as const;

  it('answers 404 on every testing route, and ignores the sandbox header and cookie', async () => {
    const production = await buildApp({ config: { ...productionConfig(), logLevel: 'silent', serveStatic: false } });
    try {
      const testingRoutes = production.routeTable
        .filter((route) => route.url.startsWith('/api/v1/testing'))
        .map((route) => `${route.method} ${route.url}`);
      expect(testingRoutes).toEqual([]);
      for (const [method, url] of ROUTES) {
        const response = await production.inject({
          method,
          url,
          payload: method === 'PUT' ? { now: null, frozen: true } : undefined,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      const named = await production.inject({ url: '/api/health', headers: { 'x-lamp-sandbox': 'not here' } });
      expect(named.statusCode).toBe(200);
      expect(production.sandboxes.size).toBe(0);
    } finally {
      await production.close();
    }
  });
});
