/**
 * `npm run test:contract`: the API honours its own OpenAPI document, as an independent validator
 * sees it. The server starts (test mode, in memory, on a free port) with Stoplight Prism's
 * validating proxy in front of it (`prism proxy /api/openapi.json`); every documented operation is
 * then driven through the proxy, as each role where roles matter, with its success answers and its
 * error answers (400, 401, 403, 404, 409, 412, 415, 429). It fails
 *   - on any violation Prism reports (request or response, error or warning), printing the
 *     operation, the request and the violation;
 *   - on any answer with another status than the walk expects;
 *   - when an operation of the document has no request in the walk, or the walk names an
 *     operation the document lacks.
 *
 * Prism runs without `--errors`: with it, Prism answers a request it finds invalid itself, so the
 * server's own 400, 401 and 415 answers would never be seen. Without it, every request reaches the
 * server and Prism lists what it found in the `sl-violations` header; a request that breaks the
 * document on purpose (no session, an unknown field) is marked so, and only findings about its
 * response count.
 *
 * Where the walk comes from:
 *   - the resource engine's operations (/api/v1/{resource}), from the registry: resources.ts;
 *   - every other operation: one entry each in OPERATIONS (operations.ts). A new route fails this
 *     test until it has its entry there, one line (more for more answers), for instance:
 *
 *       'GET /api/v1/report-data': (w) => [{ as: 'reader', query: { report: w.id('report') }, status: 200 }],
 *
 *     Each request names the session (`as`), query, body and the status the server must answer;
 *     `invalid: true` marks a request that breaks the document on purpose. `w` (World, world.ts)
 *     hands out rows the walk found, throwaway users and e-mailed links. An engine operation may
 *     get an entry too, for answers the generic walk cannot derive (a 412 on a stale If-Match).
 *
 * LAMP_CONTRACT_JSON names a file for the totals (`npm test` counts operations from it).
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../server/app.ts';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { ContractClient, NORTHWIND, PASSWORD, PERSONAS, TAILSPIN, type Persona } from './client.ts';
import { OPERATIONS } from './operations.ts';
import { walkResources } from './resources.ts';
import { makeWorld, type Cast } from './world.ts';
import { startPrism, type Proxy } from './prism.ts';

const started = performance.now();

/** The table's accounts and users in LAMP's fixtures. */
const FIXTURES: Cast = {
  accounts: { own: NORTHWIND, foreign: TAILSPIN, home: ACCOUNT_IDS.lampHq, spotlight: ACCOUNT_IDS.contoso },
  users: {
    super: { id: USER_IDS.super, email: PERSONAS.super, password: PASSWORD },
    root: { id: USER_IDS.root, email: PERSONAS.root, password: PASSWORD },
    admin: { id: USER_IDS.northwindAdmin, email: PERSONAS.admin, password: PASSWORD },
    writer: { id: USER_IDS.northwindWriter, email: PERSONAS.writer, password: PASSWORD },
    reader: { id: USER_IDS.northwindReader, email: PERSONAS.reader, password: PASSWORD },
    foreign: { id: USER_IDS.tailspinAdmin, email: PERSONAS.foreign, password: PASSWORD },
    new: { id: USER_IDS.northwindNew, email: PERSONAS.new, password: PASSWORD },
  },
  unverified: { email: 'unverified@northwind.test', password: PASSWORD },
  testControl: true,
};

/** The operations of the served document, as 'METHOD /path'. */
function documentOperations(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.keys(item)
      .filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map((method) => `${method.toUpperCase()} ${url}`),
  );
}

const app = await buildApp({
  config: { mode: 'test', dataDir: null, logLevel: 'silent', serveStatic: false, fixtureScale: null },
});
let prism: Proxy | null = null;
let failed = true;
try {
  const upstream = await app.listen({ port: 0, host: '127.0.0.1' });
  prism = await startPrism(`${upstream}/api/openapi.json`, upstream);
  const base = prism.base;
  const prismSeconds = (performance.now() - started) / 1000;

  const client = new ContractClient(base);
  // In parallel: each sign-in is one scrypt, deliberately slow, and they run on libuv's threads.
  await Promise.all((Object.keys(PERSONAS) as Persona[]).map((persona) => client.signIn(persona)));
  const samples = await walkResources(client);
  const w = makeWorld(client, samples, FIXTURES);
  for (const [operation, entry] of Object.entries(OPERATIONS))
    for (const step of await entry(w)) await client.send(operation, step);

  const document = (await (await fetch(`${upstream}/api/openapi.json`)).json()) as Parameters<
    typeof documentOperations
  >[0];
  const documented = documentOperations(document);
  const problems: string[] = [];
  for (const operation of documented)
    if (!client.records.has(operation))
      problems.push(`${operation}: no request in the walk (add an entry to tests/contract/operations.ts)`);
  for (const operation of client.records.keys())
    if (!documented.includes(operation)) problems.push(`${operation}: walked, but not in the document`);
  let passed = 0;
  let failedOperations = 0;
  for (const [operation, record] of client.records) {
    if (record.problems.length === 0) {
      passed += 1;
      continue;
    }
    failedOperations += 1;
    console.error(`✗ ${operation}`);
    for (const problem of record.problems) console.error(`    ${problem}`);
  }
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (process.env.LAMP_CONTRACT_TIMES)
    for (const [operation, record] of [...client.records].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
      console.log(`  ${(record.ms / 1000).toFixed(2)} s  ${record.requests} requests  ${operation}`);
  const requests = [...client.records.values()].reduce((sum, record) => sum + record.requests, 0);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Contract: ${documented.length} operations in the document, ${client.records.size} walked, ` +
      `${requests} requests, ${client.violations} violations, ${problems.length + failedOperations} failing ` +
      `(${seconds.toFixed(1)} s, Prism up after ${prismSeconds.toFixed(1)} s)`,
  );
  failed = problems.length + failedOperations > 0;
  if (process.env.LAMP_CONTRACT_JSON)
    writeFileSync(
      process.env.LAMP_CONTRACT_JSON,
      JSON.stringify({ passed, failed: failedOperations + problems.length, requests, violations: client.violations }),
    );
} catch (error) {
  console.error(error);
} finally {
  prism?.stop();
  await app.close();
}
process.exit(failed ? 1 : 0);
