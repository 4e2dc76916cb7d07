/**
 * Input the server used to take too kindly, each now refused or recorded the way a client can
 * rely on: an empty page parameter, an unknown parameter of a test-control call, a prototype key,
 * a method the path does not have, and the journal's record of a query.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HEADER } from '../../server/sandbox/scope.ts';
import type { JournalList } from '../../src/shared/schemas/test-traffic.ts';
import { as, asIn, buildSeededApp } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

describe('strict input', () => {
  it('refuses an empty skip or limit as it refuses skip=abc, on every list', async () => {
    for (const list of ['measurement', 'label-category', 'contract']) {
      const get = (query: string) => app.inject({ url: `/api/v1/${list}?${query}`, headers: as(app, 'reader') });
      const abc = await get('skip=abc');
      const empty = await get('skip=');
      expect(empty.statusCode, list).toBe(400);
      expect(message(empty)).toBe(message(abc));
      const noLimit = await get('limit=');
      expect(noLimit.statusCode, list).toBe(400);
      expect(message(noLimit)).toBe('limit: must be a whole number from 0 to 5000');
    }
  });

  it('refuses an unknown query parameter of POST /api/v1/import-job/advance, and moves nothing', async () => {
    const advance = await app.inject({ method: 'POST', url: '/api/v1/import-job/advance?stepps=3' });
    expect(advance.statusCode).toBe(400);
    expect(message(advance)).toContain('stepps');
  });

  it('refuses a __proto__ key, saying so, and creates nothing', async () => {
    const before = await app.inject({ url: '/api/v1/label-category?limit=0', headers: as(app, 'admin') });
    for (const payload of ['{"__proto__": {"admin": true}, "name": "x"}', '{"constructor": {"prototype": {}}}']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/label-category',
        headers: { ...as(app, 'admin'), 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe('body: must not contain a __proto__ or constructor.prototype key');
    }
    const after = await app.inject({ url: '/api/v1/label-category?limit=0', headers: as(app, 'admin') });
    expect(after.json<{ count: number }>().count).toBe(before.json<{ count: number }>().count);
    // Broken JSON is still called that.
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/label-category',
      headers: { ...as(app, 'admin'), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(message(broken)).not.toContain('__proto__');
  });

  it('answers 405 with Allow for a method the path does not have, and 404 for a path that does not exist', async () => {
    const patch = await app.inject({ method: 'PATCH', url: '/api/v1/measurement', headers: as(app, 'reader') });
    expect(patch.statusCode).toBe(405);
    expect(patch.headers.allow).toBe('DELETE, GET, HEAD, POST, PUT');
    const details = await app.inject({
      method: 'DELETE',
      url: '/api/spotlight/brief/0123456789abcdef01234567/details',
    });
    expect(details.statusCode).toBe(405);
    expect(details.headers.allow).toBe('GET, HEAD');
    expect(message(details)).toContain('DELETE is not a method of');
    const missing = await app.inject({ url: '/api/v1/no-such-thing', headers: as(app, 'reader') });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.allow).toBeUndefined();
  });

  it('journals a query as it was sent, without the defaults a route adds', async () => {
    const sandbox = 'strict-input-journal';
    await app.inject({ url: '/api/v1/measurement?status=live&status=paused', headers: asIn(app, 'reader', sandbox) });
    await app.inject({ url: '/api/v1/report-data?report=nope', headers: asIn(app, 'reader', sandbox) });
    const journal = await app.inject({ url: '/api/v1/testing/journal', headers: { [SANDBOX_HEADER]: sandbox } });
    const queries = journal.json<JournalList>().data.map((entry) => entry.query);
    expect(queries).toEqual([{ status: ['live', 'paused'] }, { report: 'nope' }]);
  });
});
