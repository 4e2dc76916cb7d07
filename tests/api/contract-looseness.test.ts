/**
 * The document is exactly as strict as the server (issue 50): each place where a property-based
 * tester found the document looser than the server, or a declared bound nothing enforced. For
 * each, the document's schema is checked against what the server answers for the same input, so
 * the two cannot drift apart again.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { USER_IDS } from '../../src/shared/demo-data.ts';
import { SessionStore } from '../../server/plugins/session.ts';
import { signSpotlightToken } from '../../server/routes/spotlight/token.ts';
import { buildTestApp } from '../helpers/app.ts';
import { as, buildSeededApp, OWN } from '../helpers/seed.ts';

type Json = Record<string, unknown>;
type Schema = Json & { pattern?: string; properties?: Record<string, Schema>; items?: Schema };
interface Parameter {
  name?: string;
  schema?: Schema;
}
interface Document {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
}

let app: FastifyInstance;
let doc: Document;
beforeAll(async () => {
  app = await buildSeededApp();
  doc = (await app.inject({ url: '/api/openapi.json' })).json<Document>();
});
afterAll(() => app.close());

const resolve = (schema: Schema): Schema =>
  typeof schema.$ref === 'string' ? resolve(doc.components.schemas[schema.$ref.split('/').at(-1)!]!) : schema;
const body = (url: string) => resolve(doc.paths[url]!.post!.requestBody!.content['application/json']!.schema);
const parameter = (url: string, method: string, name: string) =>
  doc.paths[url]![method]!.parameters!.find((p) => p.name === name)!.schema!;
/** Whether a string passes the document's pattern, as an ECMA-262 (and JSON Schema) engine reads it. */
const matches = (schema: Schema, value: string) => new RegExp(schema.pattern!, 'u').test(value);

describe('Prefer: at most 1000 characters of visible ASCII, enforced where the document declares it', () => {
  it('declares the bound and the pattern', () => {
    expect(doc.components.parameters.Prefer?.schema).toEqual({
      type: 'string',
      maxLength: 1000,
      pattern: '^[\\t\\x20-\\x7e]*$',
    });
  });

  it.each([
    ['GET', '/api/health'],
    ['POST', '/api/v1/account'],
    ['DELETE', '/api/v1/testing/faults'],
  ] as const)('refuses a 1001-character Prefer on %s %s with a 400 that says why', async (method, url) => {
    const answer = await app.inject({
      method,
      url,
      headers: { ...as(app, 'super'), prefer: `x=${'a'.repeat(999)}` },
      ...(method === 'POST' ? { payload: { name: 'Never made' } } : {}),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toBe('Prefer: the header must be at most 1000 characters');
  });

  it('takes 1000 characters, and refuses a character outside visible ASCII', async () => {
    const ok = await app.inject({ url: '/api/health', headers: { prefer: `x=${'a'.repeat(998)}` } });
    expect(ok.statusCode).toBe(200);
    const latin = await app.inject({ url: '/api/health', headers: { prefer: 'respond-async\u00e9' } });
    expect(latin.statusCode).toBe(400);
    expect(latin.json<{ message: string }>().message).toMatch(/^Prefer: the header must be visible ASCII/);
  });
});

describe('skip up to the document maximum', () => {
  it('takes skip=1000000000 on a list, and refuses one more', async () => {
    const at = await app.inject({ url: '/api/v1/measurement?skip=1000000000', headers: as(app, 'super') });
    expect(at.statusCode).toBe(200);
    expect(parameter('/api/v1/measurement', 'get', 'skip').maximum).toBe(1_000_000_000);
    const past = await app.inject({ url: '/api/v1/measurement?skip=1000000001', headers: as(app, 'super') });
    expect(past.statusCode).toBe(400);
  });
});

describe('e-mail fields say what the server takes', () => {
  const SAMPLES = ['', ' ', 'a@b', 'a@b.c', ' A@B.C\u00a0', 'a b@c.d', 'a@b@c.d', '\u2003x@y.z', 'x@y.z\u001c'];

  it.each([
    ['/api/v1/auth', 'post'],
    ['/api/v1/forgotten-password', 'post'],
    ['/api/v1/user/update-current-user', 'post'],
    ['/api/v1/testing/users', 'post'],
    ['/api/v1/testing/outbox/links', 'post'],
  ])('%s: a format and a pattern, not a plain string', (url) => {
    const email = body(url).properties!.email!;
    expect(email.format).toBe('email');
    expect(email.pattern).toBeTypeOf('string');
  });

  it('the pattern accepts exactly the addresses the server accepts', async () => {
    const email = body('/api/v1/testing/users').properties!.email!;
    for (const [index, address] of SAMPLES.entries()) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/testing/users',
        payload: { email: address.replace('@', `${index}@`) },
      });
      const sent = address.replace('@', `${index}@`);
      expect([address, answer.statusCode < 300], answer.body).toEqual([address, matches(email, sent)]);
    }
  });
});

describe('audit-event filters: ids and resource names, at least one', () => {
  it.each(['/api/v1/audit-event', '/api/v1/audit-event/export'])('%s', async (url) => {
    const account = parameter(url, 'get', 'account');
    const resource = parameter(url, 'get', 'resource');
    for (const [schema, name, value] of [
      [account, 'account', OWN],
      [account, 'account', `,${OWN},,${OWN}`],
      [account, 'account', ','],
      [account, 'account', 'nope'],
      [resource, 'resource', 'measurement,label-value'],
      [resource, 'resource', 'Measurement'],
      [resource, 'resource', ''],
    ] as const) {
      const answer = await app.inject({
        url: `${url}?${name}=${encodeURIComponent(value)}`,
        headers: as(app, 'super'),
      });
      expect([value, answer.statusCode < 300]).toEqual([value, matches(schema, value)]);
    }
  });
});

describe('the other schemas looser than the server', () => {
  it('report-data group_by: at most two dimensions, each once', () => {
    const groupBy = parameter('/api/v1/report-data', 'get', 'group_by');
    expect(groupBy).toMatchObject({ type: 'array', maxItems: 2, uniqueItems: true });
  });

  it('spotlight brief create: a new study is a draft', () => {
    expect(body('/api/spotlight/brief/create').properties!.status!.enum).toEqual(['draft']);
  });

  it("a stim's area box has a width and a height above 0", () => {
    const area = body('/api/spotlight/stim/{id}/edit').properties!.areas!.items!.properties!.box!.properties!;
    expect(area.w).toMatchObject({ exclusiveMinimum: 0, maximum: 1 });
    expect(area.h).toMatchObject({ exclusiveMinimum: 0, maximum: 1 });
  });

  it('testing faults: a method the server knows, in any case, or *', async () => {
    const method = body('/api/v1/testing/faults').properties!.method!;
    for (const value of ['GET', 'get', 'Options', '*', 'FETCH', '', 'GET ', 'optıons']) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/testing/faults',
        headers: { 'x-lamp-sandbox': 'looseness' },
        payload: { method: value, path: '/api/v1/nothing-here', status: 503 },
      });
      expect([value, answer.statusCode < 300]).toEqual([value, matches(method, value)]);
    }
  });

  it('report-schedule time_zone is not empty', () => {
    expect(resolve(doc.components.schemas.ReportScheduleCreate!).properties!.time_zone!.minLength).toBe(1);
  });

  it('a name of only spaces (a non-breaking one too) is refused by the document as by the server', async () => {
    const name = resolve(doc.components.schemas.MeasurementTagCreate!).properties!.name!;
    expect(matches(name, '\u00a0')).toBe(false);
    expect(matches(name, ' \u00a0\t')).toBe(false);
    expect(matches(name, '\u00a0Tag ')).toBe(true);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/label-category',
      headers: as(app, 'admin'),
      payload: { account: OWN, name: '\u00a0' },
    });
    expect(answer.statusCode).toBe(400);
  });
});

describe('If-Match: not empty', () => {
  it('the document says so, on the engine and on Spotlight', () => {
    expect(parameter('/api/v1/measurement-tag', 'put', 'If-Match')).toEqual({ type: 'string', minLength: 1 });
    expect(parameter('/api/spotlight/brief/{id}/edit', 'post', 'If-Match').minLength).toBe(1);
  });

  it('an empty If-Match names no version: Spotlight refuses it as a stale one, as the engine does', async () => {
    // The demo data: Spotlight's companies and their managers.
    const app = await buildTestApp();
    onTestFinished(() => app.close());
    const manager = USER_IDS.contosoPartner;
    const headers = {
      authorization: `Bearer ${signSpotlightToken(app.config.linkSecret, manager, SessionStore.reference(app.sessions.create(manager)))}`,
    };
    const study = await app.inject({
      method: 'POST',
      url: '/api/spotlight/brief/create',
      headers,
      payload: {
        name: 'If-Match study',
        context: 'social_feed',
        sample_size: 150,
        start_date: '2026-12-01',
        end_date: '2026-12-14',
      },
    });
    expect(study.statusCode, study.body).toBe(201);
    const id = study.json<{ data: { id: string } }>().data.id;
    const edit = await app.inject({
      method: 'POST',
      url: `/api/spotlight/brief/${id}/edit`,
      headers: { ...headers, 'if-match': '' },
      payload: { name: 'Renamed' },
    });
    expect(edit.statusCode).toBe(412);
    // One rule for both APIs (RFC 9110 §13.1.1: If-Match compares strongly): a weak tag never
    // matches, the record's own strong tag does.
    const details = await app.inject({ url: `/api/spotlight/brief/${id}/details`, headers });
    const etag = details.headers.etag as string;
    const withTag = (tag: string) =>
      app.inject({
        method: 'POST',
        url: `/api/spotlight/brief/${id}/edit`,
        headers: { ...headers, 'if-match': tag },
        payload: { name: 'Renamed' },
      });
    expect((await withTag(`W/${etag}`)).statusCode).toBe(412);
    expect((await withTag(etag)).statusCode).toBe(200);
  });
});

describe('X-Lamp-Sandbox: a name, or empty for the default state', () => {
  it('the document allows the empty header the server takes', async () => {
    const sandbox = doc.components.parameters.Sandbox!.schema!;
    for (const value of ['', 'run-1.a_b', 'a'.repeat(64), 'a'.repeat(65), 'no spaces', 'ü']) {
      const answer = await app.inject({ url: '/api/health', headers: { 'x-lamp-sandbox': value } });
      expect([value, answer.statusCode < 300]).toEqual([value, matches(sandbox, value)]);
    }
  });
});
