/**
 * Each migration on a copy of the previous version's data: `lamp.v<N>.json` beside this
 * file is a data file as version N wrote it (a demo store after a sign-in and a write, trimmed to
 * a few rows per collection), kept byte for byte.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION, upgrade } from '../../../../server/store/migrations/index.ts';
import { v1ToV2, type V1Document, type V2Document } from '../../../../server/store/migrations/v1-to-v2.ts';
import { v2ToV3, type V3Document } from '../../../../server/store/migrations/v2-to-v3.ts';
import { v3ToV4, type V4Document } from '../../../../server/store/migrations/v3-to-v4.ts';
import { v4ToV5, type V4SpotlightUser } from '../../../../server/store/migrations/v4-to-v5.ts';

const sample = (version: number): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `lamp.v${version}.json`), 'utf8'));

describe('the migrations', () => {
  it('have a copy of each earlier version’s data to run on', () => {
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length + 1);
    for (let version = 1; version < SCHEMA_VERSION; version += 1) {
      expect(existsSync(path.join(import.meta.dirname, `lamp.v${version}.json`)), `lamp.v${version}.json`).toBe(true);
    }
  });

  it('bring every earlier version to the current one, keeping every row and session', () => {
    for (let version = 1; version < SCHEMA_VERSION; version += 1) {
      const old = sample(version) as { collections: unknown; sessions: unknown };
      const result = upgrade(structuredClone(old));
      expect(result).toMatchObject({ kind: 'migrated', from: version });
      const document = (result as { document: { schemaVersion: number; collections: unknown; sessions: unknown } })
        .document;
      expect(document.schemaVersion).toBe(SCHEMA_VERSION);
      // Every row kept; from version 4 on, the audit trail (empty: nothing was recorded before);
      // from version 5 on, Spotlight users' roles per membership.
      const { 'spotlight-user': users, ...others } = document.collections as Record<string, unknown[]>;
      const { 'spotlight-user': oldUsers, ...oldOthers } = old.collections as Record<string, unknown[]>;
      expect(others).toEqual({ 'audit-event': [], ...oldOthers });
      expect(users?.map((user) => (user as { id: string }).id)).toEqual(
        oldUsers?.map((user) => (user as { id: string }).id),
      );
      for (const user of users ?? []) expect(user).not.toHaveProperty('companies');
      expect(document.sessions).toEqual(old.sessions);
    }
  });

  it('version 1 → 2: records the seed as changed (version 1 kept no record of writes)', () => {
    const old = sample(1) as V1Document;
    const before = JSON.stringify(old);
    const migrated = v1ToV2(old);
    expect(JSON.stringify(old), 'the input is left as it was').toBe(before);
    expect(migrated).toEqual({
      schemaVersion: 2,
      seed: { kind: 'demo', fixtures: null, changed: true },
      collections: old.collections,
      sessions: old.sessions,
      dayShift: old.dayShift,
    });
    // A production store says so; a version 1 file without seededWith held demo data.
    expect(v1ToV2({ ...old, seededWith: 'reference' }).seed.kind).toBe('reference');
    const { seededWith: _seededWith, ...unmarked } = old;
    expect(v1ToV2(unmarked).seed.kind).toBe('demo');
  });

  it('version 2 → 3: a snapshot that no change log continues yet', () => {
    const old = sample(2) as V2Document;
    const before = JSON.stringify(old);
    expect(v2ToV3(old)).toEqual({ ...old, schemaVersion: 3, journal: 0 });
    expect(JSON.stringify(old), 'the input is left as it was').toBe(before);
  });

  it('version 3 → 4: an empty audit trail beside every collection, and a trail already there kept', () => {
    const old = sample(3) as V3Document;
    const before = JSON.stringify(old);
    expect(v3ToV4(old)).toEqual({
      ...old,
      schemaVersion: 4,
      collections: { ...old.collections, 'audit-event': [] },
    });
    expect(JSON.stringify(old), 'the input is left as it was').toBe(before);
    const kept = [{ id: 'a' }];
    expect(v3ToV4({ ...old, collections: { 'audit-event': kept } }).collections['audit-event']).toBe(kept);
  });

  it('version 4 → 5: each company of a Spotlight user becomes a membership with the role the user had', () => {
    const old = sample(4) as V4Document;
    const before = JSON.stringify(old);
    const migrated = v4ToV5(old);
    expect(JSON.stringify(old), 'the input is left as it was').toBe(before);
    const { 'spotlight-user': users, ...others } = migrated.collections;
    const { 'spotlight-user': oldUsers, ...oldOthers } = old.collections;
    expect(migrated).toMatchObject({ schemaVersion: 5, seed: old.seed, journal: old.journal, sessions: old.sessions });
    expect(others).toEqual(oldOthers);
    // The sample as version 4 wrote it: a manager of Contoso, a root user in no company, a viewer.
    expect((oldUsers as V4SpotlightUser[]).map((user) => [user.role, user.companies])).toEqual([
      ['manager', ['669000000000000000000001']],
      ['manager', []],
      ['viewer', ['669000000000000000000001']],
    ]);
    expect(users).toEqual(
      (oldUsers as V4SpotlightUser[]).map(({ companies, role, ...fields }) => ({
        ...fields,
        memberships: (companies ?? []).map((company) => ({ company, role })),
      })),
    );
    // A user of every company a shared role read as editor (absent), and a company listed twice once.
    const shared = { id: 'u', companies: ['a', 'b', 'a'] };
    expect(
      v4ToV5({ ...old, collections: { 'audit-event': [], 'spotlight-user': [shared] } }).collections['spotlight-user'],
    ).toEqual([
      {
        id: 'u',
        memberships: [
          { company: 'a', role: 'editor' },
          { company: 'b', role: 'editor' },
        ],
      },
    ]);
    // A store without Spotlight users keeps its collections as they were.
    const bare = { ...old, collections: { 'audit-event': [] } } as V4Document;
    expect(v4ToV5(bare).collections).toBe(bare.collections);
  });

  it('leave the current version alone and tell newer or unknown documents apart', () => {
    const current = { schemaVersion: SCHEMA_VERSION, collections: {} };
    expect(upgrade(current)).toEqual({ kind: 'current', from: SCHEMA_VERSION, document: current });
    expect(upgrade({ schemaVersion: SCHEMA_VERSION + 1 })).toEqual({ kind: 'newer', from: SCHEMA_VERSION + 1 });
    expect(upgrade({ user: 'nope' })).toMatchObject({ kind: 'unknown' });
    expect(upgrade([1, 2])).toMatchObject({ kind: 'unknown' });
    expect(upgrade({ schemaVersion: '1' })).toMatchObject({ kind: 'unknown' });
    expect(upgrade({ schemaVersion: 0 })).toMatchObject({ kind: 'unknown' });
  });
});
