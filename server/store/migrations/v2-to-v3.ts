/**
 * Version 2 → 3: the data file is a snapshot continued by a change log
 * (server/store/README.md); `journal` names the first log generation that continues the snapshot.
 * A version 2 file has no log, so any generation will do: 0.
 *
 * Why a version for one field: a version 2 LAMP would read the snapshot and never see the log,
 * silently dropping every write since the last fold. Version 3 makes it refuse the file instead.
 *
 * The types are the two versions' shapes as they were: frozen, never edited when the current
 * shape (server/store/database.ts) moves on.
 */
import type { V2Document } from './v1-to-v2.ts';

export interface V3Document {
  schemaVersion: 3;
  seed: { kind: 'demo' | 'reference'; fixtures: string | null; changed: boolean };
  journal: number;
  collections: Record<string, unknown[]>;
  sessions?: Record<string, unknown>;
  dayShift?: number;
}

export function v2ToV3(document: V2Document): V3Document {
  return { ...document, schemaVersion: 3, journal: 0 };
}
