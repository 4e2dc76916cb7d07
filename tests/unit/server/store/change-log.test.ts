/**
 * The change log beside the snapshot: a write appends what it changed, a
 * start replays it, a torn last line is dropped, the log is folded into a new snapshot, and a kill
 * at each step of a fold leaves a store that starts with every acknowledged write.
 */
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Collections } from '../../../../server/store/collections.ts';
import { DATA_FILE, openDatabase, type Database } from '../../../../server/store/database.ts';
import { StoreRefusal } from '../../../../server/store/refusal.ts';
import { createRepositories } from '../../../../server/store/repositories.ts';
import { serialise } from '../../../../server/store/store-file.ts';

type Note = { id: string; text: string };
const open: Database[] = [];
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'lamp-log-'));
const seed = (): Collections => ({ note: [{ id: 'seeded', text: 'from the seed' }] });

async function start(dir: string, foldBytes = 1 << 30) {
  const db = await openDatabase({ dataDir: dir, seed, foldBytes });
  open.push(db);
  return { db, notes: createRepositories(db).collection('note', null) };
}

async function stop(db: Database) {
  open.splice(open.indexOf(db), 1);
  await db.close();
}

/** The notes a start on the folder sees, by id. */
async function notesIn(dir: string): Promise<Record<string, string>> {
  const { db, notes } = await start(dir);
  const seen = Object.fromEntries(notes.all().map((row) => [row.id, (row as unknown as Note).text]));
  await stop(db);
  return seen;
}

const files = (dir: string) => readdirSync(dir).sort();
const logLines = (dir: string, generation: number) =>
  readFileSync(path.join(dir, `lamp.log.${generation}`), 'utf8')
    .split('\n')
    .filter(Boolean);
const logChanges = (dir: string, generation: number) =>
  logLines(dir, generation).map((line) => JSON.parse(line) as { put: { note: Note[] } });
const journalOf = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, DATA_FILE), 'utf8')) as { journal: number }).journal;

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

describe('the change log', () => {
  it('takes a line per write, leaves the snapshot alone, and is replayed by the next start', async () => {
    const dir = freshDir();
    const { db, notes } = await start(dir);
    const snapshot = readFileSync(path.join(dir, DATA_FILE), 'utf8');
    await notes.insert({ id: 'a', text: 'first' });
    await notes.insert({ id: 'b', text: 'second' });
    await notes.update('a', { text: 'first, edited' });
    await notes.remove('seeded');
    await stop(db);

    expect(readFileSync(path.join(dir, DATA_FILE), 'utf8')).toBe(snapshot);
    expect(logChanges(dir, 1)).toEqual([
      { put: { note: [{ id: 'a', text: 'first' }] }, changed: true },
      { put: { note: [{ id: 'b', text: 'second' }] }, changed: true },
      { put: { note: [{ id: 'a', text: 'first, edited' }] }, changed: true },
      { remove: { note: ['seeded'] }, changed: true },
    ]);
    expect(await notesIn(dir)).toEqual({ a: 'first, edited', b: 'second' });
  });

  it('shares one append among concurrent writes, each acknowledged once it is on disk', async () => {
    const dir = freshDir();
    const { db, notes } = await start(dir);
    const before = db.diskWrites;
    await Promise.all(Array.from({ length: 50 }, (_, n) => notes.insert({ id: `n${n}`, text: String(n) })));
    expect(db.diskWrites - before).toBeLessThan(10);
    expect(logLines(dir, 1)).toHaveLength(50);
    await stop(db);
    expect(Object.keys(await notesIn(dir))).toHaveLength(51);
  });

  it('drops a torn last line (a write killed half-way) and goes on after the last whole one', async () => {
    const dir = freshDir();
    const { db, notes } = await start(dir);
    await notes.insert({ id: 'kept', text: 'acknowledged' });
    await stop(db);
    appendFileSync(path.join(dir, 'lamp.log.1'), '{"put":{"note":[{"id":"torn","text":"never ackn');

    const again = await start(dir);
    expect(again.db.startNotes.join('\n')).toMatch(/dropped the last \d+ bytes of the change log/);
    expect(again.notes.byId('torn')).toBeUndefined();
    await again.notes.insert({ id: 'after', text: 'written after the start' });
    await stop(again.db);
    expect(logChanges(dir, 1).map((change) => change.put.note[0]!.id)).toEqual(['kept', 'after']);
    expect(await notesIn(dir)).toEqual({
      seeded: 'from the seed',
      kept: 'acknowledged',
      after: 'written after the start',
    });
  });

  it('refuses a log damaged before its last line, and changes nothing', async () => {
    const dir = freshDir();
    const { db, notes } = await start(dir);
    await notes.insert({ id: 'a', text: 'first' });
    await stop(db);
    const log = path.join(dir, 'lamp.log.1');
    writeFileSync(log, `{"put":{"note":[{"id"\n${readFileSync(log, 'utf8')}`);
    const before = Object.fromEntries(files(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
    const error = await openDatabase({ dataDir: dir, seed }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreRefusal);
    expect((error as Error).message).toContain(`The change log ${log} is damaged at line 1`);
    const after = Object.fromEntries(files(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
    expect(after).toEqual(before);
  });

  it('writes a snapshot as JSON.stringify would, piece by piece', () => {
    const rows = Array.from({ length: 3000 }, (_, n) => ({ id: `r${n}`, text: 'x'.repeat(500), nested: { n } }));
    const document = {
      schemaVersion: 3,
      seed: { kind: 'demo', fixtures: null, changed: true },
      collections: { a: rows, empty: [], b: [{ id: 'b', gap: undefined }] },
      sessions: { k: { userId: 'u' } },
    } as never;
    const pieces = [...serialise(document, 7)];
    expect(pieces.length).toBeGreaterThan(1);
    expect(JSON.parse(pieces.join(''))).toEqual(JSON.parse(JSON.stringify({ ...(document as object), journal: 7 })));
  });
});

describe('folding the log into a snapshot', () => {
  it('starts a new log and writes the snapshot once the log is big enough, writes going on meanwhile', async () => {
    const dir = freshDir();
    const { db, notes } = await start(dir, 2_000);
    const writes = Array.from({ length: 200 }, (_, n) => notes.insert({ id: `n${n}`, text: 'x'.repeat(50) }));
    await Promise.all(writes);
    await db.file!.settle();
    expect(db.file!.folds).toBeGreaterThan(1);
    await stop(db);
    // Kept: the snapshot, the previous one, and the logs that continue each of them.
    const journal = journalOf(dir);
    const logs = files(dir).filter((name) => name.startsWith('lamp.log.'));
    expect(logs.map((name) => Number(name.split('.').pop())).every((g) => g >= journal - 1)).toBe(true);
    expect(Object.keys(await notesIn(dir))).toHaveLength(201);
  });

  /**
   * The folder as a kill leaves it at each step of a fold, built from the real files: before (D0:
   * the snapshot, continued by log 1), and after (D1: a fold wrote the snapshot continued by log 2,
   * log 1 continues lamp.json.prev; then one more write went to log 2).
   */
  async function foldStates() {
    const before = freshDir();
    const { db, notes } = await start(before);
    await notes.insert({ id: 'a', text: 'A' });
    await notes.insert({ id: 'b', text: 'B' });
    await stop(db);
    const d0 = freshDir();
    cpSync(before, d0, { recursive: true });

    const folding = await start(before, 150);
    await folding.notes.insert({ id: 'c', text: 'C' });
    await folding.db.file!.settle();
    await folding.notes.insert({ id: 'd', text: 'D' });
    await stop(folding.db);
    expect(journalOf(before)).toBe(2);
    expect(logLines(before, 2)).toHaveLength(1);
    return { d0, d1: before };
  }
  const everything = { seeded: 'from the seed', a: 'A', b: 'B', c: 'C', d: 'D' };

  it('loses nothing when killed after the new log began, before the snapshot is in place', async () => {
    const { d0, d1 } = await foldStates();
    const dir = freshDir();
    cpSync(d1, dir, { recursive: true });
    copyFileSync(path.join(d0, DATA_FILE), path.join(dir, DATA_FILE));
    expect(await notesIn(dir)).toEqual(everything);
  });

  it('loses nothing when killed half-way through the snapshot, and removes the half-written file', async () => {
    const { d0, d1 } = await foldStates();
    const dir = freshDir();
    cpSync(d1, dir, { recursive: true });
    copyFileSync(path.join(d0, DATA_FILE), path.join(dir, DATA_FILE));
    writeFileSync(path.join(dir, '.lamp.json.tmp'), readFileSync(path.join(d1, DATA_FILE), 'utf8').slice(0, 40));
    expect(await notesIn(dir)).toEqual(everything);
    expect(existsSync(path.join(dir, '.lamp.json.tmp'))).toBe(false);
  });

  it('replays no log the snapshot already holds when killed before the old logs were removed', async () => {
    const { d1 } = await foldStates();
    const dir = freshDir();
    cpSync(d1, dir, { recursive: true });
    // An older log that would undo the data if it were replayed.
    writeFileSync(path.join(dir, 'lamp.log.0'), `${JSON.stringify({ remove: { note: ['a', 'b'] } })}\n`);
    expect(await notesIn(dir)).toEqual(everything);
  });

  it('keeps the logs that lamp.json.prev needs: the previous good copy, put in place, has every write', async () => {
    const { d1 } = await foldStates();
    expect(statSync(path.join(d1, 'lamp.json.prev')).size).toBeGreaterThan(0);
    copyFileSync(path.join(d1, 'lamp.json.prev'), path.join(d1, DATA_FILE));
    expect(await notesIn(d1)).toEqual(everything);
  });
});
