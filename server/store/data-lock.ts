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
 * - on another host (a shared volume, or a new container after a crash: its hostname is new, and
 *   the old pid means nothing here): its holder refreshes the lock's time every HEARTBEAT_MS, from
 *   a worker thread, so a busy event loop (a large start's parse, a fold) cannot hold the beat
 *   back. A start that finds such a lock watches it: refreshed within QUIET_MS, the holder is alive
 *   and the start refuses; not refreshed, it is stale. A lock untouched for STALE_AFTER_MS by this
 *   host's clock is stale at once (hosts' clocks may differ by seconds, not by a minute). So a new
 *   container after a kill -9 starts within QUIET_MS, and a second live server is still refused.
 * A live holder makes the start refuse, naming the process. Released on clean shutdown.
 *
 * The holder's beat also checks that the lock is still its own: removed (by hand, under a running
 * server) it is put back; replaced by another server's, this one is told (`onLost`) and must stop
 * writing, since the other one now reads and writes the folder.
 */
import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { StoreRefusal } from './refusal.ts';

export const LOCK_FILE = 'lamp.lock';
/** How often the holder refreshes its lock (and checks that it is still its own). */
export const HEARTBEAT_MS = 1_000;
/**
 * How long a start watches another host's lock for a refresh before it judges the holder gone:
 * several beats, so that a loaded machine's late beat is not taken for a death.
 */
export const QUIET_MS = 5_000;
/** Another host's lock this much older than this host's clock is stale without watching it. */
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

export interface LockOptions {
  /** How long to watch another host's lock for a refresh (tests shorten it). */
  quietMs?: number;
  /** Where the one line "waiting for the holder" goes; console.warn unless said otherwise. */
  log?: (line: string) => void;
  /**
   * Told when the lock is no longer this process's (another server replaced it): the holder must
   * stop writing at once. Called at most once.
   */
  onLost?: (message: string) => void;
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

/** On this host: whether the holder is gone. Another host's lock is judged by watching it (below). */
function isStaleHere(lockFile: string, holder: LockHolder, me: LockHolder): boolean {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Watches another host's lock for up to `quietMs`: 'alive' once it is refreshed (its time moves),
 * 'changed' when it is replaced or removed meanwhile (read it again), 'quiet' when nothing moved:
 * its holder is gone. Compares the lock's own times, never this host's clock with the holder's.
 */
async function watch(lockFile: string, text: string, modifiedMs: number, quietMs: number): Promise<string> {
  const until = Date.now() + quietMs;
  while (Date.now() < until) {
    await sleep(Math.min(200, quietMs / 4));
    let now: string;
    let mtime: number;
    try {
      [now, mtime] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile).then((s) => s.mtimeMs)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'changed';
      throw error;
    }
    if (now !== text) return 'changed';
    if (mtime !== modifiedMs) return 'alive';
  }
  return 'quiet';
}

export async function lockDataDir(dir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const lockFile = path.join(path.resolve(dir), LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), boot: bootId(), startedAt: new Date().toISOString() };
  const text = JSON.stringify(me);
  const quietMs = options.quietMs ?? QUIET_MS;
  if (held.has(lockFile)) throw inUse(dir, lockFile, me, me);
  const mine = path.join(dir, `.${LOCK_FILE}.${randomUUID()}`);
  await writeFile(mine, text);
  let tookOver: LockHolder | null = null;
  let waited = false;
  try {
    // A few rounds: each lost race (another start linking or taking over first) reads again.
    for (let round = 0; round < 5; round += 1) {
      try {
        await link(mine, lockFile);
        held.add(lockFile);
        return acquired(lockFile, text, tookOver, options.onLost);
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
      if (!holder) throw inUse(dir, lockFile, holder, me);
      if (holder.host === me.host) {
        if (!isStaleHere(lockFile, holder, me)) throw inUse(dir, lockFile, holder, me);
      } else if (Date.now() - modifiedMs <= STALE_AFTER_MS) {
        // Another host's pid cannot be asked: only its beat tells whether it lives.
        if (!waited) {
          (options.log ?? console.warn)(
            `The data directory ${dir} is locked by ${describe(holder)}; waiting up to ${Math.round(quietMs / 1000)} s ` +
              'for it to show that it is alive (a running LAMP refreshes its lock every second; one that crashed does not).',
          );
        }
        waited = true;
        const seen = await watch(lockFile, current, modifiedMs, quietMs);
        if (seen === 'alive') throw inUse(dir, lockFile, holder, me);
        if (seen === 'changed') continue;
      }
      await takeAside(lockFile, current);
      tookOver = holder;
    }
    throw inUse(dir, lockFile, parseHolder(await readFile(lockFile, 'utf8').catch(() => '')), me);
  } finally {
    await rm(mine, { force: true });
  }
}

/**
 * The beat, in one worker thread for every lock of the process: each HEARTBEAT_MS it reads each
 * lock; its own, it refreshes the time; gone, it links it back (a private file first, as a start
 * does: if another server linked its own meanwhile, that one wins and this one is told); another
 * server's, it tells the main thread. Synchronous calls: a beat is never half-done when a message
 * (a release) is handled, so a released lock is never put back.
 */
const BEAT = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const locks = new Map();
parentPort.on('message', (message) => {
  if (message.add) locks.set(message.add, { file: message.file, text: message.text });
  if (message.remove) {
    locks.delete(message.remove);
    parentPort.postMessage({ released: message.remove });
  }
});
function beat() {
  for (const [id, lock] of locks) {
    let current = null;
    try {
      current = fs.readFileSync(lock.file, 'utf8');
    } catch (error) {
      if (error.code !== 'ENOENT') continue;
    }
    try {
      if (current === lock.text) {
        const now = new Date();
        fs.utimesSync(lock.file, now, now);
        continue;
      }
      if (current === null) {
        const mine = lock.file + '.beat-' + process.pid + '-' + id;
        fs.writeFileSync(mine, lock.text);
        try {
          fs.linkSync(mine, lock.file);
          parentPort.postMessage({ restored: id });
          continue;
        } catch (error) {
          if (error.code !== 'EEXIST') continue;
          current = fs.readFileSync(lock.file, 'utf8');
        } finally {
          fs.rmSync(mine, { force: true });
        }
        if (current === lock.text) continue;
      }
      locks.delete(id);
      parentPort.postMessage({ lost: id, holder: current });
    } catch {
      // A beat that fails (a full disk, a folder gone) is tried again at the next one.
    }
  }
}
setInterval(beat, workerData.every);
`;

interface Beat {
  worker: Worker;
  listeners: Map<string, (message: Record<string, unknown>) => void>;
  /** Releases waiting for the worker's answer: the worker keeps the process alive meanwhile. */
  releasing: number;
}
let beating: Beat | null = null;

function beatWorker(): Beat {
  if (beating) return beating;
  const worker = new Worker(BEAT, { eval: true, workerData: { every: HEARTBEAT_MS } });
  // The beat never keeps a process alive on its own.
  worker.unref();
  const listeners = new Map<string, (message: Record<string, unknown>) => void>();
  worker.on('message', (message: Record<string, unknown>) => {
    const id = (message.lost ?? message.restored ?? message.released) as string;
    listeners.get(id)?.(message);
  });
  worker.on('error', (error: Error) =>
    process.emitWarning(`LAMP's data directory lock beat stopped: ${error.message}`),
  );
  worker.on('exit', () => {
    if (beating?.worker === worker) beating = null;
  });
  return (beating = { worker, listeners, releasing: 0 });
}

function acquired(
  lockFile: string,
  text: string,
  tookOver: LockHolder | null,
  onLost: ((message: string) => void) | undefined,
): DataDirLock {
  const id = randomUUID();
  const beat = beatWorker();
  let released = false;
  let ack: (() => void) | null = null;
  beat.listeners.set(id, (message) => {
    if (message.released) return ack?.();
    if (message.restored) {
      process.emitWarning(`LAMP's lock ${lockFile} was removed while this server held it; it is back in place.`);
      return;
    }
    if (message.lost && !released) {
      const holder = parseHolder(typeof message.holder === 'string' ? message.holder : '');
      onLost?.(
        `The lock ${lockFile} is now held by ${describe(holder)}: another LAMP started on this data directory ` +
          '(its lock had been removed). This server stops writing and shuts down, so that the two do not overwrite ' +
          'each other.',
      );
    }
  });
  beat.worker.postMessage({ add: id, file: lockFile, text });
  return {
    file: lockFile,
    tookOver,
    async release() {
      if (released) return;
      released = true;
      held.delete(lockFile);
      // The beat lets go first, so that it never links the lock back after it is removed; while
      // waiting for it, the worker keeps the process alive (a shutdown must not end before).
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5 * HEARTBEAT_MS);
        ack = () => {
          clearTimeout(timer);
          resolve();
        };
        if (beat.releasing++ === 0) beat.worker.ref();
        beat.worker.postMessage({ remove: id });
      });
      if (--beat.releasing === 0) beat.worker.unref();
      beat.listeners.delete(id);
      // Only our own lock: never one another server took over after judging ours stale.
      const current = await readFile(lockFile, 'utf8').catch(() => null);
      if (current === text) await rm(lockFile, { force: true });
    },
  };
}
