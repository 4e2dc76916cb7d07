/**
 * `npm run bench:sandbox`: the budgets of test sandboxes, against a running server in
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
import {
  envNumber,
  interleave,
  median,
  percentile,
  perRoundRatios,
  rssMb,
  signIn,
  spread,
  startLamp,
  type Target,
  MEASUREMENT_PAGE,
  NORTHWIND,
} from './harness.ts';

const SECONDS = envNumber('BENCH_SECONDS', 3);
const ROUNDS = envNumber('BENCH_ROUNDS', 7);

const { base, child } = await startLamp({ LAMP_MAX_SANDBOXES: '200' });

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

const signInTo = (sandbox: string | null) =>
  signIn(base, 'admin@northwind.test', sandbox ? { 'x-lamp-sandbox': sandbox } : {});

/** What a test does in its sandbox: signs in, writes to a few collections, reads lists. */
/** The time of each sandbox's first write to the measurements (it copies that collection's rows). */
const firstWrites = new Map<string | null, number>();

async function use(sandbox: string | null, n: number): Promise<string> {
  const cookie = await signInTo(sandbox);
  await call(sandbox, 'POST', '/api/v1/testing/users', { email: `bench-${n}-${sandbox ?? 'default'}@bench.test` });
  await call(sandbox, 'POST', '/api/v1/testing/outbox/links', { kind: 'login-link', email: 'reader@northwind.test' });
  const { text } = await call(sandbox, 'GET', `/api/v1/measurement?account=${NORTHWIND}&limit=1`, undefined, cookie);
  const first = (JSON.parse(text) as { data: { id: string }[] }).data[0]!;
  const { ms } = await call(
    sandbox,
    'PUT',
    `/api/v1/measurement?id=${first.id}`,
    { name: `Bench flight ${n}` },
    cookie,
  );
  if (!firstWrites.has(sandbox)) firstWrites.set(sandbox, ms);
  for (const path of [
    MEASUREMENT_PAGE,
    `/api/v1/project?account=${NORTHWIND}`,
    `/api/v1/label-value?category.account=${NORTHWIND}`,
  ])
    await call(sandbox, 'GET', path, undefined, cookie);
  return cookie;
}

try {
  const failures: string[] = [];

  // Warm the default state (and the JIT) with the very work a sandbox will do.
  const defaultCookie = await use(null, 0);
  for (let i = 0; i < 3; i += 1) await use(null, 100 + i);
  // The same write once warm, in the default state (no copy): the baseline of a first write.
  const warmWrites: number[] = [];
  for (let i = 0; i < 16; i += 1) {
    firstWrites.delete(null);
    await use(null, 200 + i);
    warmWrites.push(firstWrites.get(null)!);
  }

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
    for (let i = 0; i < 16; i += 1) await call(`mem-${i}`, 'GET', MEASUREMENT_PAGE, undefined, cookies[i]);
  const after = rssMb(child.pid);

  // Resetting a sandbox that wrote to several collections.
  const resets: number[] = [];
  for (let i = 0; i < 16; i += 1) {
    resets.push((await call(`mem-${i}`, 'POST', '/api/v1/testing/reset')).ms);
    await use(`mem-${i}`, 50 + i);
  }

  // A request in a sandbox against one outside, interleaved.
  const targets: Target[] = [
    {
      key: 'outside',
      label: 'list, default state',
      url: `${base}${MEASUREMENT_PAGE}`,
      child,
      headers: { cookie: defaultCookie },
    },
    {
      key: 'inside',
      label: 'list, in a sandbox that wrote',
      url: `${base}${MEASUREMENT_PAGE}`,
      child,
      headers: { cookie: cookies[0]!, 'x-lamp-sandbox': 'mem-0' },
    },
  ];
  const runs = await interleave(targets, { rounds: ROUNDS, seconds: SECONDS });
  const outside = runs.get('outside') ?? [];
  const inside = runs.get('inside') ?? [];
  // The cost of a request: how much slower it is in a sandbox (throughput outside / inside).
  const ratios = perRoundRatios(outside, inside, (f) => f.rps);
  const cpuRatios = perRoundRatios(inside, outside, (f) => f.cpuMicros);

  const fmt = (n: number) => n.toFixed(1);
  console.log('\nSandboxes at the demo fixtures (test mode, one server process)');
  console.log(`  create (first of the process):   ${fmt(firstEver)} ms`);
  console.log(
    `  first use of a sandbox (a password sign-in, 4 writes, 4 lists, copies on write): ${fmt(firstUseMs)} ms`,
  );
  console.log(
    `  create: median ${fmt(median(creates))} ms, p95 ${fmt(percentile(creates, 95))} ms, max ${fmt(Math.max(...creates))} ms (40)`,
  );
  const copying = Array.from({ length: 16 }, (_, i) => firstWrites.get(`mem-${i}`)!);
  console.log(
    `  first write to the measurements in a new sandbox (copies its rows): median ${fmt(median(copying))} ms, max ${fmt(Math.max(...copying))} ms (16); ` +
      `the same write in the default state: median ${fmt(median(warmWrites))} ms`,
  );
  console.log(
    `  reset after writes: median ${fmt(median(resets))} ms, p95 ${fmt(percentile(resets, 95))} ms, max ${fmt(Math.max(...resets))} ms (16)`,
  );
  console.log(
    `  memory: RSS ${fmt(before)} MB → ${fmt(after)} MB with 16 sandboxes in use: +${fmt(after - before)} MB`,
  );
  console.log(
    `  list request: outside ${fmt(median(outside.map((f) => f.rps)))} req/s, in a sandbox ${fmt(median(inside.map((f) => f.rps)))} req/s; ` +
      `cost ratio (sandbox/outside) median ${median(ratios).toFixed(3)}, ${spread(ratios, (r) => r.toFixed(2))}`,
  );
  console.log(
    `  server CPU per request, sandbox/outside: median ${median(cpuRatios).toFixed(3)}, ${spread(cpuRatios, (r) => r.toFixed(2))}`,
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
