import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Low, Memory } from 'lowdb';
import type { Collections } from './collections.ts';
import { lockDataDir, type DataDirLock } from './data-lock.ts';
import type { Change } from './journal.ts';
import { SCHEMA_VERSION, upgrade } from './migrations/index.ts';
import { StoreRefusal } from './refusal.ts';
import { StoreFile, type CommitOptions, type Loaded, type Stored } from './store-file.ts';
import { startRefusal } from './disk-errors.ts';
import { messages } from '../../src/shared/messages.ts';

export { SCHEMA_VERSION };
export type { Change };

/**
 * The lowdb database behind the repositories. Always built explicitly with an adapter:
 * JSONFilePreset would silently swap to memory under NODE_ENV=test.
 *
 * One writer process per data directory: lowdb keeps the whole document in memory; on disk it is
 * a snapshot continued by a log of changes (store-file.ts), so two processes would overwrite each
 * other; the directory's lock (data-lock.ts) keeps a second server out. A file of an older
 * version is migrated (migrations/), one of an unknown shape or a newer version refused
 * (server/store/README.md).
 */
export interface DatabaseDocument {
  /** The document's shape; an older one is migrated at start (migrations/index.ts). */
  schemaVersion: number;
  seed: SeedRecord;
  collections: Collections;
  /**
   * Server-side sessions (server/plugins/session.ts), beside the data but apart from it: a reset
   * of the data keeps them, and a restart does not sign anyone out.
   */
  sessions?: Record<string, StoredSession>;
  /**
   * How many days the data's dates were moved from the fixtures' clock (demo freshness:
   * server/store/demo-days.ts); absent: not moved.
   */
  dayShift?: number;
  /**
   * The moment the demo's story was told at (ISO; demo mode's start: fixtures/generate.ts `now`),
   * which a later day's retelling tells the earlier story at again; absent: 09:00 UTC of its day.
   */
  toldAt?: string;
}

/** What the data was seeded from, and whether it is still only that. */
export interface SeedRecord {
  /** The demo fixtures (personas with a published password) or the reference data only (production). */
  kind: SeedKind;
  /**
   * A fingerprint of the fixtures seeded from (before any day shift); null when not known (a
   * memory store, a store migrated from version 1).
   */
  fixtures: string | null;
  /**
   * Whether a row changed since the seeding (any data write: write(), not writeBookkeeping()).
   * Only an unchanged store is ever re-seeded.
   */
  changed: boolean;
}

export interface StoredSession {
  userId: string;
  createdAt: number;
  lastSeenAt: number;
}

export type SeedKind = 'demo' | 'reference';
const SEED_KINDS: readonly SeedKind[] = ['demo', 'reference'];

export interface DatabaseOptions {
  /** A folder for a persistent store, or null for memory only. */
  dataDir: string | null;
  /** Returns a fresh copy of the fixtures; called at first start and on every reset. */
  seed: () => Collections;
  /** What seed() returns; 'demo' unless said otherwise. */
  seedKind?: SeedKind;
  /** How many days seed() moves the fixtures' dates (demo freshness); 0 unless said otherwise. */
  dayShift?: number;
  /** The moment seed() tells the demo's story at (ISO, demo freshness); absent unless said. */
  toldAt?: string;
  /** A fingerprint of the fixtures seed() starts from; asked only for a data file. */
  fingerprint?: () => string;
  /**
   * Re-seed a data file seeded from other fixtures when none of its data changed since (demo and
   * test modes: the fixtures changed with a new release). Never in production.
   */
  reseedUnchanged?: boolean;
  /** The change log's size that starts a fold into a new snapshot (tests); by default half the snapshot. */
  foldBytes?: number;
}

export interface Database {
  readonly low: Low<DatabaseDocument>;
  /** Replaces every collection with a fresh copy of the fixtures and persists it (sessions stay). */
  reset(): Promise<void>;
  /**
   * Persists a change of the data (rows). Resolves once the change is on disk; concurrent calls
   * share one disk write (group commit). `change` says what changed (the log's line: a write
   * costs what it changed); without it the whole document is written. A no-op in memory.
   * Refused (StoreFullError: a full disk) with the change taken back out of memory by `undo`.
   */
  write(change?: Change, undo?: () => void): Promise<void>;
  /**
   * Persists a change beside the data (sessions, the day shift): the data stays the seed's. A
   * refused one (a full disk) stays in memory and is written with a later append: sessions
   * survive a full disk, and people stay signed in.
   */
  writeBookkeeping(change?: Change): Promise<void>;
  /**
   * Waits for pending writes and frees the data directory. A later write of a data file is refused
   * (StoreClosedError): the next server may own the directory by then.
   */
  close(): Promise<void>;
  /** Disk writes so far (0 in memory), for benchmarks. */
  readonly diskWrites: number;
  /**
   * Calls `listener` (with a message for the log) if the data directory's lock is taken by another
   * server while this one runs (its lock was removed by hand): from then on, writes are refused.
   */
  onLost(listener: (message: string) => void): void;
  /** The file behind the store, null in memory (for tests and benchmarks). */
  readonly file: StoreFile<DatabaseDocument> | null;
  /** How many days the data's dates are moved from the fixtures' clock (0 outside demo mode). */
  readonly dayShift: number;
  /** What the start did that an operator should hear of (app.ts logs them as warnings). */
  readonly startNotes: readonly string[];
  /**
   * The fixtures as seeded, built once on first use and never written: test sandboxes start from
   * them and share their rows until they write (server/store/repositories.ts, SandboxRows).
   */
  fixtures(): Collections;
}

export const DATA_FILE = 'lamp.json';

/** A write asked for after close(): the data directory may be another server's by then. */
export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
  /** Answered as it is (server/plugins/errors.ts): a server going away, not a fault of the request. */
  readonly statusCode = 503;
}

const background = new AsyncLocalStorage<true>();

/**
 * Runs the server's own records and processing, whose writes do not count as a change of the seed:
 * a sign-in's last-login stamp (a record of the visit, not something a person changed) and the
 * import jobs' clock (it carries on from the seed, whose unfinished jobs end the same way every
 * time, or from a person's change, which already counted).
 */
export function asServerWork<T>(work: () => T): T {
  return background.run(true, work);
}

/** Whether the running code is the server's own work (asServerWork): not a person's change. */
export function isServerWork(): boolean {
  return background.getStore() === true;
}

/** What is wrong with a current-version document's shape, or null. Rows are the repositories' business. */
function shapeProblem(document: Partial<DatabaseDocument>): string | null {
  const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isObject(document.collections)) return 'it has no collections';
  const notList = Object.entries(document.collections!).find(([, rows]) => !Array.isArray(rows));
  if (notList) return `its collection ${notList[0]} is not a list`;
  const seed = document.seed;
  if (
    !isObject(seed) ||
    !SEED_KINDS.includes(seed!.kind) ||
    (seed!.fixtures !== null && typeof seed!.fixtures !== 'string') ||
    typeof seed!.changed !== 'boolean'
  ) {
    return 'its seed record is not one LAMP writes';
  }
  if (document.sessions !== undefined && !isObject(document.sessions)) return 'its sessions are not a table';
  if (document.dayShift !== undefined && !Number.isInteger(document.dayShift)) return 'its dayShift is not a number';
  if (document.toldAt !== undefined && Number.isNaN(Date.parse(String(document.toldAt))))
    return 'its toldAt is not a moment';
  const { journal } = document as Stored<DatabaseDocument>;
  if (!Number.isInteger(journal) || journal! < 0) return 'its journal is not a log generation';
  return null;
}

function unknownShape(file: string, reason: string): StoreRefusal {
  const previous = `${file}.prev`;
  return new StoreRefusal(
    `The data file ${file} is not a LAMP store this release can read (${reason}), so LAMP does not start; ` +
      `it changed nothing. If the file is not LAMP's (a stray file), move it away (mv ${file} ${file}.unknown) ` +
      'and start again: LAMP starts a fresh store.' +
      (existsSync(previous)
        ? ` If it is LAMP's data, put the previous good copy in its place ` +
          `(mv ${file} ${file}.unknown && cp ${previous} ${file}) and start again.`
        : ` If it is LAMP's data, restore ${file} from your backup.`),
  );
}

function newerVersion(file: string, version: number): StoreRefusal {
  const kept = `${file}.v${SCHEMA_VERSION}`;
  return new StoreRefusal(
    `The data file ${file} is schema version ${version}, newer than this release of LAMP reads ` +
      `(${SCHEMA_VERSION}): a newer LAMP wrote it. LAMP does not start; it changed nothing. Start the newer ` +
      'release instead.' +
      (existsSync(kept)
        ? ` To go back to this release, put the copy that the upgrade kept in place ` +
          `(mv ${file} ${file}.v${version} && cp ${kept} ${file}): it lacks every change made since the upgrade.`
        : ''),
  );
}

/** What a seeding sets: the seed record, the rows, and when the story they tell is set. */
type Seeded = Pick<DatabaseDocument, 'seed' | 'collections' | 'dayShift' | 'toldAt'>;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const seedKind = options.seedKind ?? 'demo';
  let fingerprint: string | null = null;
  // The one place that seeds: first start, reset, and a re-seed from changed fixtures.
  const seeded = (persistent: boolean): Seeded => ({
    seed: {
      kind: seedKind,
      fixtures: persistent && options.fingerprint ? (fingerprint ??= options.fingerprint()) : null,
      changed: false,
    },
    collections: options.seed(),
    ...(options.dayShift ? { dayShift: options.dayShift } : {}),
    ...(options.toldAt ? { toldAt: options.toldAt } : {}),
  });
  const fresh = (persistent: boolean): DatabaseDocument => {
    const { seed, collections, ...told } = seeded(persistent);
    return { schemaVersion: SCHEMA_VERSION, seed, collections, sessions: {}, ...told };
  };
  if (!options.dataDir) {
    return handle(options, new Low<DatabaseDocument>(new Memory(), fresh(false)), null, null, [], seeded, {
      message: null,
      listeners: [],
    });
  }
  const dataDir = options.dataDir;
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    // A folder LAMP cannot write (a bind mount owned by another user): said so, without a stack.
    throw startRefusal(dataDir, error);
  }
  // Before reading: a second server must not migrate, re-seed or clean up under a live one.
  const lost: { message: string | null; listeners: ((message: string) => void)[] } = { message: null, listeners: [] };
  const lock = await lockDataDir(dataDir, {
    onLost(message) {
      lost.message = message;
      for (const listener of lost.listeners) listener(message);
    },
  }).catch((error: unknown) => {
    throw startRefusal(dataDir, error);
  });
  try {
    const notes: string[] = [];
    if (lock.tookOver) {
      const { pid, host, startedAt } = lock.tookOver;
      notes.push(
        `took over the stale lock ${lock.file} of process ${pid} on ${host} (started ${startedAt}), which is gone`,
      );
    }
    let document!: DatabaseDocument;
    const file = new StoreFile<DatabaseDocument>(path.join(options.dataDir, DATA_FILE), () => document, {
      foldBytes: options.foldBytes,
    });
    const stored = await file.read();
    let migratedFrom: number | null = null;
    let reseeded = false;
    if (stored === null) {
      document = fresh(true);
    } else {
      let upgraded = upgrade(stored);
      if (upgraded.kind === 'unknown') throw unknownShape(file.file, upgraded.reason);
      if (upgraded.kind === 'newer') throw newerVersion(file.file, upgraded.from);
      const { journal } = stored;
      let loaded: Loaded | null = null;
      if (upgraded.kind === 'migrated' && Number.isInteger(journal)) {
        // The logs hold rows in the snapshot's own version's shape: replayed before migrating.
        loaded = await file.load(stored, journal);
        upgraded = upgrade(stored);
      }
      if (!('document' in upgraded)) throw unknownShape(file.file, 'its change log does not replay');
      const problem = shapeProblem(upgraded.document as Partial<DatabaseDocument>);
      if (problem) throw unknownShape(file.file, problem);
      const { journal: _journal, ...current } = upgraded.document as Stored<DatabaseDocument>;
      document = current;
      if (upgraded.kind === 'migrated') migratedFrom = upgraded.from;
      // The logs that continue the snapshot (a damaged one refuses the start, writing nothing).
      else loaded = await file.load(document, journal);
      if (loaded?.tornBytes) {
        notes.push(
          `dropped the last ${loaded.tornBytes} bytes of the change log: a write that a stop cut off half-way, never acknowledged`,
        );
      }
    }
    // Accepted: from here on the store writes.
    await file.accept();
    if (migratedFrom !== null) {
      // The old file stays, under its version's name, until (and after) the new one is on disk.
      const kept = await file.snapshot.keepAs(`${file.file}.v${migratedFrom}`);
      notes.push(
        `migrated ${file.file} from schema version ${migratedFrom} to ${SCHEMA_VERSION}; the old file is kept as ${kept}`,
      );
    }
    const { seed } = document;
    if (
      options.reseedUnchanged &&
      options.fingerprint &&
      seed.kind === seedKind &&
      !seed.changed &&
      seed.fixtures !== (fingerprint ??= options.fingerprint())
    ) {
      Object.assign(document, seeded(true));
      if (!options.dayShift) delete document.dayShift;
      if (!options.toldAt) delete document.toldAt;
      reseeded = true;
      notes.push(`re-seeded ${file.file} from the changed fixtures: it held only the earlier fixtures' data`);
    }
    document.sessions ??= {};
    const low = new Low<DatabaseDocument>(new Memory(), document);
    if (stored === null || migratedFrom !== null || reseeded) await file.commit(null);
    return handle(options, low, file, lock, notes, seeded, lost);
  } catch (error) {
    await lock.release();
    throw startRefusal(dataDir, error);
  }
}

function handle(
  options: DatabaseOptions,
  low: Low<DatabaseDocument>,
  file: StoreFile<DatabaseDocument> | null,
  lock: DataDirLock | null,
  startNotes: string[],
  seeded: (persistent: boolean) => Seeded,
  lost: { message: string | null; listeners: ((message: string) => void)[] },
): Database {
  let fixtures: Collections | null = null;
  let closed = false;
  const persist = (change: Change | undefined, options: CommitOptions) => {
    if (!file) return Promise.resolve();
    if (closed || lost.message) {
      options.undo?.();
      return Promise.reject(new StoreClosedError(lost.message ?? messages.api.storeClosed));
    }
    return file.commit(change ?? null, options);
  };
  return {
    low,
    file,
    startNotes,
    fixtures: () => (fixtures ??= options.seed()),
    async reset() {
      const { seed, collections, dayShift, toldAt } = seeded(file !== null);
      low.data.seed = seed;
      low.data.collections = collections;
      if (dayShift) low.data.dayShift = dayShift;
      else delete low.data.dayShift;
      if (toldAt) low.data.toldAt = toldAt;
      else delete low.data.toldAt;
      await persist(undefined, {});
    },
    write: (change, undo) => {
      // In the same disk write as the change itself (the log's line): a kill keeps both or neither.
      if (background.getStore()) return persist(change, { undo });
      const wasChanged = low.data.seed.changed;
      low.data.seed.changed = true;
      return persist(change && { ...change, changed: true }, {
        undo: () => {
          undo?.();
          low.data.seed.changed = wasChanged;
        },
      });
    },
    writeBookkeeping: (change) => persist(change, { keep: true }),
    close: async () => {
      closed = true;
      try {
        await file?.close();
      } finally {
        await lock?.release();
      }
    },
    onLost(listener) {
      if (lost.message) listener(lost.message);
      else lost.listeners.push(listener);
    },
    get diskWrites() {
      return file?.writes ?? 0;
    },
    get dayShift() {
      return low.data.dayShift ?? 0;
    },
  };
}
