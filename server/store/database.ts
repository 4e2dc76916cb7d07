import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Low, Memory } from 'lowdb';
import type { Collections } from '../../fixtures/generate.ts';
import { DurableJsonFile } from './durable-file.ts';

/**
 * The lowdb database behind the repositories. Always built explicitly with an adapter:
 * JSONFilePreset would silently swap to memory under NODE_ENV=test.
 *
 * One writer process per data file: lowdb keeps the whole document in memory and the file adapter
 * (durable-file.ts) replaces the file atomically, so two processes would overwrite each other.
 */
export interface DatabaseDocument {
  /** Bumped when the document's shape changes, so an old data file is re-seeded rather than misread. */
  schemaVersion: number;
  /**
   * What the store was seeded with: the demo fixtures (personas with a published password) or
   * the reference data only (production). A file from before this field holds demo data.
   */
  seededWith?: SeedKind;
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
}

export interface StoredSession {
  userId: string;
  createdAt: number;
  lastSeenAt: number;
}

export type SeedKind = 'demo' | 'reference';

export const SCHEMA_VERSION = 1;

export interface DatabaseOptions {
  /** A folder for a persistent store, or null for memory only. */
  dataDir: string | null;
  /** Returns a fresh copy of the fixtures; called at first start and on every reset. */
  seed: () => Collections;
  /** What seed() returns; 'demo' unless said otherwise. */
  seedKind?: SeedKind;
  /** How many days seed() moves the fixtures' dates (demo freshness); 0 unless said otherwise. */
  dayShift?: number;
}

export interface Database {
  readonly low: Low<DatabaseDocument>;
  /** Replaces every collection with a fresh copy of the fixtures and persists it (sessions stay). */
  reset(): Promise<void>;
  /**
   * Persists the current document (a no-op in memory). Resolves once the change is on disk;
   * concurrent calls share one disk write (group commit).
   */
  write(): Promise<void>;
  /** Waits for pending writes; the store is not used afterwards. */
  close(): Promise<void>;
  /** Disk writes so far (0 in memory), for benchmarks. */
  readonly diskWrites: number;
  /** How many days the data's dates are moved from the fixtures' clock (0 outside demo mode). */
  readonly dayShift: number;
  /**
   * The fixtures as seeded, built once on first use and never written: test sandboxes start from
   * them and share their rows until they write (server/store/repositories.ts, SandboxRows).
   */
  fixtures(): Collections;
}

export const DATA_FILE = 'lamp.json';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const fresh = (): DatabaseDocument => ({
    schemaVersion: SCHEMA_VERSION,
    seededWith: options.seedKind ?? 'demo',
    collections: options.seed(),
    sessions: {},
    ...(options.dayShift ? { dayShift: options.dayShift } : {}),
  });
  let file: DurableJsonFile<DatabaseDocument> | null = null;
  let adapter;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    adapter = file = new DurableJsonFile<DatabaseDocument>(path.join(options.dataDir, DATA_FILE));
  } else {
    adapter = new Memory<DatabaseDocument>();
  }
  const low = new Low<DatabaseDocument>(adapter, fresh());
  await low.read();
  // A missing file reads as null (lowdb then keeps the default); an outdated one is re-seeded.
  if (low.data.schemaVersion !== SCHEMA_VERSION) {
    low.data = fresh();
  }
  low.data.sessions ??= {};
  await low.write();
  let fixtures: Collections | null = null;
  return {
    low,
    fixtures: () => (fixtures ??= options.seed()),
    async reset() {
      low.data.collections = options.seed();
      if (options.dayShift) low.data.dayShift = options.dayShift;
      else delete low.data.dayShift;
      await low.write();
    },
    write: () => low.write(),
    close: async () => {
      await file?.settle();
    },
    get diskWrites() {
      return file?.writes ?? 0;
    },
    get dayShift() {
      return low.data.dayShift ?? 0;
    },
  };
}
