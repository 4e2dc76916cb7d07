/**
 * Version 3 → 4: the audit trail, a collection `audit-event` of records written with
 * each change (server/store/audit.ts). A version 3 store recorded nothing, so it starts empty.
 *
 * Why a version for one collection: a version 3 LAMP would read the records as an unknown
 * collection and keep them, but write changes without records, and the trail would claim a
 * completeness it lost. Version 4 makes an older release refuse the file instead.
 *
 * The types are the two versions' shapes as they were: frozen, never edited when the current
 * shape (server/store/database.ts) moves on.
 */
import type { V3Document } from './v2-to-v3.ts';

export interface V4Document extends Omit<V3Document, 'schemaVersion' | 'collections'> {
  schemaVersion: 4;
  collections: Record<string, unknown[]> & { 'audit-event': unknown[] };
}

export function v3ToV4(document: V3Document): V4Document {
  return {
    ...document,
    schemaVersion: 4,
    collections: { ...document.collections, 'audit-event': document.collections['audit-event'] ?? [] },
  };
}
