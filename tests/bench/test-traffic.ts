/**
 * `npm run bench:test-traffic`: what faults and the request journal (issue 16) cost per request.
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
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import { FaultRules, preferFault } from '../../server/sandbox/faults.ts';
import { Journal, journalBody } from '../../server/sandbox/journal.ts';
import { sandboxNameOf } from '../../server/sandbox/scope.ts';
import { isObservedUrl } from '../../server/plugins/test-traffic.ts';
import { FaultRuleBodySchema } from '../../src/shared/schemas/test-traffic.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 10;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

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
};
const noRules = rulesOf(0, false);
const twenty = rulesOf(20, false);
const twentyMatching = rulesOf(20, true);
const journal = new Journal(1000);
const writeBody = { name: 'Spring campaign', account: '650000000000000000000003', budget: 12000, password: 'x' };
const entry = (body: unknown) => ({
  atMs: Date.now(),
  method: 'GET',
  path: '/api/v1/measurement',
  query: { account: '650000000000000000000003', limit: '25' },
  status: 200,
  duration_ms: 1.23,
  body,
  body_size: null,
  fault: null,
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

async function startLamp(mode: 'test' | 'production') {
  const port = await freePort();
  const secret = 'b'.repeat(40);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LAMP_MODE: mode,
    LAMP_DATA_DIR: mode === 'production' ? mkdtempSync(path.join(tmpdir(), 'lamp-bench-')) : '',
    LAMP_SERVE_STATIC: 'false',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: secret,
    LINK_SECRET: secret,
    LAMP_PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  delete env.LAMP_FIXTURE_SCALE;
  const child = spawn(process.execPath, ['server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return { base, child };
}

function cpuTime(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

interface Figures {
  rps: number;
  mean: number;
  cpuMicros: number;
}

async function measure(url: string, child: ChildProcess, headers: Record<string, string>): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const cpuBefore = cpuTime(child.pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    mean: result.latency.average,
    cpuMicros: (cpuTime(child.pid) - cpuBefore) / result.requests.total,
  };
}

const children: ChildProcess[] = [];
try {
  const production = await startLamp('production');
  const test = await startLamp('test');
  children.push(production.child, test.child);
  for (let i = 0; i < 20; i += 1) {
    const added = await fetch(`${test.base}/api/v1/testing/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lamp-sandbox': 'bench-rules' },
      body: JSON.stringify({ path: `/api/v1/nothing-${i}/**`, status: 500 }),
    });
    if (added.status !== 201) throw new Error(`adding a rule: ${added.status}`);
  }
  const targets: { label: string; base: string; child: ChildProcess; headers: Record<string, string> }[] = [
    { label: 'production (no test hooks)', base: production.base, child: production.child, headers: {} },
    { label: 'test, journal on, no rules', base: test.base, child: test.child, headers: {} },
    {
      label: 'test, sandbox with 20 rules',
      base: test.base,
      child: test.child,
      headers: { 'x-lamp-sandbox': 'bench-rules' },
    },
  ];
  const runs = targets.map(() => [] as Figures[]);
  console.log(`\nOver HTTP: GET /api/health, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) {
      const figures = await measure(`${target.base}/api/health`, target.child, target.headers);
      runs[index]?.push(figures);
      console.log(
        `  round ${round}  ${target.label.padEnd(30)} ${figures.rps.toFixed(0).padStart(6)} req/s  mean ${figures.mean.toFixed(2)} ms  server CPU ${figures.cpuMicros.toFixed(0)} µs/request`,
      );
    }
  }
  console.log('\nMedians');
  const base = runs[0] ?? [];
  for (const [index, target] of targets.entries()) {
    const figures = runs[index] ?? [];
    const cpu = median(figures.map((f) => f.cpuMicros));
    const ratio = median(figures.map((f, i) => f.rps / (base[i]?.rps ?? Number.NaN)));
    console.log(
      `  ${target.label.padEnd(30)} ${median(figures.map((f) => f.rps))
        .toFixed(0)
        .padStart(
          6,
        )} req/s (${(ratio * 100).toFixed(0)}% of production, per-round ratio)  server CPU ${cpu.toFixed(0)} µs/request`,
    );
  }
  const journalled = (await (await fetch(`${test.base}/api/v1/testing/journal/count`)).json()) as { count: number };
  console.log(`\n(the default sandbox's journal holds ${journalled.count} entries: bounded)`);
} finally {
  for (const child of children) child.kill();
}
