/**
 * No input of any kind gives a 5xx: random query strings, bodies and media types against the
 * engine and the session routes, as every role.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_NAMES } from '../../src/shared/schemas/index.ts';
import { buildSeededApp, OWN, ROLE_PERSONAS, ROW_IDS, sessionCookie } from '../helpers/seed.ts';

const PARAMS = [
  'id',
  'account',
  'accounts',
  'category.account',
  'account._id',
  'measurement',
  'correlation_id',
  'import_job_id',
  'type',
  'label_ids',
  'category_id',
  'account_category',
  'importjob.job_type',
  'vendor',
  'limit',
  'skip',
  'sort',
  'search',
  'start_date',
  'end_date',
  'created_at_gt',
  'created_at_lt',
  'refresh',
  '__proto__',
  'constructor',
];

const value = fc.oneof(
  fc.string(),
  fc.constantFrom(
    OWN,
    `${OWN},null`,
    'null',
    'desc(name),asc(id)',
    'asc(__proto__)',
    '-1',
    '1e9',
    '2026-02-30',
    '',
    ',',
  ),
  fc.integer().map(String),
  fc.string({ unit: 'binary' }),
);

const json = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  json,
  fc.dictionary(
    fc.constantFrom(
      'name',
      'account',
      'id',
      'email',
      'super_admin',
      'access_grants',
      'start_date',
      'end_date',
      'category_id',
      '__proto__',
    ),
    json,
  ),
);

describe('no input gives a 5xx', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp();
  });
  afterAll(() => app.close());

  const who = fc.constantFrom<keyof typeof ROLE_PERSONAS | 'anonymous'>(
    'anonymous',
    'read',
    'write',
    'admin',
    'root',
    'super',
  );
  const headersFor = (w: keyof typeof ROLE_PERSONAS | 'anonymous') =>
    w === 'anonymous' ? {} : { cookie: sessionCookie(app, ROLE_PERSONAS[w]) };

  it('random list queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RESOURCE_NAMES),
        fc.array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 6 }),
        who,
        async (name, pairs, w) => {
          const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const response = await app.inject({ url: `/api/v1/${name}?${query}`, headers: headersFor(w) });
          expect(response.statusCode, `${name}?${query} → ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(typeof response.json<{ message: unknown }>().message).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('random raw query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RESOURCE_NAMES),
        fc.string({ unit: 'binary', maxLength: 80 }),
        async (name, raw) => {
          const response = await app.inject({ url: `/api/v1/${name}?${encodeURI(raw)}`, headers: headersFor('super') });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('random bodies for create and update, with random media types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RESOURCE_NAMES),
        fc.constantFrom('POST', 'PUT', 'DELETE'),
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml', ''),
        who,
        async (name, method, payload, type, w) => {
          const id = ROW_IDS[name]?.own ?? ROW_IDS[name]?.global ?? OWN;
          const response = await app.inject({
            method: method,
            url: method === 'POST' ? `/api/v1/${name}` : `/api/v1/${name}?id=${id}`,
            headers: { ...headersFor(w), ...(type ? { 'content-type': type } : {}) },
            payload: JSON.stringify(payload),
          });
          expect(response.statusCode, `${method} ${name} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(
            500,
          );
        },
      ),
      { numRuns: 400 },
    );
    await app.db.reset();
  });

  it('broken JSON and odd login bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (raw) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/auth',
          headers: { 'content-type': 'application/json' },
          payload: raw,
        });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
