import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Low, Memory } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import type { Collections } from '../../fixtures/generate.ts';

/**
 * The lowdb database behind the repositories. Always built explicitly with an adapter:
 * JSONFilePreset would silently swap to memory under NODE_ENV=test.
 *
 * One writer process per data file: lowdb keeps the whole document in memory and rewrites it
 * atomically (write to a temp file, then rename), so two processes would overwrite each other.
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
}

export interface Database {
  readonly low: Low<DatabaseDocument>;
  /** Replaces every collection with a fresh copy of the fixtures and persists it. */
  reset(): Promise<void>;
  /** Persists the current document (a no-op in memory). */
  write(): Promise<void>;
  /** Waits for pending writes; the store is not used afterwards. */
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const fresh = (): DatabaseDocument => ({
    schemaVersion: SCHEMA_VERSION,
    seededWith: options.seedKind ?? 'demo',
    collections: options.seed(),
  });
  let adapter;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    adapter = new JSONFile<DatabaseDocument>(path.join(options.dataDir, 'lamp.json'));
  } else {
    adapter = new Memory<DatabaseDocument>();
  }
  const low = new Low<DatabaseDocument>(adapter, fresh());
  await low.read();
  // A missing file reads as null (lowdb then keeps the default); an outdated one is re-seeded.
  if (low.data.schemaVersion !== SCHEMA_VERSION) {
    low.data = fresh();
  }
  await low.write();
  return {
    low,
    async reset() {
      low.data = fresh();
      await low.write();
    },
    write: () => low.write(),
    close: () => low.write(),
  };
}
