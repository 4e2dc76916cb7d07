/**
 * One server per data directory. lowdb keeps the whole document in memory
 * and the data file is replaced whole, so a second process on the same folder would overwrite the
 * first one's writes (and a start deletes the other's temporary file: its next write fails).
 *
 * At start the server takes `lamp.lock` in the data directory: a file holding its pid and host,
 * which appears atomically and complete. It is written to a private file first and then linked to
 * `lamp.lock`; link(2) fails with EEXIST when the lock exists, like open(O_EXCL) (the recipe
 * open(2) gives for lock files, safe on NFS too), and a kill can never leave a half-written lock.
 *
 * A lock whose holder is gone is stale, taken over and reported:
 * - on this host: its pid is not alive, it is this process's own pid but this process does not
 *   hold it (a container restarted: LAMP is pid 1 again), or it dates from an earlier boot;
 * - on another host (a shared volume, a new container with a new hostname): its holder refreshes
 *   the lock's time every HEARTBEAT_MS, and a lock not refreshed for STALE_AFTER_MS is stale.
 * A live holder makes the start refuse, naming the process. Released on clean shutdown.
 */
import { link, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { StoreRefusal } from './refusal.ts';

export const LOCK_FILE = 'lamp.lock';
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;

export interface LockHolder {
  pid: number;
  host: string;
  /** The kernel's boot id (Linux), so that a lock from before a reboot is known stale. */
  boot?: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  /** The stale lock this start took over, if any (for the start's log). */
  readonly tookOver: LockHolder | null;
  /** Removes the lock (if it is still this process's); the directory is free for another server. */
  release(): Promise<void>;
}

/** Locks this process holds: a second store on one folder in one process is refused too. */
const held = new Set<string>();

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (typeof value?.pid === 'number' && typeof value.host === 'string') return value as LockHolder;
  } catch {
    // not a lock LAMP wrote
  }
  return null;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(lockFile: string, holder: LockHolder, me: LockHolder, modifiedMs: number): boolean {
  if (holder.host !== me.host) return Date.now() - modifiedMs > STALE_AFTER_MS;
  if (holder.boot && me.boot && holder.boot !== me.boot) return true;
  if (holder.pid === me.pid) return !held.has(lockFile);
  return !pidAlive(holder.pid);
}

function describe(holder: LockHolder | null): string {
  if (!holder) return 'a process it cannot name (the lock is not one LAMP wrote)';
  return `process ${holder.pid} on host ${holder.host} (since ${holder.startedAt})`;
}

function inUse(dir: string, lockFile: string, holder: LockHolder | null, me: LockHolder): StoreRefusal {
  const self = holder?.pid === me.pid && holder.host === me.host;
  return new StoreRefusal(
    `The data directory ${dir} is in use by ${self ? 'this same process' : describe(holder)}, so this LAMP ` +
      'does not start: two servers on one data directory would overwrite each other. Stop the other ' +
      `server, or give this one its own LAMP_DATA_DIR. If no LAMP is running on ${dir}, remove ${lockFile} ` +
      'and start again.',
  );
}

/** Moves a stale lock aside; puts back what it moved if that was not the lock judged stale. */
async function takeAside(lockFile: string, judged: string): Promise<void> {
  const aside = `${lockFile}.stale-${randomUUID()}`;
  try {
    await rename(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another start took it first
    throw error;
  }
  if ((await readFile(aside, 'utf8')) !== judged) {
    // Another start replaced the stale lock in between: that lock is live, put it back.
    await link(aside, lockFile).catch(() => undefined);
  }
  await rm(aside, { force: true });
}

export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const lockFile = path.join(path.resolve(dir), LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), boot: bootId(), startedAt: new Date().toISOString() };
  const text = JSON.stringify(me);
  if (held.has(lockFile)) throw inUse(dir, lockFile, me, me);
  const mine = path.join(dir, `.${LOCK_FILE}.${randomUUID()}`);
  await writeFile(mine, text);
  let tookOver: LockHolder | null = null;
  try {
    // A few rounds: each lost race (another start linking or taking over first) reads again.
    for (let round = 0; round < 5; round += 1) {
      try {
        await link(mine, lockFile);
        held.add(lockFile);
        return acquired(lockFile, text, tookOver);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let current: string;
      let modifiedMs: number;
      try {
        [current, modifiedMs] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile).then((s) => s.mtimeMs)]);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
        throw error;
      }
      const holder = parseHolder(current);
      if (!holder || !isStale(lockFile, holder, me, modifiedMs)) throw inUse(dir, lockFile, holder, me);
      await takeAside(lockFile, current);
      tookOver = holder;
    }
    throw inUse(dir, lockFile, parseHolder(await readFile(lockFile, 'utf8').catch(() => '')), me);
  } finally {
    await rm(mine, { force: true });
  }
}

function acquired(lockFile: string, text: string, tookOver: LockHolder | null): DataDirLock {
  // The heartbeat tells servers on other hosts (which cannot see this pid) that the lock is live.
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockFile, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    file: lockFile,
    tookOver,
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      held.delete(lockFile);
      // Only our own lock: never one another server took over after judging ours stale.
      const current = await readFile(lockFile, 'utf8').catch(() => null);
      if (current === text) await rm(lockFile, { force: true });
    },
  };
}
