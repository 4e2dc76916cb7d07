/**
 * The document is exactly as strict as the server (issue 50): each place where a property-based
 * tester found the document looser than the server, or a declared bound nothing enforced. For
 * each, the document's schema is checked against what the server answers for the same input, so
 * the two cannot drift apart again.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildSeededApp } from '../helpers/seed.ts';

type Json = Record<string, unknown>;
type Schema = Json & { pattern?: string; properties?: Record<string, Schema>; items?: Schema };
interface Parameter {
  name?: string;
  schema?: Schema;
}
interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
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
