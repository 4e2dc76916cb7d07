/**
 * The conformance kit passes against LAMP over every operation of the document, leaving its data
 * as it was, and fails against a LAMP broken on purpose, each fault named by its operation and
 * the rule it breaks: a list without X-Total-Count, a row of another account leaked into a list,
 * a delete answering 200 instead of 204, a Spotlight company with studies deleted (204, not 409),
 * a method a path does not have answered 404 (not 405 with Allow).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { buildApp } from '../../server/app.ts';
import { SPOTLIGHT_COLLECTIONS } from '../../server/routes/spotlight/store.ts';
import { RESOURCE_NAMES } from '../../src/shared/schemas/index.ts';
import { ConformanceConfigSchema, runConformance } from '../contract/conformance.ts';

const demoConfig = ConformanceConfigSchema.parse(
  JSON.parse(readFileSync('tests/contract/conformance.demo.json', 'utf8')),
);
// The faults need two resources and one entry of the operation table: seconds, not a minute.
const config = {
  ...demoConfig,
  resources: ['label-category', 'project'] as const,
  operations: ['POST /api/spotlight/company'],
};

// Not buildTestApp: that one readies the app, and a test below adds its fault hooks before it is ready.
const testApp = () =>
  buildApp({
    // The machine's clock, as the other API tests: the walk puts the default state's clock back to
    // real time (PUT /testing/clock with now: null), which would end sessions begun on the fixed clock.
    config: {
      mode: 'test',
      dataDir: null,
      logLevel: 'silent',
      serveStatic: false,
      fixtureScale: null,
      testClock: null,
    },
  });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const problemsOf = (outcome: Awaited<ReturnType<typeof runConformance>>) =>
  Object.fromEntries([...outcome.records].filter(([, r]) => r.problems.length).map(([op, r]) => [op, r.problems]));

describe('the conformance kit', () => {
  it('passes against LAMP over every operation and leaves its data as it was', { timeout: 300_000 }, async () => {
    app = await testApp();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const counts = () => RESOURCE_NAMES.map((name) => app?.repositories[name].count());
    const before = counts();
    const outcome = await runConformance(base, demoConfig);
    expect(problemsOf(outcome)).toEqual({});
    expect(outcome.notCovered).toEqual([]);
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: object };
    const operations = Object.values(document.paths).flatMap((item: object) => Object.keys(item));
    expect(outcome.records.size).toBe(operations.filter((key) => key !== 'parameters').length);
    // Its sandbox is gone and the default state holds what it held.
    const sandboxes = (await (await fetch(`${base}/api/v1/testing/sandboxes`)).json()) as { count: number };
    expect(sandboxes.count).toBe(0);
    expect(counts()).toEqual(before);
  });

  it(
    'without test control, runs what leaves the data as found and lists the rest with the reason',
    { timeout: 120_000 },
    async () => {
      app = await testApp();
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const spotlight = Object.values(SPOTLIGHT_COLLECTIONS);
      const counts = () => spotlight.map((name) => app?.repositories.collection(name).count());
      const before = counts();
      const outcome = await runConformance(base, {
        ...config,
        resources: [...config.resources],
        testControl: false,
        operations: [
          'POST /api/spotlight/brief',
          'POST /api/spotlight/company',
          'POST /api/spotlight/stim/upload',
          'POST /api/v1/testing/reset',
          'POST /api/v1/account-users/invite',
        ],
      });
      expect(problemsOf(outcome)).toEqual({});
      expect(outcome.records.get('POST /api/spotlight/company/{id}/delete')?.exchanges).toContainEqual(
        expect.objectContaining({ expected: 409, status: 409 }),
      );
      expect(counts()).toEqual(before);
      const reasons = Object.fromEntries(outcome.notCovered.map(({ operation, reason }) => [operation, reason]));
      expect(reasons['POST /api/v1/testing/reset']).toContain('test control only');
      expect(reasons['POST /api/v1/account-users/invite']).toContain('needs testControl');
    },
  );

  it('names the operation and the rule of each fault injected into LAMP', { timeout: 120_000 }, async () => {
    app = await testApp();
    const broken = app;
    const foreignProject = broken.repositories.project.byOwners([ACCOUNT_IDS.tailspin])[0];
    broken.addHook('onSend', (request, reply, payload, done) => {
      const [path, query = ''] = request.url.split('?');
      // A missing count header.
      if (request.method === 'GET' && path === '/api/v1/label-category') void reply.removeHeader('x-total-count');
      // A wrong status.
      if (request.method === 'DELETE' && path === '/api/v1/label-category' && reply.statusCode === 204) {
        void reply.code(200);
        return done(null, JSON.stringify({}));
      }
      // A leaked row of another account, in a list that asked for no account.
      if (
        request.method === 'GET' &&
        path === '/api/v1/project' &&
        !query.includes('account=') &&
        reply.statusCode === 200
      ) {
        // This hook runs after the server's compression (server/plugins/compression.ts): undo it.
        const encoding = reply.getHeader('content-encoding');
        const text =
          encoding === 'br'
            ? brotliDecompressSync(payload as Buffer)
            : encoding === 'gzip'
              ? gunzipSync(payload as Buffer)
              : payload;
        void reply.removeHeader('content-encoding');
        const page = JSON.parse(String(text)) as { data: unknown[] };
        return done(null, JSON.stringify({ ...page, data: [...page.data, foreignProject] }));
      }
      // A method a path does not have: 404 instead of 405 with Allow.
      if (path === '/api/v1/label-category' && reply.statusCode === 405) {
        void reply.code(404).removeHeader('allow');
        return done(null, JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Not found' }));
      }
      // A wrong status: a company with studies deleted.
      if (/^\/api\/spotlight\/company\/\w+\/delete$/.test(path ?? '') && reply.statusCode === 409) {
        void reply.code(204);
        return done(null, '');
      }
      done(null, payload);
    });
    const base = await broken.listen({ port: 0, host: '127.0.0.1' });
    const outcome = await runConformance(base, { ...config, resources: [...config.resources] });
    const problems = problemsOf(outcome);
    expect(problems['GET /api/v1/label-category']).toEqual(
      expect.arrayContaining([expect.stringContaining('paging: X-Total-Count is missing')]),
    );
    expect(problems['GET /api/v1/project']).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/as admin: account isolation: row \w+ of an account the user may not see/),
      ]),
    );
    expect(problems['DELETE /api/v1/label-category']).toEqual(
      expect.arrayContaining([expect.stringContaining('expected 204, got 200')]),
    );
    expect(problems['POST /api/spotlight/company/{id}/delete']).toEqual(
      expect.arrayContaining([expect.stringContaining('expected 409, got 204')]),
    );
    expect(problems['GET /api/v1/label-category']).toEqual(
      expect.arrayContaining([expect.stringContaining('a method the path does not have: expected 405, got 404')]),
    );
    // What it did not send is listed with the reason.
    expect(outcome.notCovered).toContainEqual({
      operation: 'GET /api/v1/report-data',
      reason: 'not in the config’s operations',
    });
  });
});
