/**
 * The production install, in one place: the Dockerfile runs it, and a test runs it in a
 * temporary folder (no Docker engine runs on the development machines), so the image's
 * contents are known to start.
 *
 *   node scripts/install-production.ts <target-dir>
 *
 * Copies what the server needs at run time (the built front end, the server, the shared
 * schemas and the fixtures) and installs production dependencies only. Needs a prior build.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RUNTIME_PATHS = ['package.json', 'package-lock.json', 'dist', 'server', 'src/shared', 'fixtures'];

export function installProduction(root: string, target: string): void {
  if (!existsSync(path.join(root, 'dist', 'app.html'))) throw new Error('Build the front end first (npm run build).');
  mkdirSync(target, { recursive: true });
  for (const entry of RUNTIME_PATHS) {
    cpSync(path.join(root, entry), path.join(target, entry), { recursive: true });
  }
  const npm = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
    {
      cwd: target,
      stdio: 'inherit',
    },
  );
  if (npm.status !== 0) throw new Error(`npm ci --omit=dev failed with exit code ${npm.status}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node scripts/install-production.ts <target-dir>');
    process.exit(2);
  }
  installProduction(fileURLToPath(new URL('..', import.meta.url)), path.resolve(target));
}
