/**
 * `npm run bench:signin-burst`: does a burst of sign-ins stall the store's writes? (issue 51,
 * finding 8: 40 parallel sign-ins with unknown e-mails from one address held a label create for
 * 15.7 s, because each scrypt took one of libuv's threads, which the store's file writes share.)
 *
 * A server in test mode on a free loopback port with a file-backed store (a temporary
 * LAMP_DATA_DIR, so a write really appends and fsyncs). For each scenario: a label create alone,
 * then 40 parallel sign-ins (unknown e-mails, wrong passwords) and, 300 ms into the burst, a label
 * create by Northwind's admin; the create's latency, and each sign-in's status and latency.
 * Scenarios: the burst from one address, and from 40 addresses (LAMP_TRUST_PROXY, one
 * X-Forwarded-For each: what a shared proxy, or a distributed attack, looks like).
 *
 * `-- --root <dir>` runs another checkout's server (e.g. `git archive 47226ad | tar -x -C dir`,
 * with a node_modules link) to compare with the code from before a change. Prints the machine's
 * cores and load average before and after, since on a shared two-core machine they move every
 * figure. No budget: a report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { median, signIn, startLamp, type Server } from './harness.ts';

const BURST = 40;
const WRITE_DELAY_MS = 300;

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = rootIndex >= 0 ? path.resolve(args[rootIndex + 1] ?? '.') : process.cwd();

interface Timed {
  status: number;
  ms: number;
  retryAfter: string | null;
}

async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get('retry-after') };
}

let created = 0;
function createLabel(server: Server, cookie: string): Promise<Timed> {
  created += 1;
  return timed(`${server.base}/api/v1/label-category`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Burst bench ${created} ${Date.now()}`, account: ACCOUNT_IDS.northwind }),
  });
}

function attempt(server: Server, i: number, address: string | null): Promise<Timed> {
  return timed(`${server.base}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ email: `nobody-${i}-${Date.now()}@burst.test`, password: 'not the password' }),
  });
}

const round = (ms: number) => Math.round(ms);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function scenario(name: string, manyAddresses: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-signin-burst-'));
  const server = await startLamp(
    { LAMP_DATA_DIR: dataDir, ...(manyAddresses ? { LAMP_TRUST_PROXY: 'true' } : {}) },
    root,
  );
  try {
    const cookie = await signIn(server.base, 'admin@northwind.test');
    const quietSignIn = await attempt(server, -1, manyAddresses ? '198.51.100.250' : null);
    const quiet: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const alone = await createLabel(server, cookie);
      if (alone.status !== 201) throw new Error(`a label create answered ${alone.status}`);
      quiet.push(alone.ms);
    }

    const burst = Array.from({ length: BURST }, (_, i) =>
      attempt(server, i, manyAddresses ? `198.51.100.${i + 1}` : null),
    );
    await new Promise((resolve) => setTimeout(resolve, WRITE_DELAY_MS));
    const write = await createLabel(server, cookie);
    const answers = await Promise.all(burst);
    const after = await createLabel(server, cookie);

    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const hashed = answers.filter((answer) => answer.status === 401).map((answer) => answer.ms);
    const refused = answers.filter((answer) => answer.status !== 401);
    console.log(`\n${name}`);
    console.log(`  sign-in alone: ${round(quietSignIn.ms)} ms (${quietSignIn.status})`);
    console.log(`  label create alone: median ${round(median(quiet))} ms of ${quiet.length}`);
    console.log(
      `  label create ${WRITE_DELAY_MS} ms into the burst: ${round(write.ms)} ms (${write.status}); after it: ${round(after.ms)} ms`,
    );
    console.log(
      `  burst answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}; burst took ${round(Math.max(...answers.map((answer) => answer.ms)))} ms`,
    );
    if (hashed.length)
      console.log(
        `  hashed sign-ins (401): median ${round(median(hashed))} ms, slowest ${round(Math.max(...hashed))} ms`,
      );
    if (refused.length)
      console.log(
        `  refused: slowest answer ${round(Math.max(...refused.map((answer) => answer.ms)))} ms, Retry-After ${[...new Set(refused.map((answer) => answer.retryAfter))].join(', ')}`,
      );
  } finally {
    server.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`server: ${root}`);
console.log(`cores: ${availableParallelism()}; load average before: ${load()}`);
await scenario(`${BURST} parallel sign-ins from one address`, false);
await scenario(`${BURST} parallel sign-ins from ${BURST} addresses (X-Forwarded-For)`, true);
console.log(`\nload average after: ${load()}`);
