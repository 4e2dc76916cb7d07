import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, RESOURCE_NAMES } from '../../src/shared/schemas/index.ts';
import { as, buildSeededApp, OWN, ROW_IDS } from '../helpers/seed.ts';

describe('OpenAPI document and reference page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp();
  });
  afterAll(() => app.close());

  it('describes every resource and route from the schemas', async () => {
    const response = await app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    for (const name of RESOURCE_NAMES) {
      expect(Object.keys(document.paths[`/api/v1/${name}`] ?? {}).sort(), name).toEqual([
        'delete',
        'get',
        'post',
        'put',
      ]);
    }
    const listParams = document.paths['/api/v1/contract']?.get?.parameters?.map((p) => p.name);
    expect(listParams).toContain('accounts');
    expect(document.paths['/api/v1/import-job-status']?.get?.parameters?.map((p) => p.name)).toContain('account._id');
    expect(document.components.schemas.Measurement?.required).toContain('apm');
    expect(Object.keys(document.components.schemas.User?.properties ?? {})).not.toContain('password_hash');
    expect(Object.keys(document.components.schemas.User?.properties ?? {})).toContain('first_login');
    expect(Object.keys(document.components.schemas.Activation?.properties ?? {})).toContain('deal_id');
    expect(Object.keys(document.components.schemas.ActivationCreate?.properties ?? {})).not.toContain('deal_id');
    for (const route of app.routeTable) {
      if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(document.paths[url]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('needs no session for public operations, derived from their access, and describes every error body', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json<{
      security: unknown[];
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { content?: unknown }> }>>;
    }>();
    expect(document.security).toEqual([{ session: [] }]);
    for (const route of app.routeTable) {
      if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const operation = document.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const open = route.access === 'public' || route.access === 'demo' || route.access === 'test-control';
      // A route naming its own security (the Spotlight token) is held to it.
      const schema = (route.schema ?? {}) as { security?: unknown[]; response?: Record<string, unknown> };
      expect(operation?.security, `${route.method} ${route.url}`).toEqual(schema.security ?? (open ? [] : undefined));
      for (const [status, answer] of Object.entries(operation?.responses ?? {}))
        // Every error answer is the Error body, unless the route declares another (Spotlight onboarding).
        if (Number(status) >= 400 && [undefined, errorResponse].includes(schema.response?.[status] as never))
          expect(answer.content, `${route.method} ${route.url} ${status}`).toEqual({
            'application/json': { schema: { $ref: '#/components/schemas/Error' } },
          });
    }
    expect(document.paths['/api/v1/auth']?.post?.security).toEqual([]);
    // The Spotlight service: the bearer token, its switched company, the guard's and concurrency answers.
    const edit = document.paths['/api/spotlight/brief/{id}/edit']?.post as unknown as {
      security: unknown[];
      parameters: { name: string; in: string }[];
      responses: Record<string, unknown>;
    };
    expect(edit.security).toEqual([{ spotlightToken: [] }]);
    expect(edit.parameters).toContainEqual(expect.objectContaining({ name: 'X-Switched-Company', in: 'header' }));
    expect(Object.keys(edit.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '412']));
    expect(Object.keys(document.paths['/api/v1/auth']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '415', '429']),
    );
    expect(document.paths['/api/v1/measurement']?.put?.security).toBeUndefined();
  });

  it('serves a readable reference page without scripts in demo and test modes', async () => {
    const response = await app.inject({ url: '/api/reference' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<h1>LAMP API reference</h1>');
    expect(response.body).toContain('/api/v1/measurement');
    expect(response.body).not.toContain('<script');
  });
});

describe('test control', () => {
  it('resets the data to the fixtures in test mode', async () => {
    const app = await buildSeededApp();
    const headers = as(app, 'writer');
    const id = ROW_IDS.measurement?.own;
    await app.inject({ method: 'PUT', url: `/api/v1/measurement?id=${id}`, headers, payload: { name: 'Changed' } });
    const reset = await app.inject({ method: 'POST', url: '/api/v1/testing/reset' });
    expect(reset.statusCode).toBe(200);
    const after = await app.inject({ url: `/api/v1/measurement?id=${id}&account=${OWN}`, headers });
    expect(after.json<{ data: { name: string }[] }>().data[0]?.name).toBe('Spring flight own');
    await app.close();
  });

  it('is refused outside demo and test modes, and so is the reference page', async () => {
    const app = await buildSeededApp({ mode: 'production' });
    expect((await app.inject({ method: 'POST', url: '/api/v1/testing/reset' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/reference' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    await app.close();
  });
});
