/**
 * Faults and the request journal of the deterministic test backend: each fault kind,
 * its count and its seeded probability, the Prefer one-off, the journal's records, filters and
 * bound, per sandbox; and none of it in production.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_MAX_DEPTH, TOO_DEEP } from '../../server/sandbox/journal.ts';
import { SANDBOX_COOKIE, SANDBOX_HEADER } from '../../server/sandbox/scope.ts';
import type { FaultRule, FaultRuleBody, JournalEntry, JournalList } from '../../src/shared/schemas/test-traffic.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';
import { as, asIn, buildSeededApp, EMAILS } from '../helpers/seed.ts';

const FAULTS = '/api/v1/testing/faults';
const JOURNAL = '/api/v1/testing/journal';

let app: FastifyInstance;
beforeAll(async () => {
  // Each test takes a sandbox of its own: more than the default limit in one app.
  app = await buildSeededApp({ maxSandboxes: 1000, maxSandboxesPerClient: 999 });
});
afterAll(() => app.close());

let sandboxCounter = 0;
/** A sandbox of its own for each test: rules and journals never cross tests. */
function freshSandbox(): string {
  sandboxCounter += 1;
  return `traffic-${sandboxCounter}`;
}

function inSandbox(sandbox: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, [SANDBOX_HEADER]: sandbox } };
}

async function addFault(sandbox: string, rule: FaultRuleBody): Promise<FaultRule> {
  const response = await app.inject(inSandbox(sandbox, { method: 'POST', url: FAULTS, payload: rule }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FaultRule>();
}

async function journal(sandbox: string, query = ''): Promise<JournalList> {
  const response = await app.inject(inSandbox(sandbox, { url: `${JOURNAL}${query}` }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JournalList>();
}

const health = (sandbox: string, headers: Record<string, string> = {}) =>
  app.inject(inSandbox(sandbox, { url: '/api/health', headers }));

const signIn = (sandbox: string, password = 'wrong-password') =>
  app.inject(inSandbox(sandbox, { method: 'POST', url: '/api/v1/auth', payload: { email: EMAILS.reader, password } }));

const projectCount = async (sandbox: string) =>
  (await app.inject({ url: '/api/v1/project?limit=0', headers: asIn(app, 'super', sandbox) })).json<{ count: number }>()
    .count;

describe('fault rules', () => {
  it('answer a status with the given body, before the handler runs (a faulted write changes nothing)', async () => {
    const sandbox = freshSandbox();
    const rule = await addFault(sandbox, {
      method: 'post',
      path: '/api/v1/project',
      status: 503,
      body: { message: 'Maintenance until noon' },
    });
    expect(rule).toMatchObject({ id: 'f1', method: 'POST', status: 503, drop: false, matched: 0, applied: 0 });
    const before = await projectCount(sandbox);
    const response = await app.inject(
      inSandbox(sandbox, {
        method: 'POST',
        url: '/api/v1/project',
        headers: asIn(app, 'super', sandbox),
        payload: { name: 'Faulted project', account: '000000000000000000000000' },
      }),
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Maintenance until noon' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(await projectCount(sandbox)).toBe(before);
    // Other methods and paths, and other sandboxes, are left alone.
    expect(
      (await app.inject(inSandbox(sandbox, { url: '/api/v1/project', headers: asIn(app, 'super', sandbox) })))
        .statusCode,
    ).toBe(200);
    expect((await health(sandbox)).statusCode).toBe(200);
  });

  it("answer the API's error body for an error status without a body", async () => {
    const sandbox = freshSandbox();
    const { id } = await addFault(sandbox, { path: '/api/health', status: 500 });
    const response = await health(sandbox);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: `Simulated fault: 500 Internal Server Error (${id})`,
    });
  });

  it('delay the real answer by a fixed time', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/health', delay: 150 });
    const started = performance.now();
    const response = await health(sandbox);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    const [entry] = (await journal(sandbox)).data;
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(145);
    expect(entry?.fault).toBe('f1');
  });

  it('delay within a range, and delay an error answer', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/health', delay: { min: 40, max: 80 }, status: 504 });
    for (let i = 0; i < 3; i += 1) expect((await health(sandbox)).statusCode).toBe(504);
    for (const entry of (await journal(sandbox)).data) {
      expect(entry.status).toBe(504);
      expect(entry.duration_ms).toBeGreaterThanOrEqual(38);
    }
  });

  it('drop the connection: no answer at all', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/health', drop: true, times: 1 });
    await expect(health(sandbox)).rejects.toThrow(/destroyed/);
    expect((await health(sandbox)).statusCode).toBe(200);
    const entries = (await journal(sandbox)).data;
    expect(entries.map((e) => [e.status, e.fault])).toEqual([
      [null, 'f1'],
      [200, null],
    ]);
  });

  it('apply the given number of times, then let requests through; the list says how often', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/health', status: 500, times: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await health(sandbox)).statusCode);
    expect(statuses).toEqual([500, 500, 200, 200]);
    const listed = (await app.inject(inSandbox(sandbox, { url: FAULTS }))).json<{ data: FaultRule[]; count: number }>();
    expect(listed.count).toBe(1);
    expect(listed.data[0]).toMatchObject({ times: 2, applied: 2, matched: 2, remaining: 0 });
  });

  it('apply with a probability drawn from the seed: the same on every run, another with another seed', async () => {
    const run = async (seed: number) => {
      const sandbox = freshSandbox();
      await addFault(sandbox, { path: '/api/health', status: 503, probability: 0.5, seed });
      const pattern = [];
      for (let i = 0; i < 40; i += 1) pattern.push((await health(sandbox)).statusCode === 503 ? 'x' : '.');
      const [rule] = (await app.inject(inSandbox(sandbox, { url: FAULTS }))).json<{ data: FaultRule[] }>().data;
      expect(rule).toMatchObject({ matched: 40, applied: pattern.filter((p) => p === 'x').length });
      return pattern.join('');
    };
    const first = await run(42);
    expect(await run(42)).toBe(first);
    expect(await run(7)).not.toBe(first);
    const faulted = first.replaceAll('.', '').length;
    expect(faulted).toBeGreaterThan(8);
    expect(faulted).toBeLessThan(32);
  });

  it('never apply with probability 0, and combine times with probability', async () => {
    const never = freshSandbox();
    await addFault(never, { path: '/api/health', status: 500, probability: 0 });
    for (let i = 0; i < 10; i += 1) expect((await health(never)).statusCode).toBe(200);

    const some = freshSandbox();
    await addFault(some, { path: '/api/health', status: 500, probability: 0.5, times: 3, seed: 3 });
    let faulted = 0;
    for (let i = 0; i < 40; i += 1) if ((await health(some)).statusCode === 500) faulted += 1;
    expect(faulted).toBe(3);
  });

  it('match paths by glob and methods by name; the newest matching rule applies', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/v1/*', status: 418 });
    await addFault(sandbox, { method: 'GET', path: '/api/v1/current-user', status: 429 });
    // A fault applies once the session is checked: a signed-in client's request.
    const get = (url: string) => app.inject(inSandbox(sandbox, { url, headers: asIn(app, 'reader', sandbox) }));
    expect((await get('/api/v1/current-user')).statusCode).toBe(429);
    expect((await get('/api/v1/unauth')).statusCode).toBe(418);
    // One segment only: /api/v1/* does not reach a deeper path.
    expect((await get('/api/v1/measurement-tag/download')).statusCode).not.toBe(418);
    expect((await get('/api/health')).statusCode).toBe(200);

    const deep = freshSandbox();
    await addFault(deep, { path: '/api/v1/**', status: 418 });
    const download = inSandbox(deep, { url: '/api/v1/measurement-tag/download', headers: asIn(app, 'reader', deep) });
    expect((await app.inject(download)).statusCode).toBe(418);
    // The default pattern is every API path.
    const every = freshSandbox();
    await addFault(every, { status: 502 });
    expect((await health(every)).statusCode).toBe(502);
  });

  it('never apply to the testing routes themselves', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/**', status: 500 });
    expect((await app.inject(inSandbox(sandbox, { url: FAULTS }))).statusCode).toBe(200);
    expect((await app.inject(inSandbox(sandbox, { url: JOURNAL }))).statusCode).toBe(200);
    expect((await app.inject(inSandbox(sandbox, { url: '/api/v1/testing/outbox' }))).statusCode).toBe(200);
    expect((await app.inject(inSandbox(sandbox, { method: 'DELETE', url: FAULTS }))).statusCode).toBe(204);
    expect((await health(sandbox)).statusCode).toBe(200);
  });

  it('belong to their sandbox: the header or the cookie names it; the default state is left alone', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/health', status: 503 });
    expect((await health(sandbox)).statusCode).toBe(503);
    expect((await app.inject({ url: '/api/health', cookies: { [SANDBOX_COOKIE]: sandbox } })).statusCode).toBe(503);
    expect((await health(freshSandbox())).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: FAULTS })).json()).toEqual({ data: [], count: 0 });
  });

  it('are forgotten with their sandbox (its reset or deletion)', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/health', status: 503 });
    await health(sandbox);
    app.sandboxScope.forget(sandbox);
    expect((await health(sandbox)).statusCode).toBe(200);
    expect((await app.inject(inSandbox(sandbox, { url: FAULTS }))).json()).toEqual({ data: [], count: 0 });
    // A fresh journal: only the request after the reset.
    expect((await journal(sandbox)).data.map((e) => e.id)).toEqual([1]);
  });

  it('are removed one by one or all at once', async () => {
    const sandbox = freshSandbox();
    const first = await addFault(sandbox, { path: '/api/health', status: 500 });
    await addFault(sandbox, { path: '/api/health', delay: 1 });
    const remove = (url: string) => app.inject(inSandbox(sandbox, { method: 'DELETE', url }));
    expect((await remove(`${FAULTS}/${first.id}`)).statusCode).toBe(204);
    const missing = await remove(`${FAULTS}/${first.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(`No fault rule ${first.id} in this sandbox`);
    expect(
      (await app.inject(inSandbox(sandbox, { url: FAULTS }))).json<{ data: FaultRule[] }>().data.map((r) => r.id),
    ).toEqual(['f2']);
    expect((await remove(FAULTS)).statusCode).toBe(204);
    expect((await app.inject(inSandbox(sandbox, { url: FAULTS }))).json()).toEqual({ data: [], count: 0 });
  });

  it.each([
    [{}, '', 'A fault needs a delay, a status or drop: true'],
    [{ status: 503, drop: true }, 'status', 'a dropped connection has no status'],
    [{ body: { a: 1 } }, 'body', 'a body needs a status'],
    [{ status: 700 }, 'status', 'must be from 200 to 599'],
    [{ delay: 60_001 }, 'delay', ''],
    [{ delay: { min: 50, max: 10 } }, 'delay.max', 'max must not be below min'],
    [{ status: 500, probability: 1.5 }, 'probability', 'must be from 0 to 1'],
    [{ status: 500, times: 0 }, 'times', 'must be at least 1'],
    [{ status: 500, path: 'api/health' }, 'path', 'must start with /, e.g. /api/v1/measurement or /api/v1/*'],
    [{ status: 500, method: 'FETCH' }, 'method', ''],
    [{ status: 500, colour: 'red' }, 'colour', 'unknown field'],
    // A rule that could never match: accepted, it would silently test nothing.
    [
      { drop: true, path: '/api/v1/testing/**' },
      'path',
      'faults never apply to the testing routes (/api/v1/testing/**): choose an API path such as /api/v1/measurement',
    ],
    [{ status: 500, path: '/api/v1/testing/outbox' }, 'path', ''],
    [
      { status: 500, path: '/login' },
      'path',
      'faults apply to the API only: the pattern must be able to match a path under /api/',
    ],
  ])('refuse a bad rule %j with a 400 naming the field, and keep none', async (body, path, message) => {
    const sandbox = freshSandbox();
    const response = await app.inject(inSandbox(sandbox, { method: 'POST', url: FAULTS, payload: body }));
    expect(response.statusCode).toBe(400);
    const issues = response.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues.map((issue) => issue.path)).toContain(path);
    if (message) expect(issues.map((issue) => issue.message)).toContain(message);
    expect((await app.inject(inSandbox(sandbox, { url: FAULTS }))).json()).toEqual({ data: [], count: 0 });
  });

  it('refuse an invalid sandbox name', async () => {
    const response = await app.inject({ url: FAULTS, headers: { [SANDBOX_HEADER]: 'no spaces please' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/sandbox name/);
  });
});

describe('the Prefer one-off fault', () => {
  it('answers a status for that one request, and says what applied', async () => {
    const sandbox = freshSandbox();
    const response = await health(sandbox, { prefer: 'lamp-status=503' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['preference-applied']).toBe('lamp-status=503');
    expect(response.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect((await health(sandbox)).statusCode).toBe(200);
  });

  it('carries a message for the UI, and a faulted write changes nothing', async () => {
    const before = await projectCount('default');
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/project',
      headers: {
        ...as(app, 'super'),
        prefer: 'return=minimal, lamp-status=500; x=1, lamp-message="Disk \\"full\\", sorry"',
      },
      payload: { name: 'Prefer project', account: '000000000000000000000000' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Disk "full", sorry' });
    expect(await projectCount('default')).toBe(before);
  });

  it('delays the real answer, or an error answer', async () => {
    const started = performance.now();
    const late = await health(freshSandbox(), { prefer: 'lamp-delay=120' });
    expect(late.statusCode).toBe(200);
    expect(late.headers['preference-applied']).toBe('lamp-delay=120');
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    const both = await health(freshSandbox(), { prefer: 'lamp-status=502, lamp-delay=50' });
    expect(both.statusCode).toBe(502);
    expect(both.headers['preference-applied']).toBe('lamp-status=502, lamp-delay=50');
  });

  it('drops the connection', async () => {
    await expect(health(freshSandbox(), { prefer: 'lamp-drop' })).rejects.toThrow(/destroyed/);
  });

  it('wins over the rules, and leaves their counts alone', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { path: '/api/health', status: 500, times: 1 });
    expect((await health(sandbox, { prefer: 'lamp-status=418' })).statusCode).toBe(418);
    expect((await health(sandbox)).statusCode).toBe(500);
    const entries = (await journal(sandbox)).data;
    expect(entries.map((e) => [e.status, e.fault])).toEqual([
      [418, 'prefer'],
      [500, 'f1'],
    ]);
  });

  it.each([
    ['lamp-status=abc', 'Prefer: lamp-status must be a status from 200 to 599'],
    ['lamp-status=99', 'Prefer: lamp-status must be a status from 200 to 599'],
    ['lamp-delay=-5', 'Prefer: lamp-delay must be a whole number of milliseconds up to 60000'],
    ['lamp-delay=999999', 'Prefer: lamp-delay must be a whole number of milliseconds up to 60000'],
    [
      'lamp-stauts=503',
      'Prefer: lamp-stauts is not a LAMP preference (use lamp-status, lamp-delay, lamp-drop, lamp-message)',
    ],
    ['lamp-drop, lamp-status=503', 'Prefer: lamp-drop and lamp-status cannot go together'],
    ['lamp-message="Down"', 'Prefer: lamp-message needs lamp-status'],
    ['lamp-status=503 lamp-delay=5', 'Prefer: the header is malformed (e.g. lamp-status=503, lamp-delay=200)'],
  ])('refuses a malformed one-off %s with a 400 naming it', async (prefer, message) => {
    const response = await health(freshSandbox(), { prefer });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('leaves other preferences and the testing routes alone', async () => {
    expect((await health(freshSandbox(), { prefer: 'return=minimal, respond-async' })).statusCode).toBe(200);
    const testing = await app.inject({ url: FAULTS, headers: { prefer: 'lamp-status=500' } });
    expect(testing.statusCode).toBe(200);
    expect(testing.headers['preference-applied']).toBeUndefined();
  });
});

describe('the request journal', () => {
  it('records what reached the API: method, path, query, status, duration; a write with its body, secrets redacted', async () => {
    const sandbox = freshSandbox();
    const since = new Date().toISOString();
    await app.inject(inSandbox(sandbox, { url: '/api/health?probe=1&tag=a&tag=b' }));
    await signIn(sandbox, 'not-the-password');
    await app.inject(
      inSandbox(sandbox, {
        method: 'POST',
        url: '/api/v1/reset-password',
        headers: asIn(app, 'reader', sandbox),
        payload: {
          current_password: 'Wrong-Current-1',
          new_password: 'Another-Secret-99',
          nested: [{ api_token: 'x' }],
        },
      }),
    );
    const list = await journal(sandbox);
    expect(list).toMatchObject({ count: 3, dropped: 0, limit: 1000 });
    const [read, login, reset] = list.data as [JournalEntry, JournalEntry, JournalEntry];
    expect(read).toMatchObject({
      id: 1,
      method: 'GET',
      path: '/api/health',
      status: 200,
      body: null,
      body_size: null,
      fault: null,
    });
    expect(read.query).toEqual({ probe: '1', tag: ['a', 'b'] });
    expect(Date.parse(read.at)).toBeGreaterThanOrEqual(Date.parse(since));
    expect(read.duration_ms).toBeGreaterThanOrEqual(0);
    expect(login).toMatchObject({
      id: 2,
      method: 'POST',
      path: '/api/v1/auth',
      status: 401,
      body: { email: EMAILS.reader, password: '[redacted]' },
    });
    expect(login.body_size).toBeGreaterThan(0);
    expect(reset.body).toEqual({
      current_password: '[redacted]',
      new_password: '[redacted]',
      nested: [{ api_token: '[redacted]' }],
    });
    expect(JSON.stringify(list)).not.toContain('not-the-password');
    expect(JSON.stringify(list)).not.toContain('Another-Secret-99');
  });

  it('keeps the body of a faulted write: what the front end sent, though the server failed', async () => {
    const sandbox = freshSandbox();
    await addFault(sandbox, { method: 'POST', path: '/api/v1/auth', status: 503 });
    expect((await signIn(sandbox)).statusCode).toBe(503);
    const [entry] = (await journal(sandbox)).data;
    expect(entry).toMatchObject({ status: 503, fault: 'f1', body: { email: EMAILS.reader, password: '[redacted]' } });
  });

  it('filters by method, path pattern and time, and counts with the same filters', async () => {
    const sandbox = freshSandbox();
    await health(sandbox);
    await signIn(sandbox);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    await app.inject(inSandbox(sandbox, { url: '/api/v1/current-user', headers: asIn(app, 'reader', sandbox) }));
    await signIn(sandbox);
    const paths = async (query: string) => (await journal(sandbox, query)).data.map((e) => `${e.method} ${e.path}`);
    const count = async (query: string) =>
      (await app.inject(inSandbox(sandbox, { url: `${JOURNAL}/count${query}` }))).json<{ count: number }>().count;

    expect(await paths('?method=post')).toEqual(['POST /api/v1/auth', 'POST /api/v1/auth']);
    expect(await paths('?method=GET,POST&path=/api/v1/*')).toEqual([
      'POST /api/v1/auth',
      'GET /api/v1/current-user',
      'POST /api/v1/auth',
    ]);
    expect(await paths('?path=/api/health')).toEqual(['GET /api/health']);
    expect(await paths(`?since=${encodeURIComponent(since)}`)).toEqual([
      'GET /api/v1/current-user',
      'POST /api/v1/auth',
    ]);
    expect(await paths(`?method=POST&since=${encodeURIComponent(since)}`)).toEqual(['POST /api/v1/auth']);
    expect(await count('')).toBe(4);
    expect(await count('?method=POST')).toBe(2);
    expect(await count(`?since=${encodeURIComponent(since)}&path=/api/v1/**`)).toBe(2);
    expect(await count('?path=/nothing')).toBe(0);
  });

  it('does not record the testing routes', async () => {
    const sandbox = freshSandbox();
    await app.inject(inSandbox(sandbox, { url: FAULTS }));
    await app.inject(inSandbox(sandbox, { url: '/api/v1/testing/outbox' }));
    await journal(sandbox);
    expect((await journal(sandbox)).count).toBe(0);
  });

  it('keeps one journal per sandbox, and is cleared on request', async () => {
    const one = freshSandbox();
    const other = freshSandbox();
    await health(one);
    await health(one);
    await health(other);
    expect((await journal(one)).count).toBe(2);
    expect((await journal(other)).count).toBe(1);
    expect((await app.inject(inSandbox(one, { method: 'DELETE', url: JOURNAL }))).statusCode).toBe(204);
    expect((await journal(one)).count).toBe(0);
    expect((await journal(other)).count).toBe(1);
  });

  it('keeps a large body out, with its size', async () => {
    const sandbox = freshSandbox();
    const big = { email: EMAILS.reader, password: 'x', padding: 'p'.repeat(70 * 1024) };
    await app.inject(inSandbox(sandbox, { method: 'POST', url: '/api/v1/auth', payload: big }));
    const [entry] = (await journal(sandbox)).data;
    expect(entry?.body).toBeNull();
    expect(entry?.body_size).toBeGreaterThan(70 * 1024);
  });

  it('keeps a very deeply nested body, cut at its depth limit, and answers the request as usual', async () => {
    const sandbox = freshSandbox();
    // 30,000 levels in under 64 KB: what used to overflow the stack in the journal's copy.
    const levels = 30_000;
    const deep = `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const answer = await app.inject(
      inSandbox(sandbox, {
        method: 'POST',
        url: '/api/v1/auth',
        payload: deep,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(answer.statusCode).toBe(400);
    const [entry] = (await journal(sandbox)).data;
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/auth', status: 400, body_size: deep.length });
    let kept: unknown = entry?.body;
    let depth = 0;
    while (Array.isArray(kept)) {
      kept = (kept as unknown[])[0];
      depth += 1;
    }
    expect(depth).toBe(REDACTED_MAX_DEPTH);
    expect(kept).toBe(TOO_DEEP);
  });

  it.each([
    ['?method=FETCH', 'method'],
    ['?since=yesterday', 'since'],
    ['?path=nothing', 'path'],
    ['?colour=red', 'colour'],
  ])('refuses a bad filter %s with a 400 naming it', async (query, field) => {
    const response = await app.inject({ url: `${JOURNAL}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
    expect((await app.inject({ url: `${JOURNAL}/count${query}` })).statusCode).toBe(400);
  });
});

describe('the journal bound', () => {
  let small: FastifyInstance;
  beforeAll(async () => {
    small = await buildTestApp({ journalLimit: 3 });
  });
  afterAll(() => small.close());

  it('keeps the newest requests and counts those it dropped', async () => {
    for (let i = 1; i <= 5; i += 1) await small.inject({ url: `/api/health?n=${i}` });
    const list = (await small.inject({ url: JOURNAL })).json<JournalList>();
    expect(list).toMatchObject({ count: 3, dropped: 2, limit: 3 });
    expect(list.data.map((e) => [e.id, e.query.n])).toEqual([
      [3, '3'],
      [4, '4'],
      [5, '5'],
    ]);
    expect((await small.inject({ url: `${JOURNAL}/count` })).json()).toEqual({ count: 3 });
    await small.inject({ method: 'DELETE', url: JOURNAL });
    expect((await small.inject({ url: JOURNAL })).json<JournalList>()).toMatchObject({ count: 0, dropped: 0 });
  });
});

describe('a closing server', () => {
  it('lets delayed requests go at once instead of waiting out their delay', async () => {
    const closing = await buildSeededApp();
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(closing.server.address() as { port: number }).port}`;
    const headers = { [SANDBOX_HEADER]: 'closing' };
    // The longest delay a fault may have: one passes through to its handler, one answers 503.
    const passing = fetch(`${base}/api/health`, { headers: { ...headers, prefer: 'lamp-delay=60000' } });
    const failing = fetch(`${base}/api/health`, {
      headers: { ...headers, prefer: 'lamp-delay=60000, lamp-status=503' },
    });
    await expect.poll(() => closing.testTraffic?.delayed).toBe(2);

    const started = performance.now();
    await closing.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect([(await passing).status, (await failing).status]).toEqual([200, 503]);
    expect(closing.testTraffic?.delayed).toBe(0);
  });
});

describe('in production', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((one) => one.close()));
  });

  it('answers 404 on every faults and journal route, and ignores the Prefer header', async () => {
    const production = await buildTestApp(productionConfig());
    apps.push(production);
    const calls: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'POST', url: FAULTS, payload: { status: 500 } },
      { method: 'GET', url: FAULTS },
      { method: 'DELETE', url: FAULTS },
      { method: 'DELETE', url: `${FAULTS}/f1` },
      { method: 'GET', url: JOURNAL },
      { method: 'GET', url: `${JOURNAL}/count` },
      { method: 'DELETE', url: JOURNAL },
    ];
    for (const call of calls) {
      const response = await production.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const preferred = await production.inject({ url: '/api/health', headers: { prefer: 'lamp-status=503' } });
    expect(preferred.statusCode).toBe(200);
    expect(production.testTraffic).toBeUndefined();
  });
});
