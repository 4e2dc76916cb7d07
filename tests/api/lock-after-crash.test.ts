/**
 * A new container after a crash: a server on another host (a container has its own hostname; here
 * its own UTS namespace, `unshare -u`, so the lock names a host whose pids this one cannot ask)
 * holds the data directory. While it runs, a start here waits for its beat and refuses, naming it;
 * once it is killed with SIGKILL, a start here takes its lock over within seconds (QUIET_MS and a
 * little; the bound is answering within 15 s of the kill), where it used to refuse for a
 * minute.
 *
 * Needs root (unshare -u); skipped, saying so, where the machine does not allow it. The lock's
 * cases without processes are in tests/unit/server/store/data-lock.test.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ROOT } from '../../scripts/lib.ts';
import { LOCK_FILE, QUIET_MS } from '../../server/store/data-lock.ts';
import { freePort } from '../bench/harness.ts';

const canUnshare = spawnSync('unshare', ['-u', 'true']).status === 0;

interface Started {
  child: ChildProcess;
  base: string;
  /** What it printed, log and refusal. */
  stderr: () => string;
  exited: Promise<number | null>;
}

/** server/main.ts on `dataDir`, in a UTS namespace of its own named `host` when given. */
async function start(dataDir: string, host?: string): Promise<Started> {
  const port = await freePort();
  const [command, args] = host
    ? ['unshare', ['-u', 'sh', '-c', `hostname ${host} && exec "$0" server/main.ts`, process.execPath]]
    : [process.execPath, ['server/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      LAMP_MODE: 'test',
      LAMP_DATA_DIR: dataDir,
      LAMP_SERVE_STATIC: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  // The log (stdout) and the refusal (stderr) read as one.
  child.stdout.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, base: `http://127.0.0.1:${port}`, stderr: () => stderr, exited };
}

/** Resolves once the server answers /api/health; rejects if it exits first. */
async function answering(server: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}: ${server.stderr()}`);
    }
    try {
      if ((await fetch(`${server.base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms: ${server.stderr()}`);
}

describe.skipIf(!canUnshare)('a data directory held by a server on another host', () => {
  it(
    'refuses a start while that server lives, and takes over within seconds after it is killed',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'lamp-lock-crash-'));
      const first = await start(dir, 'lamp-container-a');
      // Generous: on a loaded shared machine a start has taken over 30 s.
      await answering(first, 60_000);

      const second = await start(dir, 'lamp-container-b');
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toMatch(/waiting up to \d+ s for it to show that it is alive/);
      expect(second.stderr()).toContain(`is in use by process ${first.child.pid} on host lamp-container-a`);

      const killed = Date.now();
      first.child.kill('SIGKILL');
      await first.exited;
      const third = await start(dir, 'lamp-container-b');
      // The lock is taken before the data is read: how long the wait for the dead holder took,
      // apart from the start itself (which a loaded machine slows down by seconds).
      const lockFile = path.join(dir, LOCK_FILE);
      let waiting = 0;
      for (;;) {
        if (!waiting && third.stderr().includes('waiting up to')) waiting = Date.now();
        let holder: { pid: number } | null = null;
        try {
          holder = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
        } catch {
          // absent for a moment while the stale one is moved aside
        }
        if (holder?.pid === third.child.pid || third.child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const locked = (Date.now() - killed) / 1000;
      const waited = (Date.now() - waiting) / 1000;
      expect(waiting).toBeGreaterThan(0);
      expect(waited).toBeLessThan(QUIET_MS / 1000 + 2);
      await answering(third, 60_000);
      const answered = (Date.now() - killed) / 1000;
      expect(third.stderr()).toMatch(/took over the stale lock .* of process \d+ on lamp-container-a/);
      console.warn(
        `after the holder's kill -9: waited ${waited.toFixed(1)} s for its beat, lock taken at ${locked.toFixed(1)} s, answering at ${answered.toFixed(1)} s`,
      );
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    },
  );
});

// Skipped on purpose where `unshare -u` is not allowed: the placeholder names what is missing in
// the report instead of the suite vanishing. CI runs as root, where the suite above runs.
if (!canUnshare) {
  describe('a data directory held by a server on another host', () => {
    it.skip('needs `unshare -u` (root) to give a server a hostname of its own', () => undefined);
  });
}
