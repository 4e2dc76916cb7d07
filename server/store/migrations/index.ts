/**
 * The data file's schema migrations (server/store/README.md). MIGRATIONS[i] turns a version i + 1
 * document into a version i + 2 one: a plain function of the document, no I/O, tested on a copy
 * of the previous version's data (tests/unit/server/store/migrations.test.ts). To change the
 * document's shape, add one here; the schema version follows from the list.
 */
import { v1ToV2 } from './v1-to-v2.ts';
import { v2ToV3 } from './v2-to-v3.ts';
import { v3ToV4 } from './v3-to-v4.ts';
import { v4ToV5 } from './v4-to-v5.ts';

/** Each takes the previous version's document; typed per file, so `never` here. */
type Migration = (document: never) => unknown;

export const MIGRATIONS: readonly Migration[] = [v1ToV2, v2ToV3, v3ToV4, v4ToV5];

/** The version this release writes: one past the last migration's input. */
export const SCHEMA_VERSION = MIGRATIONS.length + 1;

export type Upgrade =
  | { kind: 'current' | 'migrated'; from: number; document: unknown }
  | { kind: 'newer'; from: number }
  | { kind: 'unknown'; reason: string };

/**
 * A parsed data file brought to SCHEMA_VERSION, in memory; nothing is written here. The result's
 * shape is then checked by the caller (an old file's migrated shape as any other).
 */
export function upgrade(document: unknown): Upgrade {
  const version = (document as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    return { kind: 'unknown', reason: 'it is not a JSON object' };
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { kind: 'unknown', reason: 'it has no schemaVersion' };
  }
  if (version > SCHEMA_VERSION) return { kind: 'newer', from: version };
  let current: unknown = document;
  for (let at = version; at < SCHEMA_VERSION; at += 1) {
    try {
      current = (MIGRATIONS[at - 1] as (document: unknown) => unknown)(current);
    } catch (error) {
      return { kind: 'unknown', reason: `version ${at} does not migrate: ${(error as Error).message}` };
    }
  }
  return { kind: version === SCHEMA_VERSION ? 'current' : 'migrated', from: version, document: current };
}
