/**
 * The served document says what the server enforces, in the form generated clients and API
 * testers read: stable operationIds, declared tags, headers, a default answer, links from creates,
 * and parameters whose patterns refuse what the server refuses.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildSeededApp, OWN } from '../helpers/seed.ts';
import { INPUT_ENTRY_RULE, NORMALISED_ENTRY_PATTERNS } from '../../src/shared/domains.ts';

type Json = Record<string, unknown>;
interface Parameter {
  name?: string;
  in?: string;
  $ref?: string;
  required?: boolean;
  schema?: Json & { pattern?: string };
}
interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, Json & { headers?: Json; links?: Record<string, { operationId: string }> }>;
}
interface Document {
  info: { description?: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json & { required?: string[] }>; parameters: Record<string, Parameter> };
}

describe('the exact OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([url, item]) =>
      Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
    );
  const parameter = (url: string, method: string, name: string) =>
    doc.paths[url]?.[method]?.parameters?.find((p) => p.name === name);
  const read = (url: string) => app.inject({ url, headers: as(app, 'reader') });
  beforeAll(async () => {
    app = await buildSeededApp();
    doc = (await app.inject({ url: '/api/openapi.json' })).json<Document>();
  });
  afterAll(() => app.close());

  it('says once, for every path, that a method the path does not have answers 405 with Allow', async () => {
    expect(doc.info.description).toContain('405 with an Allow header');
    const answer = await app.inject({ method: 'PATCH', url: '/api/v1/project', headers: as(app, 'reader') });
    expect(answer.statusCode).toBe(405);
    expect(String(answer.headers.allow).split(', ')).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    // No operation declares it: none of them answers it.
    expect(operations().some(({ operation }) => '405' in operation.responses)).toBe(false);
  });

  it('names every operation once, groups them under declared tags of one spelling, and says where it is served', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/measurement']?.post?.operationId).toBe('createMeasurement');
    expect(doc.paths['/api/spotlight/brief/{id}/details']?.get?.operationId).toBe('getSpotlightBriefByIdDetails');
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].every((tag) => declared.includes(tag))).toBe(true);
    const lower = declared.map((tag) => tag.toLowerCase().replace(/s$/, ''));
    expect(new Set(lower).size).toBe(lower.length);
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('declares the sandbox and Prefer headers, a default error answer, ETags and If-Match', () => {
    expect(doc.components.parameters.Sandbox?.name).toBe('X-Lamp-Sandbox');
    expect(doc.components.parameters.Prefer?.name).toBe('Prefer');
    for (const { key, operation } of operations()) {
      expect(operation.responses.default, key).toBeDefined();
      expect(
        operation.parameters?.map((p) => p.$ref),
        key,
      ).toContain('#/components/parameters/Sandbox');
      if ('412' in operation.responses)
        expect(
          operation.parameters?.map((p) => p.name),
          key,
        ).toContain('If-Match');
    }
    const measurement = doc.paths['/api/v1/measurement'];
    expect(measurement?.get?.responses['200']?.headers).toHaveProperty('ETag');
    expect(measurement?.post?.responses['201']?.headers).toHaveProperty('ETag');
    expect(measurement?.post?.responses['201']?.headers).toHaveProperty('Preference-Applied');
    const links = measurement?.post?.responses['201']?.links ?? {};
    expect(Object.fromEntries(Object.entries(links).map(([name, link]) => [name, link.operationId]))).toEqual({
      read: 'listMeasurement',
      update: 'updateMeasurement',
      delete: 'deleteMeasurement',
    });
    expect(doc.paths['/api/spotlight/brief/create']?.post?.responses['201']?.links).toHaveProperty('update');
  });

  it('answers a create with the ETag an update can send straight away', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/label-category',
      headers: as(app, 'admin'),
      payload: { account: OWN, name: 'Exact ETag' },
    });
    expect(created.statusCode).toBe(201);
    const etag = String(created.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const id = created.json<{ data: { id: string } }>().data.id;
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/v1/label-category?id=${id}`,
      headers: { ...as(app, 'admin'), 'if-match': etag },
      payload: { name: 'Exact ETag 2' },
    });
    expect(updated.statusCode).toBe(200);
  });

  it('gives list parameters the patterns and bounds the server enforces', async () => {
    const url = '/api/v1/measurement';
    const pattern = (name: string) => new RegExp(parameter(url, 'get', name)?.schema?.pattern ?? '');
    expect(pattern('sort').test('desc(name),asc(id)')).toBe(true);
    expect(pattern('sort').test('desc(password)')).toBe(false);
    expect((await read(`${url}?sort=desc(password)`)).statusCode).toBe(400);
    expect(pattern('status').test('live,paused')).toBe(true);
    expect(pattern('status').test('sleeping')).toBe(false);
    expect((await read(`${url}?status=sleeping`)).statusCode).toBe(400);
    expect(pattern('account').test(`${OWN},null`)).toBe(true);
    expect(pattern('account').test('nobody')).toBe(false);
    expect(parameter(url, 'get', 'skip')?.schema).toMatchObject({ maximum: 1_000_000_000 });
    expect(parameter(url, 'get', 'created_at_gt')?.schema?.anyOf).toBeDefined();
    expect(parameter('/api/spotlight/brief/{id}/edit', 'post', 'id')?.schema?.pattern).toBe('^[0-9a-f]{24}$');
    expect(parameter('/api/v1/testing/sandboxes/{name}', 'delete', 'name')?.schema?.pattern).toBeDefined();
    const journalMethod = new RegExp(parameter('/api/v1/testing/journal', 'get', 'method')?.schema?.pattern ?? '');
    expect(journalMethod.test('get,Post')).toBe(true);
    expect(journalMethod.test('FETCH')).toBe(false);
    expect(doc.paths['/api/spotlight-auth']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['id', 'company', 'username', 'external_id', 'company_name', 'company_id']),
    );
  });

  it('lets a list parameter be empty, as the server reads an empty one as absent', async () => {
    // Schemathesis sent ?sort= and ?status= as invalid: the server answered 200 (its default).
    const url = '/api/v1/measurement';
    const takesEmpty = (schema: Json & { pattern?: string; anyOf?: Json[] }) =>
      schema.pattern !== undefined
        ? new RegExp(schema.pattern).test('')
        : (schema.anyOf ?? []).some((alternative) => alternative.maxLength === 0 && !('format' in alternative));
    const parameters = (doc.paths[url]?.get?.parameters ?? []).filter((p) => p.in === 'query' && p.name);
    const patterned = parameters.filter((p) => p.schema?.pattern !== undefined || p.schema?.anyOf !== undefined);
    expect(patterned.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'sort', 'account', 'status']));
    for (const { name, schema } of patterned) {
      expect((await read(`${url}?${name}=`)).statusCode, name).toBe(200);
      expect(takesEmpty(schema ?? {}), name).toBe(true);
    }
    // Not the empty value in a list: still refused by both.
    expect(new RegExp(parameter(url, 'get', 'status')?.schema?.pattern ?? '').test(',')).toBe(false);
    expect((await read(`${url}?status=,`)).statusCode).toBe(400);
  });

  it('says which fields a body needs, and what each answer can carry', () => {
    expect(doc.components.schemas.ContractCreate?.required).toContain('accounts');
    const accounts = (doc.components.schemas.ContractCreate?.properties as Record<string, Json>).accounts;
    expect(accounts).toMatchObject({ minItems: 1 });
    expect(accounts).not.toHaveProperty('default');
    const upload = doc.paths['/api/v1/domain-list/upload']?.post;
    expect(upload?.requestBody?.content['application/json']?.schema.anyOf).toEqual([
      { required: ['id'] },
      { required: ['account', 'name', 'type'] },
    ]);
    const uploadError = JSON.stringify(upload?.responses['400']);
    expect(uploadError).toContain('"issues"');
    expect(doc.paths['/api/spotlight/company/{id}/delete']?.post?.responses).toHaveProperty('409');
    const entry = (
      doc.components.schemas.DomainList?.properties as Record<string, { items: { anyOf: Json[] } }>
    ).domains?.items.anyOf.map((form) => new RegExp(String(form.pattern)));
    const entryOk = (value: string) => (entry ?? []).some((pattern) => pattern.test(value));
    expect(['example.com', 'com.example.app', 'id389801252'].every(entryOk)).toBe(true);
    expect(['Example.com', 'https://example.com/'].some(entryOk)).toBe(false);
    // What a client sends is free text the server normalises: each item says the rule and the
    // patterns the normalised entry must match (the create and the update alike).
    for (const schema of ['DomainListCreate', 'DomainListUpdate']) {
      const items = (doc.components.schemas[schema]?.properties as Record<string, { items?: Json }> | undefined)
        ?.domains?.items;
      expect(items?.description).toBe(INPUT_ENTRY_RULE);
      for (const pattern of NORMALISED_ENTRY_PATTERNS) expect(String(items?.description)).toContain(pattern);
    }
    const bulk = JSON.stringify(doc.paths['/api/v1/account-users/bulk']?.post?.requestBody);
    expect(bulk).toContain('"format":"email"');
    expect(bulk).toContain('"first_name"');
    const order = doc.paths['/api/spotlight/company']?.post?.requestBody?.content['application/json']?.schema;
    const orderBy = new RegExp(String((order?.properties as Record<string, Json>).order_by?.pattern));
    expect(orderBy.test('name_asc')).toBe(true);
    expect(orderBy.test('noticed_pct_desc')).toBe(false);
  });
});
