/**
 * `npm run bench:sandbox`: the budgets of test sandboxes (issue 16), against a running server in
 * test mode with the demo fixtures (its own process, started here):
 *   - creating a sandbox and resetting one (after it wrote) each take under 50 ms;
 *   - 16 sandboxes in use (each signed in, written to, its lists read) add under 100 MB to the
 *     server's memory (resident set size: an upper bound, garbage included);
 *   - a request in a sandbox costs within 10% of one outside: the measurement list (filtered,
 *     sorted, paged) in a sandbox that wrote to it, against the same list in the default state,
 *     interleaved ROUNDS times, the median of the per-round ratios.
 *
 * Run it on a quiet machine (`heavy -x npm run bench:sandbox`). BENCH_SECONDS (default 3) and
 * BENCH_ROUNDS (default 7) set the throughput runs. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONNECTIONS = 10;
const NORTHWIND = '650000000000000000000003';
const LIST = `/api/v1/measurement?account=${NORTHWIND}&sort=desc(start_date)&limit=25&skip=25`;
const PASSWORD = 'Lamp-Demo-2026!';

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

/** The resident set size of a process, in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? Number.NaN) / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  LAMP_MODE: 'test',
  LAMP_DATA_DIR: '',
  LAMP_SERVE_STATIC: 'false',
  LOG_LEVEL: 'silent',
  LAMP_MAX_SANDBOXES: '200',
};
delete env.LAMP_FIXTURE_SCALE;
const child = spawn(process.execPath, ['server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });

/** A request in a sandbox (null: the default state); returns the response and its time in ms. */
async function call(sandbox: string | null, method: string, path: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = {};
  if (sandbox) headers['x-lamp-sandbox'] = sandbox;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${method} ${path} in ${sandbox ?? 'default'}: ${response.status} ${text}`);
  return { response, text, ms };
}

async function signIn(sandbox: string | null): Promise<string> {
  const { response } = await call(sandbox, 'POST', '/api/v1/auth', {
    email: 'admin@northwind.test',
    password: PASSWORD,
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** What a test does in its sandbox: signs in, writes to a few collections, reads lists. */
async function use(sandbox: string | null, n: number): Promise<string> {
  const cookie = await signIn(sandbox);
  await call(sandbox, 'POST', '/api/v1/testing/users', { email: `bench-${n}-${sandbox ?? 'default'}@bench.test` });
  await call(sandbox, 'POST', '/api/v1/testing/outbox/links', { kind: 'login-link', email: 'reader@northwind.test' });
  const { text } = await call(sandbox, 'GET', `/api/v1/measurement?account=${NORTHWIND}&limit=1`, undefined, cookie);
  const first = (JSON.parse(text) as { data: { id: string }[] }).data[0]!;
  await call(sandbox, 'PUT', `/api/v1/measurement?id=${first.id}`, { name: `Bench flight ${n}` }, cookie);
  for (const path of [
    LIST,
    `/api/v1/project?account=${NORTHWIND}`,
    `/api/v1/label-value?category.account=${NORTHWIND}`,
  ])
    await call(sandbox, 'GET', path, undefined, cookie);
  return cookie;
}

async function throughput(headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url: `${base}${LIST}`, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

try {
  await waitFor(`${base}/api/health`, child);
  const failures: string[] = [];

  // Warm the default state (and the JIT) with the very work a sandbox will do.
  const defaultCookie = await use(null, 0);
  for (let i = 0; i < 3; i += 1) await use(null, 100 + i);

  // Creating: the first request that names a new sandbox (the reset route makes it).
  const firstEver = (await call(null, 'POST', '/api/v1/testing/sandboxes/first/reset')).ms;
  const firstUse = performance.now();
  await use('first', 1);
  const firstUseMs = performance.now() - firstUse;
  const creates: number[] = [];
  for (let i = 0; i < 40; i += 1)
    creates.push((await call(null, 'POST', `/api/v1/testing/sandboxes/create-${i}/reset`)).ms);
  for (let i = 0; i < 40; i += 1) await call(null, 'DELETE', `/api/v1/testing/sandboxes/create-${i}`);

  // Memory: 16 sandboxes in use, after the default state did the same work.
  await call(null, 'DELETE', '/api/v1/testing/sandboxes/first');
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb(child.pid);
  const cookies: string[] = [];
  for (let i = 0; i < 16; i += 1) cookies.push(await use(`mem-${i}`, i));
  // Each sandbox reads its list as a test would, a few times over.
  for (let round = 0; round < 5; round += 1)
    for (let i = 0; i < 16; i += 1) await call(`mem-${i}`, 'GET', LIST, undefined, cookies[i]);
  const after = rssMb(child.pid);

  // Resetting a sandbox that wrote to several collections.
  const resets: number[] = [];
  for (let i = 0; i < 16; i += 1) {
    resets.push((await call(`mem-${i}`, 'POST', '/api/v1/testing/reset')).ms);
    await use(`mem-${i}`, 50 + i);
  }

  // A request in a sandbox against one outside, interleaved.
  const sandboxCookie = cookies[0]!;
  const ratios: number[] = [];
  const outside: number[] = [];
  const inside: number[] = [];
  await throughput({ cookie: defaultCookie });
  await throughput({ cookie: sandboxCookie, 'x-lamp-sandbox': 'mem-0' });
  for (let round = 0; round < ROUNDS; round += 1) {
    const a = await throughput({ cookie: defaultCookie });
    const b = await throughput({ cookie: sandboxCookie, 'x-lamp-sandbox': 'mem-0' });
    outside.push(a);
    inside.push(b);
    ratios.push(a / b);
  }

  const fmt = (n: number) => n.toFixed(1);
  console.log('Sandboxes at the demo fixtures (test mode, one server process)');
  console.log(`  create (first of the process):   ${fmt(firstEver)} ms`);
  console.log(`  first use of a sandbox (sign in, 4 writes, 4 lists, copies on write): ${fmt(firstUseMs)} ms`);
  console.log(
    `  create: median ${fmt(median(creates))} ms, p95 ${fmt(percentile(creates, 95))} ms, max ${fmt(Math.max(...creates))} ms (40)`,
  );
  console.log(
    `  reset after writes: median ${fmt(median(resets))} ms, p95 ${fmt(percentile(resets, 95))} ms, max ${fmt(Math.max(...resets))} ms (16)`,
  );
  console.log(
    `  memory: RSS ${fmt(before)} MB → ${fmt(after)} MB with 16 sandboxes in use: +${fmt(after - before)} MB`,
  );
  console.log(
    `  list request: outside ${fmt(median(outside))} req/s, in a sandbox ${fmt(median(inside))} req/s; ` +
      `cost ratio (sandbox/outside) median ${median(ratios).toFixed(3)} over ${ROUNDS} rounds [${ratios.map((r) => r.toFixed(2)).join(', ')}]`,
  );

  if (Math.max(percentile(creates, 95), firstEver) >= 50) failures.push('creating a sandbox takes 50 ms or more');
  if (percentile(resets, 95) >= 50) failures.push('resetting a sandbox takes 50 ms or more');
  if (after - before >= 100) failures.push('16 sandboxes add 100 MB or more');
  if (median(ratios) > 1.1) failures.push('a request in a sandbox costs more than 10% over one outside');
  if (failures.length) {
    console.log(`OVER BUDGET: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('All sandbox budgets met.');
  }
} finally {
  child.kill();
}
