/**
 * Issue 51 finding 4. Test control trusted a loopback client whatever Host it named, and took the
 * request's own Host as an allowed Origin: a page on `rebind.evil.test`, its name pointed at
 * 127.0.0.1 after it loaded (DNS rebinding), could add faults and read the outbox's reset links.
 * And a fault's path pattern of ten `**` made every request of the sandbox take seconds (21.6 s in
 * the probe) while the server answered nothing else.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONTROL_HEADER } from '../../server/plugins/access.ts';
import { loadConfig } from '../../server/config.ts';
import { messages } from '../../src/shared/messages.ts';
const MAX_PATH_PATTERN_WILDCARDS = 16;
import { buildSeededApp, EMAILS } from '../helpers/seed.ts';

const TOKEN = 't'.repeat(40);
const REBOUND = 'rebind.evil.test:8080';

describe('test control and DNS rebinding', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp({ mode: 'demo', testControlToken: TOKEN, testControlHosts: ['lamp.internal'] });
  });
  afterAll(() => app.close());

  const faultCount = async () =>
    (await app.inject({ url: '/api/v1/testing/faults' })).json<{ data: unknown[] }>().data.length;

  it('refuses a loopback client whose Host is a rebound name, with a message, and changes nothing', async () => {
    const before = await faultCount();
    const headers = { host: REBOUND, origin: `http://${REBOUND}`, 'sec-fetch-site': 'same-origin' };
    const add = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/faults',
      remoteAddress: '127.0.0.1',
      headers,
      payload: { path: '/api/**', status: 503 },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({ message: messages.api.testControlHostRefused(REBOUND) });
    expect(await faultCount()).toBe(before);

    await app.inject({
      method: 'POST',
      url: '/api/v1/forgotten-password',
      payload: { email: EMAILS.reader },
    });
    const outbox = await app.inject({ url: '/api/v1/testing/outbox', remoteAddress: '127.0.0.1', headers });
    expect(outbox.statusCode).toBe(403);
    expect(outbox.body).not.toContain('reset-password');
    expect(outbox.json()).toMatchObject({ message: messages.api.testControlHostRefused(REBOUND) });
  });

  it.each([
    'rebind.evil.test',
    'localhost.evil.test',
    '127.0.0.1.evil.test:8080',
    '127.0.0.1.nip.io',
    'evil.test@127.0.0.1',
    'localhost.',
    '[::2]',
    '0.0.0.0:8080',
  ])('refuses the Host %j from this machine', async (host) => {
    const response = await app.inject({ url: '/api/v1/testing/outbox', remoteAddress: '127.0.0.1', headers: { host } });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    'localhost',
    'localhost:8080',
    'LOCALHOST:8080',
    '127.0.0.1:8080',
    '127.1.2.3',
    '[::1]:8080',
    'lamp.internal:9000',
  ])('answers this machine at the Host %j', async (host) => {
    const response = await app.inject({ url: '/api/v1/testing/outbox', remoteAddress: '127.0.0.1', headers: { host } });
    expect(response.statusCode).toBe(200);
  });

  it('is not fooled by an X-Forwarded-Host that the page set itself, behind a trusted proxy', async () => {
    const proxied = await buildSeededApp({ mode: 'demo', trustProxy: true });
    try {
      const response = await proxied.inject({
        url: '/api/v1/testing/outbox',
        remoteAddress: '127.0.0.1',
        headers: { host: REBOUND, 'x-forwarded-host': 'localhost', 'x-forwarded-for': '127.0.0.1' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: messages.api.testControlHostRefused(REBOUND) });
      const forwarded = await proxied.inject({
        url: '/api/v1/testing/outbox',
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost', 'x-forwarded-host': REBOUND, 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('answers the token at any Host (a container reached through its published port)', async () => {
    const response = await app.inject({
      url: '/api/v1/testing/outbox',
      remoteAddress: '172.17.0.1',
      headers: { host: 'demo.example.com:8080', [TEST_CONTROL_HEADER]: TOKEN },
    });
    expect(response.statusCode).toBe(200);
  });

  it('reads LAMP_TEST_CONTROL_HOSTS as host names, and refuses one that is not', () => {
    expect(loadConfig({ LAMP_TEST_CONTROL_HOSTS: 'Lamp.Internal, demo.local:8080' }).testControlHosts).toEqual([
      'lamp.internal',
      'demo.local',
    ]);
    expect(loadConfig({}).testControlHosts).toEqual([]);
    expect(() => loadConfig({ LAMP_TEST_CONTROL_HOSTS: 'a b' })).toThrow(/LAMP_TEST_CONTROL_HOSTS/);
  });
});

describe('fault path patterns', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp({ mode: 'test' });
  });
  afterAll(() => app.close());

  it('matches a pattern of ten ** in milliseconds, and other requests are answered meanwhile', async () => {
    const pattern = `/${Array.from({ length: 10 }, () => '**').join('/')}/x`;
    const add = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/faults',
      payload: { path: pattern, status: 503 },
    });
    expect(add.statusCode).toBe(201);
    // The old regular expression took seconds on this path and doubled with each segment more.
    const path = `/api/v1/${'a/'.repeat(28)}`;
    const started = performance.now();
    const response = await app.inject({ url: path });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(404);
    expect(elapsed).toBeLessThan(500);
    const matching = await app.inject({ url: `/api/v1/${'a/'.repeat(28)}x` });
    expect(matching.statusCode).toBe(503);
  });

  it(`refuses a pattern of more than ${MAX_PATH_PATTERN_WILDCARDS} wildcards with a 400 that says so, and adds nothing`, async () => {
    const before = (await app.inject({ url: '/api/v1/testing/faults' })).json<{ data: unknown[] }>().data.length;
    const pattern = `/${Array.from({ length: MAX_PATH_PATTERN_WILDCARDS + 1 }, () => '*').join('/')}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/faults',
      payload: { path: pattern, status: 503 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(
      `path: must hold at most ${MAX_PATH_PATTERN_WILDCARDS} wildcards (* or **)`,
    );
    const journal = await app.inject({ url: `/api/v1/testing/journal?path=${encodeURIComponent(pattern)}` });
    expect(journal.statusCode).toBe(400);
    const after = (await app.inject({ url: '/api/v1/testing/faults' })).json<{ data: unknown[] }>().data.length;
    expect(after).toBe(before);
  });
});
