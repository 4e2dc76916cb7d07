/**
 * The conformance kit passes against LAMP, and fails against a LAMP broken on purpose, each fault
 * named by its operation and the rule it breaks: a list without X-Total-Count, a row of another
 * account leaked into a list, a delete answering 200 instead of 204.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../fixtures/ids.ts';
import { buildApp } from '../../server/app.ts';
import { ConformanceConfigSchema, runConformance } from '../contract/conformance.ts';

// Two resources keep the test to seconds; `npm run conformance` walks all of them.
const config = {
  ...ConformanceConfigSchema.parse(JSON.parse(readFileSync('tests/contract/conformance.demo.json', 'utf8'))),
  resources: ['label-category', 'project'] as const,
};

const testApp = () =>
  buildApp({ config: { mode: 'test', dataDir: null, logLevel: 'silent', serveStatic: false, fixtureScale: null } });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const problemsOf = (outcome: Awaited<ReturnType<typeof runConformance>>) =>
  Object.fromEntries([...outcome.records].filter(([, r]) => r.problems.length).map(([op, r]) => [op, r.problems]));

describe('the conformance kit', () => {
  it('passes against LAMP and leaves its data as it was', { timeout: 120_000 }, async () => {
    app = await testApp();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const before = app.repositories['label-category'].count() + app.repositories.project.count();
    const outcome = await runConformance(base, { ...config, resources: [...config.resources] });
    expect(problemsOf(outcome)).toEqual({});
    expect(outcome.records.has('DELETE /api/v1/project')).toBe(true);
    expect(app.repositories['label-category'].count() + app.repositories.project.count()).toBe(before);
  });

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
        const page = JSON.parse(String(payload)) as { data: unknown[] };
        return done(null, JSON.stringify({ ...page, data: [...page.data, foreignProject] }));
      }
      done(null, payload);
    });
    const base = await broken.listen({ port: 0, host: '127.0.0.1' });
    const problems = problemsOf(await runConformance(base, { ...config, resources: [...config.resources] }));
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
  });
});
