/**
 * `npm run conformance -- --base https://api.example.com --config conformance.json`: proves that
 * an API honours LAMP's contract, the way the contract walk proves LAMP does, and with the same
 * walker (resources.ts, client.ts, Prism's validating proxy):
 *
 *   - every operation of the document, as each role of the accounts the config names, with valid
 *     requests and each documented refusal (400, 401, 403, 404, 409, 412, 415, 429), every answer
 *     validated against the document: the engine's through the generic walk, the others through
 *     the walk's operation table (conformance-table.ts says which it skips, and why);
 *   - what the document cannot carry (conformance-checks.ts): paging with count and X-Total-Count,
 *     the {id},null account filter, the sort's id tie-break, a 204 with no body, account isolation,
 *     and on every path, a method it does not have answered 405 with Allow.
 *
 * The document is this checkout's (the contract), not one the API serves. It writes a Markdown
 * report and a JUnit file, exits 1 on any failure, and deletes every row it made.
 *
 * Config (JSON; tests/contract/conformance.demo.json fits LAMP's demo data):
 *   { "accounts": { "own": "<id>", "foreign": "<id>" },
 *     "users": { "super" | "root" | "admin" | "writer" | "reader" | "foreign" | "new": { "email", "password" } },
 *     "resources": ["label-category", …] (optional: all by default),
 *     "operations": ["GET /api/v1/report-data", …] (optional: the table's entries to run; all by default),
 *     "testControl": true (optional: the API has LAMP's test control; the kit then works in a
 *       sandbox of its own, and runs the entries that write and the test-control routes) }
 * `admin`, `writer` and `reader` hold those roles in the own account; `foreign` is an admin of the
 * foreign account; `new` a user who has not signed in before; `super` and `root` reach every account.
 * `accounts.spotlight` is the Spotlight company super opens Spotlight for (the own account by default).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { buildApp } from '../../server/app.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../src/shared/schemas/index.ts';
import { SANDBOX_HEADER } from '../../src/shared/schemas/sandbox.ts';
import { ContractClient, PERSONAS, type Persona } from './client.ts';
import { checkBehaviour, checkMethodNotAllowed } from './conformance-checks.ts';
import { failures, junitReport, markdownReport, type Outcome } from './conformance-report.ts';
import { castOf, runOperationTable } from './conformance-table.ts';
import { startPrism } from './prism.ts';
import { walkResources } from './resources.ts';

const id = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id');
const person = z.strictObject({ email: z.string().min(1), password: z.string().min(1) });
export const ConformanceConfigSchema = z.strictObject({
  accounts: z.strictObject({ own: id, foreign: id, spotlight: id.optional() }),
  users: z.strictObject(
    Object.fromEntries(Object.keys(PERSONAS).map((persona) => [persona, person])) as Record<Persona, typeof person>,
  ),
  resources: z.array(z.enum(RESOURCE_NAMES)).optional(),
  operations: z.array(z.string().regex(/^(GET|POST|PUT|PATCH|DELETE) \//)).optional(),
  testControl: z.boolean().default(false),
});
export type ConformanceConfig = z.infer<typeof ConformanceConfigSchema>;

/** The contract: this checkout's document, as LAMP serves it. */
async function contractDocument(): Promise<string> {
  const app = await buildApp({
    config: { mode: 'test', dataDir: null, logLevel: 'silent', serveStatic: false, fixtureScale: null },
  });
  try {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lamp-conformance-')), 'openapi.json');
    writeFileSync(file, (await app.inject({ url: '/api/openapi.json' })).body);
    return file;
  } finally {
    await app.close();
  }
}

type DocumentPaths = { paths: Record<string, Record<string, unknown>> };

function documentOperations(file: string): string[] {
  const document = JSON.parse(readFileSync(file, 'utf8')) as DocumentPaths;
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.keys(item)
      .filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map((method) => `${method.toUpperCase()} ${url}`),
  );
}

/** Why the kit sent nothing to an operation: its entry was skipped, or the entry that walks it. */
function whyNotSent(operation: string, skipped: ReadonlyMap<string, string>, config: ConformanceConfig): string {
  const own = skipped.get(operation);
  if (own) return own;
  // A Spotlight resource's details, create, edit and delete are walked by its list's entry.
  const path = operation.split(' ')[1] ?? '';
  const parent = [...skipped].find(([entry]) => path.startsWith(`${entry.split(' ')[1] ?? ''}/`));
  if (parent) return `walked by the entry of ${parent[0]}: ${parent[1]}`;
  return config.operations ? 'not in the config’s operations' : 'no entry of the operation table sends it';
}

export async function runConformance(base: string, config: ConformanceConfig): Promise<Outcome> {
  const started = performance.now();
  const document = await contractDocument();
  const proxy = await startPrism(document, base.replace(/\/$/, ''));
  try {
    // With test control, everything happens in a sandbox of the kit's own, dropped at the end:
    // the API's data stays as it was whatever the table's entries change.
    const sandbox = config.testControl ? `conformance-${Date.now().toString(36)}` : null;
    const client = new ContractClient(proxy.base, config.users, sandbox ? { [SANDBOX_HEADER]: sandbox } : {});
    try {
      for (const persona of Object.keys(PERSONAS) as Persona[]) await client.signIn(persona);
      const accounts = { ...config.accounts, readerEmail: config.users.reader.email };
      const only: readonly ResourceName[] | undefined = config.resources;
      const samples = await walkResources(client, { accounts, only, cleanUp: true });
      await checkBehaviour(client, accounts, only);
      const cast = await castOf(client, config.accounts, config.testControl);
      const skipped = await runOperationTable(client, samples, cast, config.operations);
      await checkMethodNotAllowed(client, base, (JSON.parse(readFileSync(document, 'utf8')) as DocumentPaths).paths);
      const notCovered = documentOperations(document)
        .filter((operation) => !client.records.has(operation))
        .map((operation) => ({ operation, reason: whyNotSent(operation, skipped, config) }));
      return { base, records: client.records, notCovered, seconds: (performance.now() - started) / 1000 };
    } finally {
      // The table's fault and journal entries work in a sandbox of their own too.
      if (sandbox)
        for (const name of [sandbox, 'contract-walk'])
          await fetch(new URL(`/api/v1/testing/sandboxes/${name}`, base), { method: 'DELETE' });
    }
  } finally {
    proxy.stop();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      config: { type: 'string' },
      report: { type: 'string', default: 'conformance-report.md' },
      junit: { type: 'string', default: 'conformance-junit.xml' },
    },
  });
  if (!values.base || !values.config) {
    console.error(
      'usage: npm run conformance -- --base <API origin> --config <file.json> [--report f.md] [--junit f.xml]',
    );
    process.exit(2);
  }
  const parsed = ConformanceConfigSchema.safeParse(JSON.parse(readFileSync(values.config, 'utf8')));
  if (!parsed.success) {
    console.error(
      `${values.config}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    process.exit(2);
  }
  const outcome = await runConformance(values.base, parsed.data);
  writeFileSync(values.report, markdownReport(outcome));
  writeFileSync(values.junit, junitReport(outcome));
  const failed = failures(outcome);
  for (const [operation, record] of outcome.records)
    for (const problem of record.problems) console.error(`✗ ${operation}: ${problem}`);
  for (const { operation, reason } of outcome.notCovered) console.log(`- ${operation}: not exercised (${reason})`);
  console.log(
    `Conformance: ${outcome.records.size} operations, ${failed} failing, ${outcome.notCovered.length} not exercised ` +
      `(${outcome.seconds.toFixed(1)} s). Report: ${values.report}; JUnit: ${values.junit}`,
  );
  process.exit(failed ? 1 : 0);
}
