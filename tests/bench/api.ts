/**
 * `npm run bench:api`: the measurement list (filtered by account, sorted, paged by 25) against a
 * running server with the demo fixtures, 10,000 and 100,000 measurements, and a bare Fastify
 * hello-world on the same machine as the ceiling. Prints req/s and latency and checks the budgets:
 *   - at ≥100k measurements the list runs at ≥40% of hello-world's throughput;
 *   - ten times more data (10k → 100k) costs less than twice the latency (indexes, not scans).
 * Each server runs in its own process (started here), autocannon in this one.
 * BENCH_SECONDS (default 8) sets each run's length. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const NORTHWIND = '650000000000000000000003';
const LIST = `/api/v1/measurement?account=${NORTHWIND}&sort=desc(start_date)&limit=25&skip=25`;

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

async function waitFor(url: string, child: ChildProcess, timeoutMs = 600_000) {
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

async function startLamp(scale: number | null) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LAMP_MODE: 'test',
    LAMP_DATA_DIR: '',
    LAMP_SERVE_STATIC: 'false',
    LOG_LEVEL: 'silent',
  };
  if (scale) env.LAMP_FIXTURE_SCALE = String(scale);
  else delete env.LAMP_FIXTURE_SCALE;
  const child = spawn(process.execPath, ['server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  const login = await fetch(`${base}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@northwind.test', password: 'Lamp-Demo-2026!' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const check = await fetch(`${base}${LIST}`, { headers: { cookie } });
  const body = (await check.json()) as { data: unknown[]; count: number };
  if (!check.ok || body.data.length !== 25) throw new Error(`list failed: ${check.status}`);
  return { base, cookie, child, count: body.count };
}

function startHello(): Promise<{ base: string; child: ChildProcess }> {
  return freePort().then(async (port) => {
    const code = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/`, child);
    return { base, child };
  });
}

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up fills the sorted-order cache and JIT.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const figures = {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
  };
  console.log(
    `${label.padEnd(34)} ${figures.rps.toFixed(0).padStart(7)} req/s   latency mean ${figures.mean.toFixed(2)} ms, p50 ${figures.p50} ms, p99 ${figures.p99} ms`,
  );
  return figures;
}

const results: Record<string, Figures> = {};
const hello = await startHello();
try {
  results.hello = await measure('hello-world (ceiling)', `${hello.base}/`);
} finally {
  hello.child.kill();
}
for (const [key, scale] of [
  ['demo', null],
  ['10k', 10_000],
  ['100k', 100_000],
] as const) {
  const started = performance.now();
  const server = await startLamp(scale);
  console.log(
    `(${key}: server up in ${Math.round(performance.now() - started)} ms; Northwind has ${server.count} measurements)`,
  );
  try {
    results[key] = await measure(`measurement list, ${key}`, `${server.base}${LIST}`, { cookie: server.cookie });
  } finally {
    server.child.kill();
  }
}

const ratio = (results['100k']?.rps ?? 0) / (results.hello?.rps ?? 1);
const growth = (results['100k']?.mean ?? 0) / (results['10k']?.mean ?? 1);
const throughputOk = ratio >= 0.4;
const growthOk = growth < 2;
console.log(
  `\nBudget: 100k list at ${(ratio * 100).toFixed(0)}% of hello-world (needs ≥40%): ${throughputOk ? 'PASS' : 'FAIL'}`,
);
console.log(`Budget: 10× data costs ${growth.toFixed(2)}× the mean latency (needs <2×): ${growthOk ? 'PASS' : 'FAIL'}`);
process.exit(throughputOk && growthOk ? 0 : 1);
