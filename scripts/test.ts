/**
 * `npm test`: every check the project has, in order: typecheck, lint, format, unused code and
 * unlisted packages (knip, `knip.jsonc`), the front-end build and its first-load JavaScript against
 * budgets (scripts/size.ts), unit and API tests (Vitest), the API contract (tests/contract: every
 * operation through Prism's validating proxy, counted per operation), the document (lint, a
 * generated client), generated input (Schemathesis, tests/contract/generated.ts), the outside
 * team's example suite (examples/outside-team), browser tests (Playwright in a system Chromium),
 * and the demo container (scripts/container/check.ts, with podman, counted per check).
 * Every step runs even when an earlier one fails, so one run shows everything that is wrong;
 * the last line is the totals, `N passed, N failed`, over all runners (a check counts as one).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_MISSING_MESSAGE, chromiumIsInstalled } from '../tests/e2e/chromium.ts';
import { findPodman } from './container/podman.ts';
import { ROOT, run, runBuffered, toolEnv } from './lib.ts';

interface Outcome {
  name: string;
  passed: number;
  failed: number;
  note?: string;
  /** Wall time of the step, so a slow run shows which step grew. */
  seconds?: number;
}

const reports = mkdtempSync(path.join(tmpdir(), 'lamp-test-'));
const outcomes: Outcome[] = [];
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

/** Times a step and stamps its outcome (the one the step pushed last) with the seconds it took. */
function timed(step: () => void) {
  const started = performance.now();
  const before = outcomes.length;
  step();
  const outcome = outcomes.length > before ? outcomes.at(-1) : undefined;
  if (outcome) outcome.seconds = Math.round((performance.now() - started) / 1000);
}

function check(name: string, command: string, args: string[]) {
  if (!wanted(name)) return;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  timed(() => {
    const ok = run(command, args) === 0;
    outcomes.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  });
}

/**
 * Checks that read the sources and write nothing run side by side: each is mostly one thread, so
 * on two cores the four take about as long as the typecheck alone. Their outputs print in order.
 */
async function checksSideBySide(checks: [name: string, command: string, args: string[]][]) {
  const chosen = checks.filter(([name]) => wanted(name));
  const results = await Promise.all(
    chosen.map(async ([name, command, args]) => {
      const started = performance.now();
      const { code, output } = await runBuffered(command, args);
      return { name, command, args, code, output, seconds: Math.round((performance.now() - started) / 1000) };
    }),
  );
  for (const { name, command, args, code, output, seconds } of results) {
    console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
    if (output) process.stdout.write(output);
    outcomes.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds });
  }
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

/**
 * The container step's images (the stand-in base and the Dockerfile's build: downloads, mostly,
 * and minutes on a fresh machine) are built in the background from the start, at a low priority
 * (nice 10) so the other steps keep the CPU; its checks, which time the container's start, run
 * last, on a quieter machine, and find the images built. Its output goes to a file, printed with
 * the step.
 */
// The check needs podman, as root (debootstrap, and host folders owned by 1000:1000 and by root).
const containerUnable =
  findPodman() === null
    ? 'podman is not on the PATH (apt-get install podman runc debootstrap; .ci/run does)'
    : process.getuid?.() !== 0
      ? 'the container check runs podman as root (sudo npm run test:container)'
      : null;
const containerWanted = wanted('container') && containerUnable === null;
const containerBuildLog = path.join(reports, 'container-build.log');
const containerBuild = containerWanted ? buildContainerImages() : null;

function buildContainerImages(): Promise<number> {
  const log = openSync(containerBuildLog, 'w');
  const child = spawn('nice', ['-n', '10', 'node', 'scripts/container/check.ts', '--build-only', '--quiet'], {
    cwd: ROOT,
    env: toolEnv(),
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

await checksSideBySide([
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'eslint', ['--max-warnings', '0', '.']],
  ['format', 'prettier', ['--check', '--log-level', 'warn', '.']],
  // Unused files, exports and dependencies, and imports of packages package.json does not list.
  ['knip', 'knip', ['--no-progress']],
]);
// After the typecheck: both write Astro's generated types (.astro/).
check('build', 'astro', ['build', '--silent']);
// The first-load JavaScript of that build against its budgets (scripts/size.ts).
check('size', 'node', ['scripts/size.ts', '--budgets']);

if (wanted('unit'))
  timed(() => {
    console.log('\n▶ unit and API tests: vitest');
    const file = path.join(reports, 'vitest.json');
    const code = run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    const report = readJson<{ numPassedTests: number; numFailedTests: number }>(file);
    outcomes.push({
      name: 'unit and API tests',
      passed: report?.numPassedTests ?? 0,
      // A crash before any report still counts as a failure.
      failed: report ? report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1,
    });
  });

// The document as its users meet it: Redocly's lint, a client generated with openapi-typescript
// type-checked and run (tests/contract/document.ts).
check('document', 'node', ['tests/contract/document.ts']);

if (wanted('contract'))
  timed(() => {
    console.log('\n▶ API contract: every operation through Prism against /api/openapi.json');
    const file = path.join(reports, 'contract.json');
    const code = run('node', ['tests/contract/contract.ts'], { LAMP_CONTRACT_JSON: file });
    const report = readJson<{ passed: number; failed: number }>(file);
    outcomes.push({
      name: 'API contract',
      passed: report?.passed ?? 0,
      failed: report ? report.failed + (code !== 0 && report.failed === 0 ? 1 : 0) : 1,
    });
  });

// Generated input (tests/contract/generated.ts): Schemathesis from the shared tools folder, its
// fuzzing and stateful phases against a test-mode server; one to three minutes (a time limit of 170 s).
if (wanted('generated'))
  timed(() => {
    console.log('\n▶ generated input: Schemathesis against /api/openapi.json');
    const file = path.join(reports, 'generated.json');
    const code = run('node', ['tests/contract/generated.ts'], { LAMP_GENERATED_JSON: file });
    const report = readJson<{ passed: number; failed: number }>(file);
    outcomes.push({
      name: 'generated input',
      passed: report?.passed ?? 0,
      failed: report ? report.failed + (code !== 0 && report.failed === 0 ? 1 : 0) : 1,
    });
  });

// An outside team's suite on the lamp-testing package, installed from its npm pack tarball
// (examples/outside-team/run.ts): two workers against LAMP in test mode.
check('example', 'node', ['examples/outside-team/run.ts']);

if (wanted('e2e'))
  timed(() => {
    console.log('\n▶ browser tests: playwright');
    if (!chromiumIsInstalled()) {
      console.error(CHROMIUM_MISSING_MESSAGE);
      outcomes.push({ name: 'browser tests', passed: 0, failed: 1, note: 'no Chromium' });
    } else {
      const file = path.join(reports, 'playwright.json');
      const code = run('playwright', ['test'], { LAMP_PLAYWRIGHT_JSON: file });
      const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(file);
      const failed = report ? report.stats.unexpected : 1;
      outcomes.push({
        name: 'browser tests',
        passed: report ? report.stats.expected + report.stats.flaky : 0,
        failed: failed + (code !== 0 && failed === 0 ? 1 : 0),
        // A test that passed only on its retry counts as passed, but the summary says so.
        note: report?.stats.flaky ? `${report.stats.flaky} flaky` : undefined,
      });
    }
  });

if (wanted('container')) {
  const started = performance.now();
  console.log('\n▶ container: podman, scripts/container/check.ts');
  if (!containerBuild) {
    // Never a silent pass: said here and in the summary, and a failure in CI, where podman belongs.
    console.log(`container check skipped: ${containerUnable}`);
    outcomes.push(
      process.env.CI === 'true'
        ? { name: 'container', passed: 0, failed: 1, note: findPodman() ? 'not root' : 'no podman' }
        : { name: 'container', passed: 0, failed: 0, note: `skipped: ${findPodman() ? 'not root' : 'no podman'}` },
    );
  } else {
    const buildCode = await containerBuild;
    // Its own last line says how long it took (this step's time includes waiting for it).
    console.log(`images built in the background (exit ${buildCode}):`);
    process.stdout.write(readFileSync(containerBuildLog, 'utf8'));
    const file = path.join(reports, 'container.json');
    const code = run('node', ['scripts/container/check.ts', '--quiet'], { LAMP_CONTAINER_JSON: file });
    const report = readJson<{ passed: number; failed: number }>(file);
    outcomes.push({
      name: 'container',
      passed: report?.passed ?? 0,
      failed: report ? report.failed + (code !== 0 && report.failed === 0 ? 1 : 0) : 1,
    });
  }
  const last = outcomes.at(-1);
  if (last) last.seconds = Math.round((performance.now() - started) / 1000);
}

console.log('\nSummary');
for (const o of outcomes)
  console.log(
    `  ${o.name.padEnd(20)} ${o.passed} passed, ${o.failed} failed${o.note ? ` (${o.note})` : ''}` +
      (o.seconds === undefined ? '' : `  [${o.seconds} s]`),
  );
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
