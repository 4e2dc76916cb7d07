/**
 * Response stubs in fault rules (a status with given headers and a JSON or raw body, sent at
 * once or slowly in chunks) and verification: the journal keeps request headers, redacted like
 * bodies, and filters (and counts) by query parameters, a header and JSON the body contains.
 */
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultRule, FaultRuleBody, JournalList } from '../../src/shared/schemas/test-traffic.ts';
import { buildTestApp } from '../helpers/app.ts';

const FAULTS = '/api/v1/testing/faults';
const JOURNAL = '/api/v1/testing/journal';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => app.close());

const inSandbox = (sandbox: string, headers: Record<string, string> = {}) => ({
  'x-lamp-sandbox': sandbox,
  ...headers,
});

/** A faulted request still needs its session (faults apply after the session check). */
async function signedIn(sandbox: string): Promise<Record<string, string>> {
  const minted = await app.inject({
    method: 'POST',
    url: '/api/v1/testing/sessions',
    headers: inSandbox(sandbox),
    payload: { email: 'reader@northwind.test' },
  });
  const { cookie } = minted.json<{ cookie: { name: string; value: string } }>();
  return inSandbox(sandbox, { cookie: `${cookie.name}=${cookie.value}` });
}

async function addFault(sandbox: string, rule: FaultRuleBody): Promise<FaultRule> {
  const response = await app.inject({ method: 'POST', url: FAULTS, headers: inSandbox(sandbox), payload: rule });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FaultRule>();
}

describe('stubs', () => {
  it('answer a given status, headers and JSON body, with the handler never run', async () => {
    const rule = await addFault('stub-json', {
      method: 'GET',
      path: '/api/v1/measurement',
      status: 200,
      headers: { 'x-total-count': '1', 'retry-after': '30' },
      body: { data: [{ id: 'stubbed' }], count: 1 },
    });
    expect(rule).toMatchObject({ headers: { 'x-total-count': '1', 'retry-after': '30' }, status: 200 });
    const answer = await app.inject({ url: '/api/v1/measurement?limit=5', headers: await signedIn('stub-json') });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-total-count']).toBe('1');
    expect(answer.headers['retry-after']).toBe('30');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ data: [{ id: 'stubbed' }], count: 1 });
  });

  it('send a raw body as it is: empty, or malformed JSON under its own content type', async () => {
    await addFault('stub-raw', { path: '/api/v1/project', status: 200, body_text: '', times: 1 });
    const headers = await signedIn('stub-raw');
    const empty = await app.inject({ url: '/api/v1/project', headers });
    expect([empty.statusCode, empty.body]).toEqual([200, '']);
    await addFault('stub-raw', {
      path: '/api/v1/project',
      status: 502,
      headers: { 'content-type': 'application/json' },
      body_text: '{"data": [',
    });
    const broken = await app.inject({ url: '/api/v1/project', headers });
    expect(broken.statusCode).toBe(502);
    expect(broken.headers['content-type']).toMatch(/^application\/json/);
    expect(broken.body).toBe('{"data": [');
  });

  it('stream a body slowly, in chunks a given time apart', async () => {
    const body = { message: 'x'.repeat(40) };
    await addFault('stub-slow', {
      path: '/api/health',
      status: 200,
      body,
      stream: { chunk_bytes: 20, chunk_delay: 120 },
    });
    const chunks: number[] = [];
    const started = performance.now();
    const text = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(`${base}/api/health`, { headers: inSandbox('stub-slow') }, (response) => {
        expect(response.headers['transfer-encoding']).toBe('chunked');
        let all = '';
        response.on('data', (chunk: Buffer) => {
          chunks.push(performance.now() - started);
          all += chunk.toString();
        });
        response.on('end', () => resolve(all));
      });
      request.on('error', reject);
      request.end();
    });
    expect(JSON.parse(text)).toEqual(body);
    // 55 bytes in chunks of 20: three chunks, the last two at least 120 ms after the one before.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.at(-1)! - chunks[0]!).toBeGreaterThanOrEqual(230);
  });

  it.each([
    [{ status: 200, body: {}, body_text: '' }, 'body_text', 'give body (JSON) or body_text, not both'],
    [{ headers: { 'x-a': '1' }, delay: 5 }, 'headers', 'headers needs a status'],
    [{ status: 200, headers: { 'content-length': '5' } }, 'headers.content-length', ''],
    [{ status: 200, headers: { 'bad name': '1' } }, 'headers.bad name', ''],
    [{ status: 200, headers: { 'x-a': 'one\r\ntwo' } }, 'headers.x-a', 'must be one line'],
    [{ status: 200, stream: { chunk_delay: 10 } }, 'stream', 'a stream needs a body or body_text to send'],
    [{ status: 200, body: {}, stream: { chunk_delay: 60_001 } }, 'stream.chunk_delay', 'must be at most 60000 ms'],
  ])('refuse a bad stub %j with a 400 naming the field, and keep none', async (rule, path, message) => {
    const response = await app.inject({ method: 'POST', url: FAULTS, headers: inSandbox('stub-bad'), payload: rule });
    expect(response.statusCode, response.body).toBe(400);
    const issues = response.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues.map((issue) => issue.path)).toContain(path);
    if (message) expect(issues.map((issue) => issue.message)).toContain(message);
    expect((await app.inject({ url: FAULTS, headers: inSandbox('stub-bad') })).json()).toEqual({ data: [], count: 0 });
  });
});

describe('the journal', () => {
  const journal = async (sandbox: string, query: Record<string, string>) => {
    const search = new URLSearchParams(query).toString();
    const list = await app.inject({ url: `${JOURNAL}?${search}`, headers: inSandbox(sandbox) });
    const count = await app.inject({ url: `${JOURNAL}/count?${search}`, headers: inSandbox(sandbox) });
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json<JournalList>().data;
    expect(count.json<{ count: number }>().count).toBe(data.length);
    return data;
  };

  it('keeps request headers, with credentials redacted', async () => {
    await app.inject({
      url: '/api/health?x=1',
      headers: inSandbox('headers', {
        cookie: 'lamp_session=secret-session',
        authorization: 'Bearer secret-token',
        'x-api-token': 'secret-too',
        'x-trace': 'abc',
      }),
    });
    const [entry] = await journal('headers', {});
    expect(entry?.headers).toMatchObject({
      cookie: '[redacted]',
      authorization: '[redacted]',
      'x-api-token': '[redacted]',
      'x-trace': 'abc',
      'x-lamp-sandbox': 'headers',
    });
    expect(JSON.stringify(entry)).not.toMatch(/secret/);
  });

  it('filters and counts by query parameters, a header and JSON the body contains', async () => {
    const sandbox = 'verify';
    await app.inject({ url: '/api/health?status=live&tag=a&tag=b', headers: inSandbox(sandbox, { 'x-trace': 'one' }) });
    await app.inject({ url: '/api/health?status=paused', headers: inSandbox(sandbox) });
    for (const email of ['reader@northwind.test', 'writer@northwind.test'])
      await app.inject({
        method: 'POST',
        url: '/api/v1/forgotten-password',
        headers: inSandbox(sandbox),
        payload: { email },
      });
    expect((await journal(sandbox, { query: 'status=live' })).map((e) => e.query)).toEqual([
      { status: 'live', tag: ['a', 'b'] },
    ]);
    expect(await journal(sandbox, { query: 'tag=b&status=live' })).toHaveLength(1);
    expect(await journal(sandbox, { query: 'status=gone' })).toHaveLength(0);
    expect(await journal(sandbox, { header: 'X-Trace: one' })).toHaveLength(1);
    expect(await journal(sandbox, { header: 'x-trace' })).toHaveLength(1);
    expect(await journal(sandbox, { header: 'x-trace: two' })).toHaveLength(0);
    const [writer] = await journal(sandbox, { body: '{"email":"writer@northwind.test"}', method: 'POST' });
    expect(writer?.body).toEqual({ email: 'writer@northwind.test' });
    expect(await journal(sandbox, { body: '{}' })).toHaveLength(2);
    expect(await journal(sandbox, { body: '{"email":"nobody@example.test"}' })).toHaveLength(0);
  });

  it.each([
    ['body', '{not json', 'must be JSON, such as {"name":"Spring"}'],
    ['header', 'no spaces allowed', 'must be a header name, or name: value'],
    ['query', '', 'must be a query string such as status=live&limit=5'],
  ])('refuses a bad %s filter with a 400 naming it', async (name, value, message) => {
    for (const url of [JOURNAL, `${JOURNAL}/count`]) {
      const response = await app.inject({
        url: `${url}?${new URLSearchParams({ [name]: value }).toString()}`,
        headers: inSandbox('verify-bad'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(`querystring.${name}: ${message}`);
    }
  });
});
