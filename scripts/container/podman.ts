/**
 * podman for the container check: found on the PATH, always run with this folder's
 * containers.conf (CONTAINERS_CONF), so the machine's own configuration is never changed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTAINERS_CONF = fileURLToPath(new URL('./containers.conf', import.meta.url));

/** The podman binary on the PATH, or null. */
export function findPodman(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'podman'))) return path.join(dir, 'podman');
  }
  return null;
}

function podmanEnv(): NodeJS.ProcessEnv {
  return { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? CONTAINERS_CONF };
}

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs podman to completion with its output captured. */
export function podman(args: string[], input?: string | Buffer): Result {
  const result = spawnSync('podman', args, { env: podmanEnv(), input, maxBuffer: 64 * 1024 * 1024 });
  return {
    code: result.status ?? 1,
    stdout: result.stdout?.toString() ?? '',
    stderr: result.stderr?.toString() ?? String(result.error ?? ''),
  };
}

/** Runs podman and returns its trimmed standard output; throws with its error output otherwise. */
export function podmanOk(args: string[], input?: string | Buffer): string {
  const result = podman(args, input);
  if (result.code !== 0) {
    throw new Error(`podman ${args.join(' ')} exited ${result.code}: ${result.stderr.trim() || result.stdout.trim()}`);
  }
  return result.stdout.trim();
}

/**
 * Runs podman with its output streamed through (a build); resolves with its exit code and the
 * output's last lines, so a failure can be shown without scrolling.
 */
export function podmanStreamed(
  args: string[],
  options: { quiet?: boolean } = {},
): Promise<{ code: number; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn('podman', args, { env: podmanEnv() });
    let tail = '';
    const keep = (chunk: Buffer) => {
      if (!options.quiet) process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: 1, tail: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, tail }));
  });
}

/** True when podman's storage holds this image. */
export function imageExists(image: string): boolean {
  return podman(['image', 'exists', image]).code === 0;
}

/** A label of an image in podman's storage, or null when the image or label is missing. */
export function imageLabel(image: string, label: string): string | null {
  const result = podman(['image', 'inspect', '--format', `{{index .Labels "${label}"}}`, image]);
  const value = result.stdout.trim();
  return result.code === 0 && value && value !== '<no value>' ? value : null;
}
