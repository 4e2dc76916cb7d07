/**
 * A full disk on any machine (the tmpfs test, tests/api/full-disk.test.ts, needs a mount): faults
 * injected into the log's file calls and the snapshot's writes. A write cut short by a full disk
 * is cut back to the last good line and refused, never acknowledged; its changes are taken back
 * out of memory, newest first; a session is kept and written with the next append; a snapshot that fails leaves no
 * half-written file and the old snapshot and logs in place; and the store starts afterwards with
 * every acknowledged write.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Collections } from '../../../../server/store/collections.ts';
import { DATA_FILE, openDatabase, type Database } from '../../../../server/store/database.ts';
import { StoreFullError } from '../../../../server/store/disk-errors.ts';
import { DurableJsonFile } from '../../../../server/store/durable-file.ts';
import { LogWriter, logFile, readLog } from '../../../../server/store/journal.ts';
import { createRepositories } from '../../../../server/store/repositories.ts';

type Note = { id: string; text: string };
const open: Database[] = [];
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'lamp-full-'));
const seed = (): Collections => ({ note: [{ id: 'seeded', text: 'from the seed' }] });
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

async function start(dir: string) {
  const db = await openDatabase({ dataDir: dir, seed, foldBytes: 1 << 30 });
  open.push(db);
  return { db, notes: createRepositories(db).collection('note', null) };
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

/**
 * The log's writes from now on: the next `room` bytes reach the file (a write asking for more
 * writes part of it: a short write), then every write fails with ENOSPC until `free()`.
 */
function fillAfter(log: LogWriter, room: number) {
  const real = { ...log.io };
  let left = room;
  let full = true;
  log.io.write = async (data, offset, length) => {
    if (!full) return real.write(data, offset, length);
    if (left === 0) throw enospc();
    const part = Math.min(left, length);
    left -= part;
    return real.write(data, offset, part);
  };
  return {
    free: () => {
      full = false;
    },
  };
}

describe('a full disk under the log', () => {
  it('cuts a short write back to the last good line and refuses it; the log stays whole', async () => {
    const dir = freshDir();
    const writer = await LogWriter.open(dir, 1);
    await writer.append('{"put":{"note":[{"id":"a"}]}}\n');
    const good = writer.bytes;
    const disk = fillAfter(writer, 10);
    await expect(writer.append('{"put":{"note":[{"id":"b"}]}}\n')).rejects.toThrow(StoreFullError);
    expect(statSync(logFile(dir, 1)).size).toBe(good);
    expect(writer.bytes).toBe(good);
    disk.free();
    await writer.append('{"put":{"note":[{"id":"c"}]}}\n');
    await writer.close();
    const log = await readLog(logFile(dir, 1));
    expect(log.tornBytes).toBe(0);
    expect(log.changes.map((change) => change.put?.note?.[0]?.id)).toEqual(['a', 'c']);
  });

  it('cuts back a write that a full disk refused only at its fsync (delayed allocation)', async () => {
    const dir = freshDir();
    const writer = await LogWriter.open(dir, 1);
    await writer.append('{"put":{"note":[{"id":"a"}]}}\n');
    const realSync = writer.io.datasync;
    let failures = 1;
    writer.io.datasync = () => (failures-- > 0 ? Promise.reject(enospc()) : realSync());
    await expect(writer.append('{"put":{"note":[{"id":"b"}]}}\n')).rejects.toThrow(StoreFullError);
    await writer.append('{"put":{"note":[{"id":"c"}]}}\n');
    await writer.close();
    const log = await readLog(logFile(dir, 1));
    expect(log.changes.map((change) => change.put?.note?.[0]?.id)).toEqual(['a', 'c']);
  });

  it('refuses the writes, takes them out of memory, keeps sessions, and loses no acknowledged write', async () => {
    const dir = freshDir();
    const { db, notes } = await start(dir);
    await notes.insert({ id: 'before', text: 'acknowledged before the disk filled' });
    const disk = fillAfter(db.file!.log!, 5);
    // A sign-in: the session is in memory, then written (server/plugins/session.ts).
    const session = { userId: 'u', createdAt: 1, lastSeenAt: 1 };
    db.low.data.sessions!['while-full'] = session;
    // Concurrent writes share one append: the full disk cuts it short, and every one is refused.
    const results = await Promise.allSettled([
      notes.insert({ id: 'full-1', text: 'refused' }),
      notes.replace({ id: 'before', text: 'a refused edit' }),
      notes.remove('seeded'),
      db.writeBookkeeping({ sessions: { 'while-full': session } }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(StoreFullError);
      expect(((result as PromiseRejectedResult).reason as StoreFullError).statusCode).toBe(507);
    }
    // Nothing changed in memory: each write taken back, newest first.
    expect(notes.byId('full-1')).toBeUndefined();
    expect((notes.byId('before') as unknown as Note).text).toBe('acknowledged before the disk filled');
    expect(notes.byId('seeded')).toBeDefined();
    expect(notes.all().map((row) => row.id)).toEqual(['seeded', 'before']);
    expect(db.low.data.seed.changed).toBe(true);
    // The session stays (people stay signed in) and is written with the next append.
    expect(db.low.data.sessions?.['while-full']).toBeDefined();

    disk.free();
    await notes.insert({ id: 'after', text: 'acknowledged once space returned' });
    await db.close();
    open.splice(open.indexOf(db), 1);
    const again = await start(dir);
    expect(again.notes.all().map((row) => row.id)).toEqual(['seeded', 'before', 'after']);
    expect(again.db.low.data.sessions?.['while-full']).toBeDefined();
    expect(again.db.startNotes.filter((note) => note.includes('dropped'))).toEqual([]);
  });
});

describe('a full disk under a snapshot', () => {
  it('removes the half-written copy and keeps the old file', async () => {
    const dir = freshDir();
    const file = new DurableJsonFile<{ n: number }>(path.join(dir, DATA_FILE));
    await file.write({ n: 1 });
    const before = readFileSync(path.join(dir, DATA_FILE), 'utf8');
    await expect(
      file.replace(
        (function* () {
          yield '{"n":';
          throw enospc();
        })(),
      ),
    ).rejects.toThrow('ENOSPC');
    expect(readdirSync(dir).some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(readFileSync(path.join(dir, DATA_FILE), 'utf8')).toBe(before);
  });
});
