/**
 * The change log beside the snapshot (server/store/README.md): `lamp.log.<generation>`, one JSON
 * line per committed write holding what it changed, rows put and removed per collection and
 * sessions set or ended. The snapshot (`lamp.json`) names the first generation that continues it
 * (`journal`); a start replays that log and every later one over it.
 *
 * A kill while a line was written leaves a torn tail: the bytes after the last newline. That
 * write was never acknowledged (a write is acknowledged after its fsync), so the tail is dropped.
 * A line that ends with a newline and does not parse is damage a kill cannot leave: refused.
 *
 * A full disk is not a kill: the append that fails (or writes only part of its lines) is cut back
 * to the last good line before anyone hears of it, so the log never holds a torn line that later
 * lines would continue, and the write is refused (StoreFullError), never acknowledged.
 */
import { open, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Collections } from './collections.ts';
import { isDiskFull, StoreFullError } from './disk-errors.ts';
import { StoreRefusal } from './refusal.ts';

/** What one committed write changed. */
export interface Change {
  /** Rows added or replaced (by id), per collection. */
  put?: Record<string, readonly { id: string }[]>;
  /** Ids of rows removed, per collection. */
  remove?: Record<string, readonly string[]>;
  /** Sessions set (a session) or ended (null), by key. */
  sessions?: Record<string, unknown>;
  /** The data changed since the seeding (the seed record's `changed`). */
  changed?: true;
}

/** The parts of the document a change touches. */
export interface Replayable {
  collections: Collections;
  sessions?: Record<string, unknown>;
  seed: { changed: boolean };
}

export const LOG_PREFIX = 'lamp.log.';

export function logFile(dir: string, generation: number): string {
  return path.join(dir, `${LOG_PREFIX}${generation}`);
}

/** The generations of the logs in a folder, oldest first. */
export async function logGenerations(dir: string): Promise<number[]> {
  const names = await readdir(dir);
  return names
    .filter((name) => name.startsWith(LOG_PREFIX) && /^\d+$/.test(name.slice(LOG_PREFIX.length)))
    .map((name) => Number(name.slice(LOG_PREFIX.length)))
    .sort((a, b) => a - b);
}

export interface LogContents {
  changes: Change[];
  /** The length of the complete lines: where the next line goes once a torn tail is cut off. */
  goodBytes: number;
  /** Bytes of a torn last line (a write killed half-way), 0 when none. */
  tornBytes: number;
}

/** Reads a log (none: empty); changes nothing. */
export async function readLog(file: string): Promise<LogContents> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { changes: [], goodBytes: 0, tornBytes: 0 };
    throw error;
  }
  const goodBytes = buffer.lastIndexOf(0x0a) + 1;
  const text = buffer.subarray(0, goodBytes).toString('utf8');
  const changes: Change[] = [];
  let line = 0;
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at);
    line += 1;
    try {
      changes.push(JSON.parse(text.slice(at, end)) as Change);
    } catch (error) {
      throw new StoreRefusal(
        `The change log ${file} is damaged at line ${line} (${(error as Error).message}), so LAMP does not ` +
          'start; it changed nothing. A killed write only ever leaves its last line unfinished, so this is ' +
          `other damage: keep the folder aside and restore it from your backup.`,
      );
    }
    at = end + 1;
  }
  return { changes, goodBytes, tornBytes: buffer.length - goodBytes };
}

/**
 * Applies changes to a document in order. A put replaces the row with its id where it is (or
 * adds it at the end), a remove drops it; both are idempotent, so a log replayed over a snapshot
 * that already holds some of its changes gives the same document.
 */
export function replay(document: Replayable, changes: Iterable<Change>): void {
  const positions = new Map<string, Map<string, number>>();
  const rowsOf = (name: string) => {
    const collections = document.collections as Record<string, { id: string }[] | undefined>;
    const rows = (collections[name] ??= []);
    let index = positions.get(name);
    if (!index) {
      index = new Map(rows.map((row, at) => [row.id, at]));
      positions.set(name, index);
    }
    return { rows, index };
  };
  for (const change of changes) {
    for (const [name, ids] of Object.entries(change.remove ?? {})) {
      const { rows, index } = rowsOf(name);
      const gone = new Set(ids.filter((id) => index.has(id)));
      if (!gone.size) continue;
      const kept = rows.filter((row) => !gone.has(row.id));
      rows.length = 0;
      rows.push(...kept);
      index.clear();
      rows.forEach((row, at) => index.set(row.id, at));
    }
    for (const [name, put] of Object.entries(change.put ?? {})) {
      const { rows, index } = rowsOf(name);
      for (const row of put) {
        const at = index.get(row.id);
        if (at === undefined) index.set(row.id, rows.push(row) - 1);
        else rows[at] = row;
      }
    }
    if (change.sessions) {
      const sessions = (document.sessions ??= {});
      for (const [key, session] of Object.entries(change.sessions)) {
        if (session === null) delete sessions[key];
        else sessions[key] = session;
      }
    }
    if (change.changed) document.seed.changed = true;
  }
}

/** A log being appended to: each append is written and fsynced before it resolves. */
export class LogWriter {
  readonly file: string;
  readonly generation: number;
  /** Its length: what replaying it at start would read. */
  bytes: number;
  readonly #handle: Awaited<ReturnType<typeof open>>;
  /** A failed append could not be cut back: the next one cuts first (the file may be longer than `bytes`). */
  #cutOwed = false;
  /** The file calls, replaceable by a test that injects faults (a short write, ENOSPC). */
  io: {
    write: (data: Buffer, offset: number, length: number) => Promise<{ bytesWritten: number }>;
    datasync: () => Promise<void>;
    truncate: (length: number) => Promise<void>;
  };

  private constructor(file: string, generation: number, handle: Awaited<ReturnType<typeof open>>, bytes: number) {
    this.file = file;
    this.generation = generation;
    this.#handle = handle;
    this.bytes = bytes;
    this.io = {
      write: (data, offset, length) => handle.write(data, offset, length),
      datasync: () => handle.datasync(),
      truncate: (length) => handle.truncate(length),
    };
  }

  /**
   * Opens a log to append to, cutting a torn tail off first (`goodBytes`: its complete lines), so
   * the next line does not continue the unfinished one. A new log's name is made durable.
   */
  static async open(dir: string, generation: number, goodBytes = 0): Promise<LogWriter> {
    const file = logFile(dir, generation);
    const handle = await open(file, 'a+');
    try {
      const { size } = await handle.stat();
      if (size !== goodBytes) {
        await handle.truncate(goodBytes);
        await handle.sync();
      }
      if (size === 0) await syncFolder(dir);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new LogWriter(file, generation, handle, goodBytes);
  }

  /**
   * Writes `lines` at the end and fsyncs them; resolves only once all of them are on disk. A write
   * that fails part-way (a full disk: ENOSPC, or a short write, which write(2) may do) is cut back
   * to the log's last good line first, then refused: StoreFullError on a full disk, the error as it
   * is otherwise.
   */
  async append(lines: string): Promise<void> {
    const data = Buffer.from(lines, 'utf8');
    try {
      if (this.#cutOwed) await this.#cut();
      // 'a' mode: every write goes to the end, whatever the position. write(2) may write less
      // than asked (a disk filling up): the rest follows, or fails and is cut back below.
      for (let at = 0; at < data.length;) {
        const { bytesWritten } = await this.io.write(data, at, data.length - at);
        if (bytesWritten <= 0) throw Object.assign(new Error('no space left on the device'), { code: 'ENOSPC' });
        at += bytesWritten;
      }
      // A delayed allocation (ext4, XFS) reports a full disk here rather than at the write.
      await this.io.datasync();
    } catch (error) {
      this.#cutOwed = true;
      await this.#cut().catch(() => undefined);
      throw isDiskFull(error) ? new StoreFullError(error) : error;
    }
    this.bytes += data.length;
  }

  /** Cuts the log back to its complete, acknowledged lines (a shorter file needs no new space). */
  async #cut(): Promise<void> {
    await this.io.truncate(this.bytes);
    await this.io.datasync();
    this.#cutOwed = false;
  }

  close(): Promise<void> {
    return this.#handle.close();
  }
}

/** Removes the logs older than `generation` (folded into a snapshot that is on disk). */
export async function removeLogsBefore(dir: string, generation: number): Promise<void> {
  for (const older of await logGenerations(dir)) {
    if (older < generation) await rm(logFile(dir, older), { force: true });
  }
}

/** fsync on the folder makes a new name durable (POSIX); some systems refuse it. */
export async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows and some file systems cannot open or sync a folder: the rename is all there is.
  } finally {
    await handle?.close();
  }
}
