/**
 * The table of non-resource endpoints cannot drift from the app: each is registered with its
 * method and path, and the API document describes it with the table's summary.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/shared/endpoints/index.ts';
import { buildSeededApp } from '../helpers/seed.ts';

type Document = { paths: Record<string, Record<string, { summary?: string }>> };

describe('the endpoint table', () => {
  let app: FastifyInstance;
  let document: Document;
  beforeAll(async () => {
    app = await buildSeededApp();
    document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  });
  afterAll(() => app.close());

  it.each(Object.values(endpoints).map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s is registered and documented',
    (_route, endpoint) => {
      expect(app.hasRoute({ method: endpoint.method, url: endpoint.path })).toBe(true);
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.summary).toBe(endpoint.summary);
    },
  );
});
