/**
 * Version 1 → 2: the store records what it was seeded from and whether its data
 * changed since, so that demo mode re-seeds only a store that holds the demo data and nothing else.
 *
 * `seededWith` becomes `seed.kind` (absent meant demo data, as version 1 read it). Version 1 kept
 * no record of writes, so a migrated store counts as changed and is never re-seeded on its own;
 * a reset (test control) makes it the seed again.
 *
 * The types are the two versions' shapes as they were: frozen, never edited when the current
 * shape (server/store/database.ts) moves on.
 */
export interface V1Document {
  schemaVersion: 1;
  seededWith?: 'demo' | 'reference';
  collections: Record<string, unknown[]>;
  sessions?: Record<string, unknown>;
  dayShift?: number;
}

export interface V2Document {
  schemaVersion: 2;
  seed: { kind: 'demo' | 'reference'; fixtures: string | null; changed: boolean };
  collections: Record<string, unknown[]>;
  sessions?: Record<string, unknown>;
  dayShift?: number;
}

export function v1ToV2(document: V1Document): V2Document {
  const { seededWith, schemaVersion: _version, ...rest } = document;
  return {
    schemaVersion: 2,
    seed: { kind: seededWith ?? 'demo', fixtures: null, changed: true },
    ...rest,
  };
}
