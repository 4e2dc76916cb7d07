/**
 * The data directory's lock: one holder at a time, a live holder named in
 * the refusal, a stale lock taken over and reported, released on close.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, LOCK_FILE, STALE_AFTER_MS, lockDataDir } from '../../../../server/store/data-lock.ts';
import { StoreRefusal } from '../../../../server/store/refusal.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'lamp-lock-'));
const lockIn = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; host: string };

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('the data directory lock', () => {
  it('holds the pid and host, refuses a second holder, and frees the directory on release', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    expect(lockIn(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(lockDataDir(dir)).rejects.toThrow(StoreRefusal);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by this same process/);
    await lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = await lockDataDir(dir);
    expect(again.tookOver).toBeNull();
    await again.release();
    // Nothing else is left in the folder (the private file the lock is linked from).
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names a live holder of another process and leaves its lock alone', async () => {
    const dir = freshDir();
    // This test's parent process (the vitest runner) is alive: a lock in its name is live.
    const holder = { pid: process.ppid, host: hostname(), startedAt: '2026-11-26T09:00:00.000Z' };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));
    const refusal = lockDataDir(dir);
    await expect(refusal).rejects.toThrow(`process ${process.ppid} on host ${hostname()}`);
    await expect(lockDataDir(dir)).rejects.toThrow(`remove ${path.join(dir, LOCK_FILE)}`);
    expect(lockIn(dir)).toEqual(holder);
  });

  it('takes over a lock whose process is gone on this host, and says whose it was', async () => {
    const dir = freshDir();
    const pid = deadPid();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, host: hostname(), startedAt: 'then' }));
    const lock = await lockDataDir(dir);
    expect(lock.tookOver).toMatchObject({ pid, host: hostname() });
    expect(lockIn(dir).pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock in its own pid that it does not hold (a restarted container is pid 1 again)', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'then' }));
    const lock = await lockDataDir(dir);
    expect(lock.tookOver).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('takes over a lock from before a reboot', async () => {
    const dir = freshDir();
    const boot = existsSync('/proc/sys/kernel/random/boot_id');
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, host: hostname(), boot: 'an-earlier-boot', startedAt: 'then' }),
    );
    if (boot) {
      const lock = await lockDataDir(dir);
      expect(lock.tookOver).toMatchObject({ boot: 'an-earlier-boot' });
      await lock.release();
    } else {
      await expect(lockDataDir(dir)).rejects.toThrow(StoreRefusal);
    }
  });

  it('waits for another host’s lock: refused while its holder refreshes it, taken over once it stops', async () => {
    const dir = freshDir();
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere.example', startedAt: 'then' }));
    // A live holder on another host (a running container): its beat moves the lock's time.
    const beat = setInterval(() => {
      const now = new Date();
      utimesSync(file, now, now);
    }, 100);
    const log = vi.fn();
    try {
      await expect(lockDataDir(dir, { quietMs: 2_000, log })).rejects.toThrow('process 1 on host elsewhere.example');
    } finally {
      clearInterval(beat);
    }
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(/waiting up to 2 s for it to show that it is alive/);
    // Its holder was killed (a crashed container): the lock's time stands still, and the start
    // takes it over after watching it for the quiet time, not a minute later.
    const started = Date.now();
    const lock = await lockDataDir(dir, { quietMs: 1_000, log });
    expect(Date.now() - started).toBeLessThan(1_000 + 2_000);
    expect(lock.tookOver).toMatchObject({ host: 'elsewhere.example' });
    await lock.release();
  });

  it('takes over another host’s lock untouched for a long time without waiting', async () => {
    const dir = freshDir();
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere.example', startedAt: 'then' }));
    const old = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    utimesSync(file, old, old);
    const log = vi.fn();
    const lock = await lockDataDir(dir, { quietMs: 60_000, log });
    expect(lock.tookOver).toMatchObject({ host: 'elsewhere.example' });
    expect(log).not.toHaveBeenCalled();
    await lock.release();
  });

  it('keeps its lock fresh while it holds it, so that another host does not take it over', async () => {
    const dir = freshDir();
    const file = path.join(dir, LOCK_FILE);
    const lock = await lockDataDir(dir);
    const old = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    utimesSync(file, old, old);
    await vi.waitFor(() => expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(HEARTBEAT_MS * 3), {
      timeout: HEARTBEAT_MS * 4,
    });
    await lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('puts its lock back when it is removed under it, and says when another server took it', async () => {
    const dir = freshDir();
    const file = path.join(dir, LOCK_FILE);
    const onLost = vi.fn();
    const lock = await lockDataDir(dir, { onLost });
    const mine = readFileSync(file, 'utf8');
    rmSync(file);
    await vi.waitFor(() => expect(existsSync(file)).toBe(true), { timeout: HEARTBEAT_MS * 4 });
    expect(readFileSync(file, 'utf8')).toBe(mine);
    expect(onLost).not.toHaveBeenCalled();
    // Removed again, and a second server started in between: the first is told to stop writing.
    rmSync(file);
    writeFileSync(file, JSON.stringify({ pid: 4242, host: 'web-2', startedAt: 'now' }));
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1), { timeout: HEARTBEAT_MS * 4 });
    expect(onLost.mock.calls[0]![0]).toMatch(/now held by process 4242 on host web-2.*stops writing/);
    await lock.release();
    // Not its own any more: the release leaves the other server's lock alone.
    expect(lockIn(dir)).toMatchObject({ pid: 4242 });
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('refuses a lock file it cannot read rather than guess', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE), 'not a lock');
    await expect(lockDataDir(dir)).rejects.toThrow(/a process it cannot name/);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe('not a lock');
  });
});
