/**
 * Input hygiene: inputs that used to be stored as sent are refused with a
 * 400 naming the field, and nothing changes: a name with a lone surrogate (any resource, through
 * the shared name schema), a domain list whose text holds only control characters, an activation
 * that names nothing, a write whose JSON body is `null`.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationMessages } from '../../src/shared/activations.ts';
import { NO_ENTRIES } from '../../src/shared/domains.ts';
import { LONE_SURROGATE_MESSAGE } from '../../src/shared/schemas/common.ts';
import { NULL_BODY_MESSAGE } from '../../server/json-body.ts';
import { as, buildSeededApp, OWN, ROW_IDS } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

const id = (resource: string) => ROW_IDS[resource]?.own as string;
const data = () => JSON.stringify(app.db.low.data.collections);
/** A JSON body as a client would send it: the escape \ud800 reaches the server as a lone surrogate. */
const send = (method: 'POST' | 'PUT', url: string, body: string) =>
  app.inject({ method, url, payload: body, headers: { ...as(app, 'super'), 'content-type': 'application/json' } });
const message = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

describe('refused inputs change nothing', () => {
  it('refuses a name with a lone surrogate on every resource that has one, and takes a whole pair', async () => {
    const before = data();
    for (const resource of ['project', 'label-category', 'domain-list', 'activation', 'saved-report']) {
      const response = await send('PUT', `/api/v1/${resource}?id=${id(resource)}`, '{"name":"Broken \\ud800 name"}');
      expect(response.statusCode, resource).toBe(400);
      expect(message(response), resource).toBe(`name: ${LONE_SURROGATE_MESSAGE}`);
    }
    expect(data()).toBe(before);
    const pair = await send('PUT', `/api/v1/project?id=${id('project')}`, '{"name":"Launch \\ud83d\\ude80"}');
    expect(pair.statusCode).toBe(200);
    expect(app.repositories.project.byId(id('project'))?.name).toBe('Launch 🚀');
  });

  it('refuses a domain list of only control characters instead of making an empty one', async () => {
    const before = app.repositories['domain-list'].all().length;
    for (const text of ['\u0001\u0002\u0003', '\u0000', '\u001c\u001d\u000b\u007f']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/domain-list/upload',
        headers: as(app, 'admin'),
        payload: { account: OWN, name: 'Control characters', type: 'allow', text },
      });
      expect(response.statusCode, JSON.stringify(text)).toBe(400);
      expect(message(response)).toContain(NO_ENTRIES);
    }
    expect(app.repositories['domain-list'].all().length).toBe(before);
  });

  it('refuses an activation with every reference null, on create and on update', async () => {
    const before = data();
    const create = await app.inject({
      method: 'POST',
      url: '/api/v1/activation',
      headers: as(app, 'admin'),
      payload: {
        account: OWN,
        name: 'Nothing at all',
        measurement: null,
        domain_list: null,
        vendor: null,
        min_apm: null,
      },
    });
    expect(create.statusCode).toBe(400);
    expect(message(create)).toBe(activationMessages.noReferences);
    const update = await send(
      'PUT',
      `/api/v1/activation?id=${id('activation')}`,
      '{"measurement":null,"domain_list":null,"vendor":null}',
    );
    expect(update.statusCode).toBe(400);
    expect(message(update)).toBe(activationMessages.noReferences);
    expect(data()).toBe(before);
  });

  it('answers a null body with 400 naming the body, on PUT and POST', async () => {
    const before = data();
    for (const [method, url] of [
      ['PUT', `/api/v1/project?id=${id('project')}`],
      ['POST', '/api/v1/project'],
      ['PUT', '/api/v1/user'],
    ] as const) {
      const response = await send(method, url, 'null');
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(message(response)).toBe(`body: ${NULL_BODY_MESSAGE}`);
    }
    expect(data()).toBe(before);
  });
});
