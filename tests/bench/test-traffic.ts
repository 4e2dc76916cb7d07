/**
 * `npm run bench:test-traffic`: what faults and the request journal cost per request.
 *
 * 1. In this process, the work the hooks do for one request, alone (nanoseconds per request,
 *    median of 5 runs of 200,000 requests each): naming the sandbox, reading Prefer, matching the
 *    sandbox's rules (none, 20 that do not match, 20 whose last one matches a delay-free pass),
 *    and recording the journal entry (a read; a write with a small body, redacted).
 * 2. Over HTTP (autocannon, 10 connections), GET /api/health, the cheapest route, so the overhead
 *    shows most: production mode (no test hooks at all) against test mode with an empty rule set,
 *    and with 20 non-matching rules in a named sandbox. Interleaved rounds, medians; the server's
 *    CPU time per request is the steadiest figure on this shared 2-core machine.
 *
 * BENCH_SECONDS (default 3) and BENCH_ROUNDS (default 5). About a minute and a half. Not part of
 * `npm test`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FaultRules, preferFault } from '../../server/sandbox/faults.ts';
import { Journal, journalBody } from '../../server/sandbox/journal.ts';
import { sandboxNameOf } from '../../server/sandbox/scope.ts';
import { isObservedUrl } from '../../server/plugins/test-traffic.ts';
import { FaultRuleBodySchema } from '../../src/shared/schemas/test-traffic.ts';
import {
  CONNECTIONS,
  envNumber,
  interleave,
  median,
  perRoundRatios,
  startLamp,
  type Server,
  type Target,
} from './harness.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';

const SECONDS = envNumber('BENCH_SECONDS', 3);
const ROUNDS = envNumber('BENCH_ROUNDS', 5);

// --- 1. In process --------------------------------------------------------------------------

function nanosPerCall(work: (i: number) => void, calls = 200_000): number {
  const runs: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i += 1) work(i);
    runs.push(Number(process.hrtime.bigint() - started) / calls);
  }
  return median(runs);
}

const rulesOf = (count: number, lastMatches: boolean) => {
  const rules = new FaultRules();
  for (let i = 0; i < count; i += 1)
    rules.add(
      FaultRuleBodySchema.parse({
        method: 'GET',
        path: lastMatches && i === count - 1 ? '/api/v1/*' : `/api/v1/other-${i}/**`,
        delay: 0,
      }),
    );
  return rules;
};
const request = {
  headers: { 'x-lamp-sandbox': 'bench', cookie: 'lamp_session=abc; lamp_sandbox=other' } as Record<string, string>,
  cookies: { lamp_session: 'abc', lamp_sandbox: 'other' } as Record<string, string>,
};
const noRules = rulesOf(0, false);
const twenty = rulesOf(20, false);
const twentyMatching = rulesOf(20, true);
const journal = new Journal(1000);
const writeBody = { name: 'Spring campaign', account: ACCOUNT_IDS.northwind, budget: 12000, password: 'x' };
const entry = (body: unknown) => ({
  atMs: Date.now(),
  method: 'GET',
  path: '/api/v1/measurement',
  query: { account: ACCOUNT_IDS.northwind, limit: '25' },
  status: 200,
  duration_ms: 1.23,
  body,
  body_size: null,
  fault: null,
  headers: { 'x-lamp-sandbox': 'bench', accept: 'application/json' },
});

console.log('In process, per request (median of 5 × 200,000):');
const micro: [string, (i: number) => void][] = [
  [
    'observed URL + sandbox name (header and cookie)',
    () => void (isObservedUrl('/api/v1/measurement?x=1') && sandboxNameOf(request)),
  ],
  ['Prefer header absent', () => void preferFault(undefined)],
  ['Prefer: lamp-status=503, lamp-delay=20', () => void preferFault('lamp-status=503, lamp-delay=20')],
  ['rules: none', () => void (noRules.size === 0 || noRules.decide('GET', '/api/v1/measurement'))],
  ['rules: 20, none matching', () => void twenty.decide('GET', '/api/v1/measurement')],
  ['rules: 20, the newest matching', () => void twentyMatching.decide('GET', '/api/v1/measurement')],
  ['journal entry of a read', () => journal.record(entry(null))],
  ['journal entry of a write (small body, redacted)', () => journal.record(entry(journalBody(writeBody, 120)))],
];
for (const [label, work] of micro) console.log(`  ${label.padEnd(50)} ${nanosPerCall(work).toFixed(0).padStart(6)} ns`);

// --- 2. Over HTTP ---------------------------------------------------------------------------

/** A LAMP server in a mode: production needs its secrets and a data directory. */
function startIn(mode: 'test' | 'production'): Promise<Server> {
  if (mode === 'test') return startLamp();
  const secret = 'b'.repeat(40);
  return startLamp({
    LAMP_MODE: 'production',
    LAMP_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lamp-bench-')),
    SESSION_SECRET: secret,
    LINK_SECRET: secret,
    // Required in production: the base of e-mailed links, which the health route never writes.
    LAMP_PUBLIC_URL: 'http://127.0.0.1',
  });
}

const children: Server['child'][] = [];
try {
  const production = await startIn('production');
  children.push(production.child);
  const test = await startIn('test');
  children.push(test.child);
  for (let i = 0; i < 20; i += 1) {
    const added = await fetch(`${test.base}/api/v1/testing/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lamp-sandbox': 'bench-rules' },
      body: JSON.stringify({ path: `/api/v1/nothing-${i}/**`, status: 500 }),
    });
    if (added.status !== 201) throw new Error(`adding a rule: ${added.status}`);
  }
  const health = (server: Server, key: string, label: string, headers: Record<string, string> = {}): Target => ({
    key,
    label,
    url: `${server.base}/api/health`,
    child: server.child,
    headers,
  });
  const targets = [
    health(production, 'production', 'production (no test hooks)'),
    health(test, 'test', 'test, journal on, no rules'),
    health(test, 'rules', 'test, sandbox with 20 rules', { 'x-lamp-sandbox': 'bench-rules' }),
  ];
  console.log(`\nOver HTTP: GET /api/health, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
  const runs = await interleave(targets, { rounds: ROUNDS, seconds: SECONDS });
  const baseline = runs.get('production') ?? [];
  console.log('\nAgainst production, median of the per-round ratios');
  for (const target of targets.slice(1)) {
    const figures = runs.get(target.key) ?? [];
    const throughput = median(perRoundRatios(figures, baseline, (f) => f.rps));
    const cpu = median(perRoundRatios(figures, baseline, (f) => f.cpuMicros));
    console.log(
      `  ${target.label.padEnd(34)} throughput ${(throughput * 100).toFixed(0)}% of production, server CPU per request ${(cpu * 100).toFixed(0)}%`,
    );
  }
  const journalled = (await (await fetch(`${test.base}/api/v1/testing/journal/count`)).json()) as { count: number };
  console.log(`\n(the default sandbox's journal holds ${journalled.count} entries: bounded)`);
} finally {
  for (const child of children) child.kill();
}
