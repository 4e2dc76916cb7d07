/**
 * Rows other rows point at are not deleted: lookups (vendors among them), templates and
 * projects. The delete is refused with a 409 giving the counts, the usage read gives the same
 * counts first, and once nothing points at the row it goes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, buildSeededApp, ROW_IDS, type Persona } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const send = (persona: Persona, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as(app, persona), ...(payload ? { payload } : {}) });
const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;
const own = (resource: string) => ROW_IDS[resource]?.own ?? '';
const global = (resource: string) => ROW_IDS[resource]?.global ?? '';

describe('deleting a row other rows point at', () => {
  it('a project a measurement belongs to: the count first, a 409 saying it, then a delete once detached', async () => {
    const project = own('project');
    const usage = await send('root', 'GET', `/api/v1/row-usage?resource=project&id=${project}`);
    expect(usage.statusCode).toBe(200);
    expect(usage.json<{ data: unknown }>().data).toEqual({
      resource: 'project',
      id: project,
      uses: [{ resource: 'measurement', count: 1 }],
    });

    const refused = await send('root', 'DELETE', `/api/v1/project?id=${project}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe('This project is used by 1 measurement; remove it from them first');
    expect((await send('root', 'GET', `/api/v1/project?id=${project}`)).statusCode).toBe(200);

    await send('writer', 'PUT', `/api/v1/measurement?id=${own('measurement')}`, { project: null });
    expect((await send('root', 'DELETE', `/api/v1/project?id=${project}`)).statusCode).toBe(204);
  });

  it('a lookup counts every kind of row that points at it, a name mapping by its type included', async () => {
    const channel = global('advertising-channel');
    const refused = await send('super', 'DELETE', `/api/v1/advertising-channel?id=${channel}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      'This advertising channel is used by 2 measurements and 2 name mappings; remove it from them first',
    );
  });

  it('a vendor is refused with the count of each kind of row that uses it', async () => {
    const vendor = global('third-party-macro-vendor');
    const refused = await send('super', 'DELETE', `/api/v1/third-party-macro-vendor?id=${vendor}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      'This third party macro vendor is used by 2 measurements, 2 import job configs, 2 third party macros and 2 activations; remove it from them first',
    );
  });

  it('an upload template an import job uses is refused; a template nothing uses is deleted', async () => {
    const template = own('upload-template');
    await send('root', 'PUT', `/api/v1/import-job?id=${own('import-job')}`, { upload_template: template });
    const refused = await send('super', 'DELETE', `/api/v1/upload-template?id=${template}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe('This upload template is used by 1 import job; remove it from them first');

    const unused = own('custom-parameter-template');
    expect(
      (await send('super', 'GET', `/api/v1/row-usage?resource=custom-parameter-template&id=${unused}`)).json(),
    ).toEqual({
      data: { resource: 'custom-parameter-template', id: unused, uses: [] },
    });
    expect((await send('super', 'DELETE', `/api/v1/custom-parameter-template?id=${unused}`)).statusCode).toBe(204);
  });

  it('the usage read: only for whoever may delete the row, of a guarded resource, by a known id', async () => {
    const project = own('project');
    expect((await send('admin', 'GET', `/api/v1/row-usage?resource=project&id=${project}`)).statusCode).toBe(403);
    expect(
      (await send('root', 'GET', `/api/v1/row-usage?resource=project&id=ffffffffffffffffffffffff`)).statusCode,
    ).toBe(404);
    const unguarded = await send('root', 'GET', `/api/v1/row-usage?resource=measurement&id=${own('measurement')}`);
    expect(unguarded.statusCode).toBe(400);
    expect(message(unguarded)).toMatch(/resource/);
  });
});
