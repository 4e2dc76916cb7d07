/**
 * `npm run lighthouse:fresh`: Lighthouse as someone else gets it. It clones this repository's
 * committed HEAD (or `--ref <commit>`) into a temporary folder, installs it with `npm ci`, builds
 * it, starts it as the README says (`npm start`: demo mode, its own data folder), and runs each of
 * `npm run lighthouse`'s pages three times (`--runs N`) at mobile and desktop settings. It prints
 * per page the median of the runs (score, FCP, LCP, TBT, speed index), the machine's load average
 * when each run started, and Lighthouse's own measure of the CPU (`bench`, its benchmarkIndex),
 * then the budgets it checks. A score depends on the machine: compare tables only with their
 * load and bench columns.
 *
 * `node scripts/lighthouse-fresh.ts [page…] [mobile|desktop] [--runs N] [--ref <commit>] [--here]`
 * (`--here` measures this checkout's own build instead of a clone: quicker while working.)
 * Exits non-zero when a median misses its budget.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_MISSING_MESSAGE, chromiumIsInstalled } from '../tests/e2e/chromium.ts';
import { freePort } from '../tests/support/free-port.ts';
import { ROOT, toolEnv } from './lib.ts';
import {
  audit,
  chosen,
  FIGURE_COLUMNS,
  figures,
  formatFigure,
  median,
  sessions,
  targets,
  type Figures,
  type FormFactor,
} from './lighthouse-run.ts';

/** The issue's bar: a phone's median ≥ 0.90 with LCP ≤ 2.5 s and TBT ≤ 200 ms; a desktop ≥ 0.95. */
const BUDGET = {
  mobile: { score: 0.9, LCP: 2500, TBT: 200 },
  desktop: { score: 0.95, LCP: Number.POSITIVE_INFINITY, TBT: Number.POSITIVE_INFINITY },
} as const;

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(flag('--runs') ?? 3);
const ref = flag('--ref') ?? 'HEAD';
const here = args.includes('--here');
const words = args.filter((word, i, all) => !word.startsWith('--') && !all[i - 1]?.match(/^--(runs|ref)$/));
const formFactors = (['mobile', 'desktop'] as const).filter(
  (f) => (!words.includes('mobile') && !words.includes('desktop')) || words.includes(f),
);

if (!chromiumIsInstalled()) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}

function step(command: string, commandArgs: string[], cwd: string): void {
  console.log(`\n$ ${command} ${commandArgs.join(' ')}   (in ${cwd})`);
  // The clone's own node_modules/.bin first: its pinned Node runs its scripts, as npm would.
  const env = { ...toolEnv(), PATH: `${path.join(cwd, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

const work = mkdtempSync(path.join(tmpdir(), 'lamp-fresh-'));
let checkout = ROOT;
if (!here) {
  checkout = path.join(work, 'lamp');
  const commit = spawnSync('git', ['rev-parse', ref], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  step('git', ['clone', '--quiet', '--no-local', ROOT, checkout], work);
  step('git', ['checkout', '--quiet', commit], checkout);
  step('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], checkout);
  step('npm', ['run', 'build'], checkout);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`\nStarting it as the README does (npm start) on ${base}…`);
const server = spawn('npm', ['start'], {
  cwd: checkout,
  env: {
    ...toolEnv(),
    PATH: `${path.join(checkout, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    LAMP_DATA_DIR: path.join(work, 'data'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-(server.pid ?? 0), 'SIGTERM');
  } catch {
    // already gone
  }
};
const results: Record<string, Partial<Record<FormFactor, Figures[]>>> = {};
const OUT_DIR = path.join(ROOT, 'test-results', 'lighthouse-fresh');
let failed = false;
try {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start stopped (exit code ${server.exitCode})`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`No answer from ${base}/api/health`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const pages = chosen(await targets(base), words);
  const cookieOf = sessions(base);
  // Runs interleave pages and form factors, so a busy spell does not fall on one page's runs.
  for (let run = 1; run <= runs; run++) {
    for (const formFactor of formFactors) {
      for (const target of pages) {
        const load = loadavg()[0] ?? 0;
        const result = await audit(base, target, formFactor, cookieOf);
        mkdirSync(OUT_DIR, { recursive: true });
        writeFileSync(path.join(OUT_DIR, `${target.name}-${formFactor}-${run}.html`), String(result.report));
        const row = figures(result, load);
        ((results[target.name] ??= {})[formFactor] ??= []).push(row);
        console.log(
          `run ${run} ${target.name} ${formFactor}: ${row.score.toFixed(2)}, LCP ${row.LCP.toFixed(0)} ms, TBT ${row.TBT.toFixed(0)} ms, load ${load.toFixed(1)}, bench ${row.bench.toFixed(0)}`,
        );
      }
    }
  }
} finally {
  stopServer();
  rmSync(work, { recursive: true, force: true });
}

const lines = [
  `| page | form factor | ${FIGURE_COLUMNS.join(' | ')} | budget |`,
  `|${'---|'.repeat(FIGURE_COLUMNS.length + 3)}`,
];
for (const [page, byFactor] of Object.entries(results)) {
  for (const formFactor of formFactors) {
    const rows = byFactor[formFactor];
    if (!rows) continue;
    const med = (c: (typeof FIGURE_COLUMNS)[number]) => median(rows.map((r) => r[c]));
    const budget = BUDGET[formFactor];
    const misses = [
      med('score') < budget.score ? `score < ${budget.score}` : '',
      med('LCP') > budget.LCP ? `LCP > ${budget.LCP} ms` : '',
      med('TBT') > budget.TBT ? `TBT > ${budget.TBT} ms` : '',
    ].filter(Boolean);
    // The login page is held to the score only: it is no app page.
    failed ||= misses.length > 0 && (page !== 'login' || med('score') < budget.score);
    const cells = FIGURE_COLUMNS.map((c) => formatFigure(c, med(c)));
    lines.push(`| ${page} | ${formFactor} | ${cells.join(' | ')} | ${misses.join(', ') || 'met'} |`);
  }
}
console.log(
  `\n${here ? 'This checkout' : `A fresh clone of ${ref}`}, median of ${runs} runs, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}):\n${lines.join('\n')}`,
);
console.log('\nBudgets: mobile ≥ 0.90 with LCP ≤ 2.5 s and TBT ≤ 200 ms; desktop ≥ 0.95. Reports: ' + OUT_DIR);
if (failed) process.exit(1);
