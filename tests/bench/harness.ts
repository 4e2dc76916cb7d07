/**
 * What the server benchmarks share (bench:api, bench:sandbox, bench:test-traffic): a LAMP server
 * in its own process, the timing loop (a warm-up, then autocannon with the server's CPU time per
 * request), rounds interleaved across targets, and medians.
 *
 * Interleaving is the point: this machine is a small shared VM whose speed drifts with its host
 * and its neighbours, so targets are compared round by round (each round runs every target back
 * to back), and a budget takes the median of the per-round ratios, not a ratio of two runs made
 * minutes apart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { freePort } from '../support/free-port.ts';
import autocannon from 'autocannon';
import { CHROMIUM_ACCEPT_ENCODING } from '../support/browser-headers.ts';

export const CONNECTIONS = 10;

/**
 * What Chromium sends with every request and a benchmark sends too: the server answers a client
 * that takes brotli with brotli (server/plugins/compression.ts), as it does a browser.
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING };

/** The demo account the benchmarks read from, and the measurement list page they time. */
export const NORTHWIND = ACCOUNT_IDS.northwind;
export const MEASUREMENT_PAGE = `/api/v1/measurement?account=${NORTHWIND}&sort=desc(start_date)&limit=25&skip=25`;

/** A number from the environment (BENCH_SECONDS, BENCH_ROUNDS), or the benchmark's default. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export { freePort };

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 600_000): Promise<void> {
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

export interface Server {
  base: string;
  child: ChildProcess;
}

/**
 * A LAMP server (server/main.ts) on a free port, API only, silent, in test mode with an in-memory
 * store unless `env` says otherwise; resolves once it answers /api/health. LAMP_FIXTURE_SCALE is
 * taken from `env` only, never from the caller's environment. `root` runs another checkout's
 * server (to compare with a version from before a change).
 */
export async function startLamp(env: NodeJS.ProcessEnv = {}, root = process.cwd()): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  delete inherited.LAMP_FIXTURE_SCALE;
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      LAMP_MODE: 'test',
      LAMP_DATA_DIR: '',
      LAMP_SERVE_STATIC: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/health`, child);
  } catch (error) {
    child.kill();
    throw error;
  }
  return { base, child };
}

/** Signs a persona in (the demo password); returns the session cookie for a `cookie` header. */
export async function signIn(base: string, email: string, headers: Record<string, string> = {}): Promise<string> {
  const login = await fetch(`${base}/api/v1/auth`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Lamp-Demo-2026!' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!login.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${login.status} ${await login.text()}`);
  return cookie;
}

/** User + system CPU time of a process so far, in µs (Linux /proc; clock ticks of 10 ms). */
export function cpuTime(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

/** The resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? Number.NaN) / 1024;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export interface Figures {
  rps: number;
  mean: number;
  p99: number;
  /** The server process's CPU time (user + system) per request, in µs. */
  cpuMicros: number;
  /**
   * The load generator's (autocannon, in this process) CPU time per request, in µs. Client and
   * server share this machine's cores, so a response that is dearer to read (autocannon decodes
   * every body to a string) lowers the throughput with no change in the server.
   */
  clientMicros: number;
}

export interface Target {
  key: string;
  label: string;
  url: string;
  /** The server process, for its CPU time. */
  child: ChildProcess;
  headers?: Record<string, string>;
}

/**
 * One timed run against a target: a one-second warm-up (caches, the JIT), then `seconds` of
 * autocannon at CONNECTIONS. Any non-2xx answer or error fails the benchmark: a fast 4xx is not
 * a figure.
 */
export async function measure(target: Target, seconds: number): Promise<Figures> {
  const { url, child } = target;
  const headers = { ...BROWSER_HEADERS, ...target.headers };
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const cpuBefore = cpuTime(child.pid);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const cpu = cpuTime(child.pid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    mean: result.latency.average,
    p99: result.latency.p99,
    cpuMicros: cpu / result.requests.total,
    clientMicros: (client.user + client.system) / result.requests.total,
  };
}

const figuresLine = (label: string, f: Figures) =>
  `  ${label.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   latency mean ${f.mean.toFixed(2)} ms, p99 ${f.p99} ms   CPU per request: server ${f.cpuMicros.toFixed(0)} µs, client ${f.clientMicros.toFixed(0)} µs`;

/**
 * Every target once per round, in order, for `rounds` rounds; prints each run and then the
 * medians. Returns each target's runs by key, in round order (so run i of two targets were made
 * back to back, for per-round ratios).
 */
export async function interleave(
  targets: readonly Target[],
  { rounds, seconds }: { rounds: number; seconds: number },
): Promise<Map<string, Figures[]>> {
  const runs = new Map<string, Figures[]>(targets.map((target) => [target.key, []]));
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`\nRound ${round} of ${rounds}`);
    for (const target of targets) {
      const figures = await measure(target, seconds);
      runs.get(target.key)?.push(figures);
      console.log(figuresLine(target.label, figures));
    }
  }
  console.log('\nMedians');
  for (const target of targets) {
    const figures = runs.get(target.key) ?? [];
    const of = (pick: (f: Figures) => number) => median(figures.map(pick));
    console.log(
      figuresLine(target.label, {
        rps: of((f) => f.rps),
        mean: of((f) => f.mean),
        p99: of((f) => f.p99),
        cpuMicros: of((f) => f.cpuMicros),
        clientMicros: of((f) => f.clientMicros),
      }),
    );
  }
  return runs;
}

/** The per-round ratios of one figure of two targets' runs (a / b), e.g. throughputs. */
export function perRoundRatios(a: readonly Figures[], b: readonly Figures[], pick: (f: Figures) => number): number[] {
  return a.map((figures, i) => pick(figures) / pick(b[i] as Figures));
}

/** "rounds from 0.95 to 1.08". */
export function spread(values: readonly number[], format: (value: number) => string): string {
  return `rounds from ${format(Math.min(...values))} to ${format(Math.max(...values))}`;
}
