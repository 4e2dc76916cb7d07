/**
 * `npm test -- example`: the outside team's suite, run as that team would run it. The
 * lamp-testing package is built (tsc) and packed (`npm pack`); the suite is copied into a
 * temporary folder with nothing of this repository beside it, the tarball is installed there by
 * npm (offline: the package has no dependencies), and Playwright runs it with two workers against
 * LAMP started from this checkout in test mode. Only Playwright itself comes from this
 * repository's node_modules (the team has its own; this machine reaches no registry in CI).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { freePort } from '../../tests/support/free-port.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const PACKAGE = path.join(ROOT, 'packages/lamp-testing');
const started = performance.now();

/** A command in a folder, with this checkout's tools (tsc, playwright) first on the PATH. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = ROOT): number {
  const PATH = `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`;
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env, PATH } });
  return result.status ?? 1;
}
const step = (what: string, code: number) => {
  if (code === 0) return;
  console.error(`✗ ${what} failed (exit ${code})`);
  process.exit(1);
};

step('building lamp-testing', run('tsc', ['-p', path.join(PACKAGE, 'tsconfig.json')]));
const suite = mkdtempSync(path.join(tmpdir(), 'lamp-outside-team-'));
step('npm pack', run('npm', ['pack', '--silent', '--pack-destination', suite], {}, PACKAGE));
const tarball = readdirSync(suite).find((file) => file.endsWith('.tgz'));
if (!tarball) step('finding the tarball', 1);

cpSync(path.join(HERE, 'playwright.config.ts'), path.join(suite, 'playwright.config.ts'));
cpSync(path.join(HERE, 'tests'), path.join(suite, 'tests'), { recursive: true });
writeFileSync(
  path.join(suite, 'package.json'),
  JSON.stringify({
    name: 'outside-team',
    private: true,
    type: 'module',
    dependencies: { 'lamp-testing': `./${tarball}` },
  }),
);
step(
  'npm install of the tarball',
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {}, suite),
);
// Playwright, as the team's own install would provide it (after npm, which would prune it).
mkdirSync(path.join(suite, 'node_modules/@playwright'), { recursive: true });
symlinkSync(path.join(ROOT, 'node_modules/@playwright/test'), path.join(suite, 'node_modules/@playwright/test'));

const port = await freePort();
const code = run('playwright', ['test', '-c', path.join(suite, 'playwright.config.ts')], {
  LAMP_CHECKOUT: ROOT,
  LAMP_PORT: String(port),
});
process.stdout.write(`outside-team example: ${((performance.now() - started) / 1000).toFixed(1)} s (in ${suite})\n`);
// A failed run keeps its folder (traces, screenshots) for a look.
if (code === 0) rmSync(suite, { recursive: true, force: true });
process.exit(code);
