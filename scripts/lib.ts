/**
 * Helpers shared by the npm scripts in this folder: run a tool from node_modules/.bin with the
 * project's pinned Node, and decide whether the front end needs a build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = path.join(ROOT, 'node_modules', '.bin');

/** PATH with the project's binaries (and so its pinned Node) first, as npm scripts have it. */
export function toolEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    ...extra,
  };
}

/** Runs a command to completion with inherited output; returns its exit code. */
export function run(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: toolEnv(extraEnv) });
  return result.status ?? 1;
}

/**
 * Runs a command with its output held back; resolves with its exit code and that output, so
 * commands running side by side print one after another instead of interleaved.
 */
export function runBuffered(
  command: string,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: toolEnv(extraEnv) });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

/** Starts a long-running command; resolves with its exit code. */
export function start(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  return spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: toolEnv(extraEnv) });
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/ is missing or older than anything the front-end build reads. */
export function frontEndIsStale(): boolean {
  const built = path.join(ROOT, 'dist', 'app.html');
  // A build from before the page headers were written (the server reads them: server/page-policy.ts).
  if (!existsSync(built) || !existsSync(path.join(ROOT, 'dist', '_headers'))) return true;
  const inputs = [
    'src',
    'public',
    'astro.config.mjs',
    'package-lock.json',
    'scripts/host-files.ts',
    'server/page-policy.ts',
  ].map((p) => path.join(ROOT, p));
  return Math.max(...inputs.map(newestMtime)) > statSync(built).mtimeMs;
}

export function buildFrontEnd(): void {
  const code = run('astro', ['build', '--silent']);
  if (code !== 0) process.exit(code);
}
