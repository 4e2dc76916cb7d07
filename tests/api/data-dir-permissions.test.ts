/**
 * A data directory LAMP may not write (a bind-mounted host folder owned by root, the issue's
 * item 4): the start refuses with a message that says which folder, as which user LAMP runs, who
 * owns the folder and what to do, and no stack trace, where it used to die on `EACCES … .lamp.lock`.
 *
 * Root ignores file permissions, so the server runs as nobody (65534:65534, spawn's uid/gid) on a
 * folder owned by root with mode 755; skipped, saying so, where the test cannot switch users.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib.ts';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** server/main.ts as nobody on `dataDir`: its exit code and what it printed to stderr. */
function startAsNobody(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    uid: NOBODY,
    gid: NOBODY,
    env: { PATH: process.env.PATH, LAMP_MODE: 'test', LAMP_DATA_DIR: dataDir, LAMP_SERVE_STATIC: 'false', PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

/** A folder owned by root, mode 755: nobody can read it, not write it. */
function rootsFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lamp-not-writable-'));
  chmodSync(dir, 0o755);
  return dir;
}

describe.skipIf(!asRoot)('a data directory LAMP cannot write', () => {
  it(
    'refuses to start, naming the folder, the user, the owner and the fix, without a stack',
    { timeout: 120_000 },
    async () => {
      const existing = rootsFolder();
      // A folder to be made in one nobody cannot write (LAMP_DATA_DIR not there yet).
      const missing = path.join(rootsFolder(), 'data');
      const [onExisting, onMissing] = await Promise.all([startAsNobody(existing), startAsNobody(missing)]);
      for (const [dir, { code, stderr }] of [
        [existing, onExisting],
        [missing, onMissing],
      ] as const) {
        expect(code, stderr).toBe(1);
        expect(stderr).toContain(`LAMP cannot write its data directory ${dir} (EACCES`);
        expect(stderr).toContain(`LAMP runs as user ${NOBODY}:${NOBODY}`);
        expect(stderr).toMatch(/is owned by 0:0 with mode 755/);
        expect(stderr).toContain(`chown -R ${NOBODY}:${NOBODY} ${dir}`);
        // A refusal for a person, not a crash: no stack trace.
        expect(stderr).not.toMatch(/\n\s+at /);
      }
    },
  );
});

// Skipped on purpose where the suite above cannot run (not root): this placeholder names what is
// missing in the report instead of the suite vanishing. CI runs as root and runs the suite itself.
describe.skipIf(asRoot)('a data directory LAMP cannot write', () => {
  it.skip('needs root, to run the server as another user (root ignores permissions)', () => undefined);
});
