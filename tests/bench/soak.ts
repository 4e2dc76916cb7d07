/**
 * `npm run bench:soak`: the file-backed server with the demo data under
 * SOAK_CONNECTIONS (100) connections of mixed reads and writes for SOAK_SECONDS (30). Each
 * connection repeats: three list reads, one single-row read, one create (a domain list: a line of
 * the change log each). Reports requests/s, writes/s, latency percentiles, errors and the disk
 * writes the store made (group commit: fewer than the writes), then stops the server and checks
 * that every acknowledged create is in the data file. Budget: 0 errors, none lost, p99 < 250 ms.
 *
 * SOAK_SCALE runs on a generated set of that many measurements (LAMP_FIXTURE_SCALE) instead of the
 * demo data. SOAK_ROOT runs another checkout's server (to measure a version from before group commit).
 * Not part of `npm test`; run it with `heavy -x` on a quiet machine.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { readStore } from '../../server/store/store-file.ts';
import { NORTHWIND, signIn, startLamp } from './harness.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const ROOT = process.env.SOAK_ROOT ?? path.resolve(import.meta.dirname, '../..');
const P99_BUDGET_MS = 250;
const SCALE = process.env.SOAK_SCALE;

const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-soak-'));
const { base, child: server } = await startLamp(
  { LAMP_DATA_DIR: dataDir, ...(SCALE ? { LAMP_FIXTURE_SCALE: SCALE } : {}) },
  ROOT,
);
const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
const cookie = await signIn(base, 'writer@northwind.test');
const first = (await (
  await fetch(`${base}/api/v1/measurement?account=${NORTHWIND}&limit=1`, { headers: { cookie } })
).json()) as { data: { id: string }[] };
const measurementId = first.data[0]?.id;

const headers = { cookie, 'content-type': 'application/json' };
// Warm-up: each list's first request sorts the collection once (100k rows at the large scale) and
// caches the order; the soak measures the server's steady state, not that one-off.
for (const url of [
  `/api/v1/measurement?account=${NORTHWIND}&sort=desc(start_date)&limit=25`,
  `/api/v1/measurement?account=${NORTHWIND}&sort=asc(name)&limit=25&skip=25`,
  `/api/v1/domain-list?account=${NORTHWIND}&limit=25`,
]) {
  await (await fetch(`${base}${url}`, { headers })).arrayBuffer();
}
let created = 0;
const result = await autocannon({
  url: base,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests: [
    { method: 'GET', path: `/api/v1/measurement?account=${NORTHWIND}&sort=desc(start_date)&limit=25`, headers },
    { method: 'GET', path: `/api/v1/measurement?account=${NORTHWIND}&sort=asc(name)&limit=25&skip=25`, headers },
    { method: 'GET', path: `/api/v1/domain-list?account=${NORTHWIND}&limit=25`, headers },
    { method: 'GET', path: `/api/v1/measurement?id=${measurementId}`, headers },
    {
      method: 'POST',
      path: '/api/v1/domain-list',
      headers,
      setupRequest: (request) => {
        created += 1;
        return {
          ...request,
          body: JSON.stringify({
            account: NORTHWIND,
            name: `Soak ${created}`,
            type: 'allow',
            domains: ['example.com'],
          }),
        };
      },
    },
  ],
});

const acknowledged = result.statusCodeStats['201']?.count ?? 0;
server.kill('SIGTERM');
await exited;
// As the next start reads it: the snapshot and its change log.
const document = (await readStore<{
  collections: Record<string, { id: string; name: string }[]>;
  seed: { changed: boolean };
}>(path.join(dataDir, 'lamp.json')))!;
const stored = (document.collections['domain-list'] ?? []).filter((row) => row.name.startsWith('Soak ')).length;
const errors = result.errors + result.timeouts + result.non2xx;
const figures = {
  scale: SCALE ?? 'demo',
  connections: CONNECTIONS,
  seconds: SECONDS,
  requests: result.requests.total,
  requestsPerSecond: Math.round(result.requests.average),
  writesPerSecond: Math.round(acknowledged / SECONDS),
  acknowledgedWrites: acknowledged,
  writesInFile: stored,
  lost: Math.max(0, acknowledged - stored),
  errors,
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
};
console.log(JSON.stringify(figures, null, 2));
const failures = [
  errors > 0 && `${errors} errors`,
  figures.lost > 0 && `${figures.lost} acknowledged writes lost`,
  result.latency.p99 >= P99_BUDGET_MS && `p99 ${result.latency.p99} ms (budget ${P99_BUDGET_MS} ms)`,
].filter(Boolean);
if (failures.length) {
  console.error(`bench:soak over budget: ${failures.join(', ')}`);
  process.exitCode = 1;
} else console.log(`bench:soak within budget (0 errors, none lost, p99 < ${P99_BUDGET_MS} ms)`);
