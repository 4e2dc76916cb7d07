/**
 * An upgrade or a stray file never wipes the store: an older data file is
 * migrated with the old one kept as `lamp.json.v<N>`; an unknown shape or a newer version refuses
 * to start, says how to recover and writes nothing; demo mode re-seeds changed fixtures only into
 * a store that holds the earlier demo data and nothing else; production never re-seeds.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES_PATH } from '../../fixtures/generate.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { DATA_FILE, SCHEMA_VERSION, type DatabaseDocument } from '../../server/store/database.ts';
import { fixturesFingerprint } from '../../server/store/index.ts';
import { StoreRefusal } from '../../server/store/refusal.ts';
import type { Config } from '../../server/config.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';
import { storedData } from '../helpers/data-dir.ts';
import { signInThrough } from '../helpers/http.ts';

const V1_SAMPLE = path.join(import.meta.dirname, '../unit/server/store/lamp.v1.json');
const WRITER = 'writer@northwind.test';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'lamp-upgrade-'));
const dataFile = (dir: string) => path.join(dir, DATA_FILE);
/** The store as the next start reads it (the snapshot and its change log). */
const stored = storedData;
/** Every file in the folder with its bytes: what "writes nothing" compares. */
const snapshot = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));

const signIn = (app: FastifyInstance) => signInThrough(app, WRITER);

async function createList(app: FastifyInstance, cookie: string, name: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/domain-list',
    headers: { cookie },
    payload: { account: ACCOUNT_IDS.northwind, name, type: 'allow', domains: ['example.com'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data.id;
}

describe('a data file of an earlier version', () => {
  const apps: FastifyInstance[] = [];
  const start = async (config: Partial<Config>) => {
    const app = await buildTestApp(config);
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('is migrated with its data, and the old file is kept as lamp.json.v1', async () => {
    const dir = freshDir();
    copyFileSync(V1_SAMPLE, dataFile(dir));
    const original = readFileSync(V1_SAMPLE, 'utf8');
    const app = await start({ mode: 'demo', dataDir: dir });
    expect(app.db.startNotes.join('\n')).toMatch(/migrated .* from schema version 1/);

    // The row made before the upgrade is there, and the persona still signs in.
    const cookie = await signIn(app);
    const lists = await app.inject({
      url: `/api/v1/domain-list?account=${ACCOUNT_IDS.northwind}`,
      headers: { cookie },
    });
    expect(lists.statusCode, lists.body).toBe(200);
    expect(lists.json<{ data: { name: string }[] }>().data.map((row) => row.name)).toContain('Kept across the upgrade');
    await createList(app, cookie, 'After the upgrade');
    await app.close();

    expect(await stored(dir)).toMatchObject({ schemaVersion: SCHEMA_VERSION, seed: { kind: 'demo', changed: true } });
    // The old file, byte for byte, still there after later writes: the way back to version 1.
    expect(readFileSync(`${dataFile(dir)}.v1`, 'utf8')).toBe(original);

    // A second start reads the current version: nothing more is migrated or kept.
    const again = await start({ mode: 'demo', dataDir: dir });
    expect(again.db.startNotes).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.includes('.v'))).toEqual([`${DATA_FILE}.v1`]);
  });

  it('keeps the old file under a new name when lamp.json.v1 already holds another one', async () => {
    const dir = freshDir();
    copyFileSync(V1_SAMPLE, dataFile(dir));
    writeFileSync(`${dataFile(dir)}.v1`, 'an older copy, kept by hand');
    await start({ mode: 'demo', dataDir: dir });
    expect(readFileSync(`${dataFile(dir)}.v1`, 'utf8')).toBe('an older copy, kept by hand');
    expect(readFileSync(`${dataFile(dir)}.v1-2`, 'utf8')).toBe(readFileSync(V1_SAMPLE, 'utf8'));
  });
});

describe('a data file LAMP cannot read', () => {
  const refused = async (dir: string, config: Partial<Config> = {}) => {
    const before = snapshot(dir);
    const error = await buildTestApp({ mode: 'demo', dataDir: dir, ...config }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StoreRefusal);
    // Nothing written, moved or removed (the lock the start took is gone again).
    expect(snapshot(dir)).toEqual(before);
    return (error as Error).message;
  };

  it('of an unknown shape: refuses to start, names the file and how to recover, writes nothing', async () => {
    const dir = freshDir();
    writeFileSync(dataFile(dir), '{"user":"nope"}');
    writeFileSync(path.join(dir, '.lamp.json.tmp'), 'what a killed write left');
    const message = await refused(dir);
    expect(message).toContain(`The data file ${dataFile(dir)} is not a LAMP store`);
    expect(message).toContain(`mv ${dataFile(dir)} ${dataFile(dir)}.unknown`);
    // Moved away as the message says, the next start makes a fresh store.
    renameSync(dataFile(dir), `${dataFile(dir)}.unknown`);
    const app = await buildTestApp({ mode: 'demo', dataDir: dir });
    await app.close();
    expect((await stored(dir)).schemaVersion).toBe(SCHEMA_VERSION);
  });

  it('of the current version with a broken shape: refuses and offers the previous good copy', async () => {
    const dir = freshDir();
    const app = await buildTestApp({ mode: 'demo', dataDir: dir });
    const cookie = await signIn(app);
    await createList(app, cookie, 'Before the damage');
    // A reset writes a new snapshot: the one before it becomes lamp.json.prev.
    await app.inject({ method: 'POST', url: '/api/v1/testing/reset' });
    await createList(app, cookie, 'After the reset');
    await app.close();
    writeFileSync(dataFile(dir), JSON.stringify({ ...(await stored(dir)), collections: { measurement: 'nope' } }));
    const message = await refused(dir);
    expect(message).toContain('its collection measurement is not a list');
    expect(message).toContain(`cp ${dataFile(dir)}.prev ${dataFile(dir)}`);
  });

  it('of a newer version: refuses to start, says a newer LAMP wrote it, writes nothing', async () => {
    const dir = freshDir();
    copyFileSync(V1_SAMPLE, dataFile(dir));
    // As after an upgrade to this release and one more: the version 2 copy was kept by this one.
    const app = await buildTestApp({ mode: 'demo', dataDir: dir });
    await app.close();
    const newer = SCHEMA_VERSION + 1;
    copyFileSync(dataFile(dir), `${dataFile(dir)}.v${SCHEMA_VERSION}`);
    writeFileSync(dataFile(dir), JSON.stringify({ ...(await stored(dir)), schemaVersion: newer }));
    const message = await refused(dir);
    expect(message).toContain(`schema version ${newer}, newer than this release of LAMP reads (${SCHEMA_VERSION})`);
    expect(message).toContain(`cp ${dataFile(dir)}.v${SCHEMA_VERSION} ${dataFile(dir)}`);
  });
});

describe('re-seeding from changed fixtures', () => {
  /** A store as an earlier release seeded it from other fixtures: one persona named otherwise. */
  async function seededEarlier(config: Partial<Config>, edit: (document: DatabaseDocument) => void = () => {}) {
    const dir = config.dataDir!;
    const app = await buildTestApp(config);
    await app.close();
    const document = await stored(dir);
    const users = document.collections.user as unknown as { email: string; first_name: string }[];
    for (const user of users) if (user.email === WRITER) user.first_name = 'Earlier';
    document.seed.fixtures = 'the fixtures of an earlier release';
    edit(document);
    writeFileSync(dataFile(dir), JSON.stringify(document));
  }
  const writerName = async (dir: string) =>
    ((await stored(dir)).collections.user as unknown as { email: string; first_name: string }[]).find(
      (user) => user.email === WRITER,
    )?.first_name;

  it('re-seeds a demo store that holds only the earlier demo data', async () => {
    const dir = freshDir();
    await seededEarlier({ mode: 'demo', dataDir: dir });
    const app = await buildTestApp({ mode: 'demo', dataDir: dir });
    expect(app.db.startNotes.join('\n')).toMatch(/re-seeded/);
    await app.close();
    expect(await writerName(dir)).not.toBe('Earlier');
    const fixtures = fixturesFingerprint(readFileSync(DEMO_FIXTURES_PATH, 'utf8'));
    expect((await stored(dir)).seed).toEqual({ kind: 'demo', changed: false, fixtures });
  });

  it('keeps a demo store in which anything was changed', async () => {
    const dir = freshDir();
    await seededEarlier({ mode: 'demo', dataDir: dir });
    // The same store, after a person's change (as the earlier release recorded it).
    const document = await stored(dir);
    document.seed.changed = true;
    writeFileSync(dataFile(dir), JSON.stringify(document));
    const app = await buildTestApp({ mode: 'demo', dataDir: dir });
    expect(app.db.startNotes).toEqual([]);
    await app.close();
    expect(await writerName(dir)).toBe('Earlier');
  });

  it('records a change of the data, and a reset makes the store the seed again', async () => {
    const dir = freshDir();
    const app = await buildTestApp({ mode: 'demo', dataDir: dir });
    // A sign-in (a session, the last-login stamp) changes no data; a row written does.
    const cookie = await signIn(app);
    await app.db.writeBookkeeping();
    expect((await stored(dir)).seed.changed).toBe(false);
    await createList(app, cookie, 'A change');
    expect((await stored(dir)).seed.changed).toBe(true);
    await app.inject({ method: 'POST', url: '/api/v1/testing/reset' });
    expect((await stored(dir)).seed.changed).toBe(false);
    await app.close();
  });

  it("still happens after the server's own processing wrote (the import jobs' clock)", async () => {
    const dir = freshDir();
    const app = await buildTestApp({ mode: 'demo', dataDir: dir });
    const events = () => app.db.low.data.collections['import-job-status']!.length;
    const before = events();
    // The demo's in-flight imports move on by the clock: each step is a write of the server's own.
    await expect.poll(events, { timeout: 20_000 }).toBeGreaterThan(before);
    await app.close();
    expect((await stored(dir)).seed.changed).toBe(false);
  });

  it('never happens in production', async () => {
    const config = productionConfig();
    await seededEarlier(config, (document) => {
      document.collections.model = [];
    });
    const before = readFileSync(dataFile(config.dataDir!), 'utf8');
    const app = await buildTestApp(config);
    expect(app.db.startNotes).toEqual([]);
    expect(app.db.low.data.collections.model).toEqual([]);
    await app.close();
    expect(readFileSync(dataFile(config.dataDir!), 'utf8')).toBe(before);
  });
});
