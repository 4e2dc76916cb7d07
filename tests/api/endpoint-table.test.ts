/**
 * The table of non-resource endpoints cannot drift from the app: each is registered with its
 * method and path, the API document describes it with the table's summary, a demo or test-control
 * endpoint is absent from production (and so from its document), and the browser's code calls
 * each by name (no source under src/ spells a table path as a string of its own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '../../src/shared/endpoints/index.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';
import { buildSeededApp } from '../helpers/seed.ts';

type Document = { paths: Record<string, Record<string, { summary?: string }>> };

const documented = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const table = Object.values(endpoints).map((e: Endpoint) => [`${e.method} ${e.path}`, e] as const);

/** Every TypeScript, TSX and Astro file under src/, but the table itself. */
function browserSources(): { file: string; text: string }[] {
  const root = path.resolve('src');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !file.startsWith(`shared${path.sep}endpoints`))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

describe('the endpoint table', () => {
  let app: FastifyInstance;
  let production: FastifyInstance;
  let document: Document;
  let productionDocument: Document;
  beforeAll(async () => {
    [app, production] = await Promise.all([buildSeededApp(), buildTestApp(productionConfig())]);
    document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    productionDocument = (await production.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  });
  afterAll(() => Promise.all([app.close(), production.close()]));

  it('declares the non-resource endpoints of the app, Spotlight, the demo and test control', () => {
    expect(table.length).toBe(58);
  });

  it.each(table)('%s is registered and documented, in production only when it is not demo or test control', (_r, e) => {
    const operation = (doc: Document) => doc.paths[documented(e.path)]?.[e.method.toLowerCase()];
    expect(app.hasRoute({ method: e.method, url: e.path })).toBe(true);
    expect(operation(document)?.summary).toBe(e.summary);
    expect(production.hasRoute({ method: e.method, url: e.path })).toBe(!e.only);
    expect(operation(productionDocument)?.summary).toBe(e.only ? undefined : e.summary);
  });

  it('is how the browser calls each endpoint: no source spells a table path as a string', () => {
    const sources = browserSources();
    for (const [route, e] of table) {
      const literal = new RegExp(`['"\`]${e.path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"\`?]`);
      const spelt = sources.filter(({ text }) => literal.test(text)).map(({ file }) => file);
      expect(spelt, route).toEqual([]);
    }
  });
});
