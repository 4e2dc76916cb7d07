/**
 * `npm run bench:store`: what a write costs as the data grows. Two
 * file-backed servers side by side, the demo data and a generated set of STORE_SCALE (100,000)
 * measurements, each in a fresh data directory; for each: the first start (seeding and writing
 * the store), STORE_CREATES sequential creates (a domain list each, alternating between the two
 * servers, so a drift of this shared machine hits both alike), the resident memory, and a restart
 * on what the creates left (replaying them) with its memory after a few more creates.
 *
 * Budgets: at the large scale a create's median under 50 ms and under 3× the demo's median;
 * memory under 500 MB; a start under 15 s.
 *
 * STORE_ROOT runs another checkout's server (to measure the store from before a change).
 * Not part of `npm test`: run it with `nice -n 10` and note the machine's load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { envNumber, median, NORTHWIND, percentile, rssMb, signIn, startLamp, type Server } from './harness.ts';

const SCALE = envNumber('STORE_SCALE', 100_000);
const CREATES = envNumber('STORE_CREATES', 40);
const ROOT = process.env.STORE_ROOT ?? path.resolve(import.meta.dirname, '../..');
const MEDIAN_BUDGET_MS = 50;
const RATIO_BUDGET = 3;
const MEMORY_BUDGET_MB = 500;
const START_BUDGET_MS = 15_000;

interface Subject {
  label: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  server?: Server;
  cookie?: string;
  startMs?: number;
  restartMs?: number;
  rssMb?: number;
  restartRssMb?: number;
  creates: number[];
}

async function start(subject: Subject): Promise<number> {
  const started = performance.now();
  subject.server = await startLamp({ ...subject.env, LAMP_DATA_DIR: subject.dataDir }, ROOT);
  return performance.now() - started;
}

async function stop(subject: Subject) {
  const child = subject.server?.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function create(subject: Subject, n: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${subject.server!.base}/api/v1/domain-list`, {
    method: 'POST',
    headers: { cookie: subject.cookie!, 'content-type': 'application/json' },
    body: JSON.stringify({ account: NORTHWIND, name: `Bench ${n}`, type: 'allow', domains: ['example.com'] }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`${subject.label}: a create answered ${response.status}`);
  return performance.now() - started;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const subjects: Subject[] = [
  { label: 'demo', env: {}, dataDir: mkdtempSync(path.join(tmpdir(), 'lamp-store-demo-')), creates: [] },
  {
    label: `${SCALE} measurements`,
    env: { LAMP_FIXTURE_SCALE: String(SCALE) },
    dataDir: mkdtempSync(path.join(tmpdir(), 'lamp-store-large-')),
    creates: [],
  },
];

console.log(`bench:store on ${ROOT}; load average ${load()}`);
try {
  for (const subject of subjects) {
    subject.startMs = await start(subject);
    subject.cookie = await signIn(subject.server!.base, 'writer@northwind.test');
  }
  // A warm-up create each (the route's first run, the file's first append).
  for (const subject of subjects) await create(subject, 0);
  for (let n = 1; n <= CREATES; n += 1) for (const subject of subjects) subject.creates.push(await create(subject, n));
  for (const subject of subjects) {
    subject.rssMb = rssMb(subject.server!.child.pid);
    await stop(subject);
    subject.restartMs = await start(subject);
    // The memory of a server that started on the data file (what a long-running server holds).
    subject.cookie = await signIn(subject.server!.base, 'writer@northwind.test');
    for (let n = 1; n <= 5; n += 1) await create(subject, CREATES + n);
    subject.restartRssMb = rssMb(subject.server!.child.pid);
    await stop(subject);
  }
} finally {
  for (const subject of subjects) {
    await stop(subject);
    rmSync(subject.dataDir, { recursive: true, force: true });
  }
}

const [demo, large] = subjects as [Subject, Subject];
const figures = Object.fromEntries(
  subjects.map((s) => [
    s.label,
    {
      createMs: {
        median: Number(median(s.creates).toFixed(1)),
        p90: Number(percentile(s.creates, 90).toFixed(1)),
        max: Number(Math.max(...s.creates).toFixed(1)),
      },
      firstStartMs: Math.round(s.startMs!),
      restartMs: Math.round(s.restartMs!),
      rssMb: { afterFirstStart: Math.round(s.rssMb!), afterRestart: Math.round(s.restartRssMb!) },
    },
  ]),
);
console.log(JSON.stringify({ creates: CREATES, ...figures, loadAverageAfter: load() }, null, 2));

const largeMedian = median(large.creates);
const ratio = largeMedian / median(demo.creates);
const failures = [
  largeMedian >= MEDIAN_BUDGET_MS && `a create's median at ${large.label} is ${largeMedian.toFixed(1)} ms`,
  ratio >= RATIO_BUDGET && `a create at ${large.label} costs ${ratio.toFixed(1)}× the demo's`,
  Math.max(large.rssMb!, large.restartRssMb!) >= MEMORY_BUDGET_MB &&
    `the server at ${large.label} holds ${Math.round(Math.max(large.rssMb!, large.restartRssMb!))} MB`,
  Math.max(large.startMs!, large.restartMs!) >= START_BUDGET_MS &&
    `a start at ${large.label} takes ${Math.round(Math.max(large.startMs!, large.restartMs!))} ms`,
].filter(Boolean);
if (failures.length) {
  console.error(`bench:store over budget: ${failures.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log(
    `bench:store within budget (median < ${MEDIAN_BUDGET_MS} ms and < ${RATIO_BUDGET}× the demo's, ` +
      `memory < ${MEMORY_BUDGET_MB} MB, start < ${START_BUDGET_MS / 1000} s)`,
  );
}
