/**
 * The store on disk (server/store/README.md): the snapshot `lamp.json` (lowdb's JSON document,
 * written by durable-file.ts) and the change logs that continue it (journal.ts).
 *
 * - A write appends one line per change to the current log and fsyncs it; writes asked for while
 *   one is on its way share the next append (group commit). A write costs what it changed.
 * - A write that cannot say what it changed (a reset, a test's direct edit) writes a snapshot.
 * - When the log has grown to half the snapshot (at least FOLD_MIN_BYTES), it is folded in the
 *   background: the next change goes to a new log, and a snapshot of the state at that moment is
 *   written, piece by piece, while writes go on; then the logs that neither `lamp.json` nor
 *   `lamp.json.prev` needs are removed.
 *
 * One disk operation at a time on the logs (the chain); one snapshot at a time.
 *
 * A write that cannot reach the disk (a full one) is refused, never acknowledged, and changes
 * nothing: the log is cut back to its last good line (journal.ts), and each change of the batch
 * is taken back out of memory (its `undo`, last change first), with the batch behind it, whose
 * changes were made on top. Sessions (`keep`) are not taken back: they are written with the next
 * append that succeeds, or by a retry every RETRY_MS, so people stay signed in. A snapshot that
 * fails leaves the old one and every log in place; a fold is tried again after RETRY_FOLD_MS.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isDiskFull, StoreFullError } from './disk-errors.ts';
import { DurableJsonFile } from './durable-file.ts';
import {
  logFile,
  logGenerations,
  LogWriter,
  readLog,
  removeLogsBefore,
  replay,
  type Change,
  type Replayable,
} from './journal.ts';

/** A snapshot on disk: the document and the generation of the log that continues it. */
export type Stored<Document> = Document & { journal?: number };

/** The state on disk is still whole (the last snapshot and every log): the next fold tries again. */
function foldFailed(error: unknown) {
  process.emitWarning(`LAMP could not fold its change log (it tries again later): ${(error as Error).message}`);
}

/** How often lines kept from a refused write (sessions) are tried again. */
const RETRY_MS = 5_000;
/** How long after a failed fold the next one is tried (each fold begins a new log). */
const RETRY_FOLD_MS = 30_000;

export interface CommitOptions {
  /** Takes the change back out of memory should it not reach the disk. */
  undo?: () => void;
  /** Not taken back: written with a later append instead (sessions: people stay signed in). */
  keep?: boolean;
}

export const FOLD_MIN_BYTES = 4 * 1024 * 1024;
/** A snapshot is written in pieces of about this many characters. */
const PIECE = 1 << 20;

interface Batch {
  lines: string[];
  snapshot: boolean;
  promise: Promise<void>;
  /** Per change, in order: what takes it back, or the line to keep for a later append. */
  undos: (() => void)[];
  keep: string[];
  /** Refused before it began: the batch ahead of it failed (its changes were made on top). */
  refused: Error | null;
}

export interface Loaded {
  /** Bytes of a torn last line dropped (a write killed half-way), 0 when none. */
  tornBytes: number;
  /** Changes replayed from the logs. */
  replayed: number;
}

export class StoreFile<Document extends Replayable> {
  readonly snapshot: DurableJsonFile<Stored<Document>>;
  readonly dir: string;
  /** The log size that starts a fold; by default half the snapshot. */
  foldBytes: number | null;
  #document: () => Document;
  /** The generation of the log that continues the snapshot on disk. */
  #journal = 0;
  #snapshotBytes = 0;
  #log: LogWriter | null = null;
  /** The log that appends go on in after a start, and where its complete lines end. */
  #resume: { generation: number; bytes: number } | null = null;
  #tail: Promise<void> = Promise.resolve();
  #next: Batch | null = null;
  #folding: Promise<void> | null = null;
  #foldAsked = false;
  /** No fold before this time (a failed one waits: each fold begins a new log). */
  #foldAfter = 0;
  /** Lines of refused writes that are written with the next append (sessions). */
  #owed: string[] = [];
  #retry: NodeJS.Timeout | null = null;
  /** A snapshot failed: the document differs from the disk by more than its log says. */
  #snapshotOwed = false;
  /** Disk writes so far (appends and snapshots), for benchmarks. */
  writes = 0;
  folds = 0;

  constructor(file: string, document: () => Document, options: { foldBytes?: number } = {}) {
    this.snapshot = new DurableJsonFile<Stored<Document>>(file);
    this.dir = path.dirname(file);
    this.#document = document;
    this.foldBytes = options.foldBytes ?? null;
  }

  get file(): string {
    return this.snapshot.file;
  }

  /** The log appends go to (null before the first snapshot): tests inject faults into its `io`. */
  get log(): LogWriter | null {
    return this.#log;
  }

  /** Reads the snapshot (null when there is none); changes nothing. */
  async read(): Promise<Stored<Document> | null> {
    const document = await this.snapshot.read();
    if (document !== null) this.#snapshotBytes = (await stat(this.snapshot.file)).size;
    return document;
  }

  /**
   * Replays the logs that continue an accepted snapshot over it, in order; changes nothing on disk
   * (a damaged log refuses the start). `journal` is the snapshot's; absent: no log continues it.
   */
  async load(document: Document, journal: number | undefined): Promise<Loaded> {
    if (journal === undefined) return { tornBytes: 0, replayed: 0 };
    this.#journal = journal;
    this.#resume = { generation: journal, bytes: 0 };
    let tornBytes = 0;
    let replayed = 0;
    for (const generation of await logGenerations(this.dir)) {
      if (generation < journal) continue;
      const log = await readLog(logFile(this.dir, generation));
      replay(document, log.changes);
      replayed += log.changes.length;
      tornBytes += log.tornBytes;
      // Appends go on in the newest log: the snapshot's, or a later one that a fold had begun.
      this.#resume = { generation, bytes: log.goodBytes };
    }
    return { tornBytes, replayed };
  }

  /** Accepted: removes a killed snapshot's leftovers, cuts a torn tail off, opens the log to append to. */
  async accept(): Promise<void> {
    await this.snapshot.removeLeftovers();
    if (this.#resume) this.#log = await LogWriter.open(this.dir, this.#resume.generation, this.#resume.bytes);
    this.#resume = null;
  }

  /**
   * Resolves once `change` is on disk (or, with null, once a snapshot of the whole document
   * written after this call is). Concurrent calls share one disk write.
   */
  commit(change: Change | null, options: CommitOptions = {}): Promise<void> {
    const batch = this.#batch();
    // Serialised now: what the change was when it was made.
    if (change) {
      const line = `${JSON.stringify(change)}\n`;
      batch.lines.push(line);
      if (options.keep) batch.keep.push(line);
    } else batch.snapshot = true;
    if (options.undo) batch.undos.push(options.undo);
    return batch.promise;
  }

  /** The batch that the next disk write takes: the one being gathered, or a new one. */
  #batch(): Batch {
    if (this.#next) return this.#next;
    const created: Batch = {
      lines: [],
      snapshot: false,
      promise: Promise.resolve(),
      undos: [],
      keep: [],
      refused: null,
    };
    created.promise = this.#tail
      .catch(() => undefined)
      .then(() => {
        if (this.#next === created) this.#next = null;
        if (created.refused) throw created.refused;
        return this.#flush(created);
      })
      .catch((error: unknown) => {
        if (!created.refused) this.#refused(created, error);
        throw error;
      });
    this.#tail = created.promise;
    return (this.#next = created);
  }

  /**
   * A batch did not reach the disk: the batch gathered behind it is refused too if this one had
   * changes to take back (its changes may build on them), both are taken back out of memory,
   * newest change first, and their kept lines wait for the next append.
   */
  #refused(batch: Batch, error: unknown): void {
    const behind = batch.undos.length ? this.#next : null;
    const batches = [batch];
    if (behind) {
      this.#next = null;
      behind.refused = error as Error;
      batches.push(behind);
    }
    for (const each of [...batches].reverse()) {
      for (const undo of each.undos.reverse()) {
        try {
          undo();
        } catch (undoError) {
          process.emitWarning(`LAMP could not take a refused change back: ${(undoError as Error).message}`);
        }
      }
    }
    for (const each of batches) this.#owed.push(...each.keep);
    if (this.#owed.length && !this.#retry) {
      this.#retry = setInterval(() => {
        if (!this.#next && this.#owed.length) this.#batch().promise.catch(() => undefined);
        if (!this.#owed.length) this.#stopRetry();
      }, RETRY_MS);
      this.#retry.unref();
    }
  }

  #stopRetry(): void {
    if (this.#retry) clearInterval(this.#retry);
    this.#retry = null;
  }

  /** Waits for every write asked for so far, and for a fold under way. */
  async settle(): Promise<void> {
    for (;;) {
      const tail = this.#tail;
      await tail.catch(() => undefined);
      await this.#folding;
      if (tail === this.#tail && !this.#folding) return;
    }
  }

  async close(): Promise<void> {
    await this.settle();
    // Kept lines (sessions) of refused writes: one last try.
    if (this.#owed.length) await this.#batch().promise.catch(() => undefined);
    this.#stopRetry();
    await this.#log?.close();
    this.#log = null;
  }

  async #flush(batch: Batch): Promise<void> {
    if (batch.snapshot || this.#snapshotOwed || !this.#log) {
      // The document holds every change of the batch (and the kept lines): the snapshot carries them.
      await this.#folding;
      this.#snapshotOwed = true;
      const owed = this.#owed;
      this.#owed = [];
      try {
        await this.#writeSnapshot(await this.#rotate());
      } catch (error) {
        this.#owed = [...owed, ...this.#owed];
        throw isDiskFull(error) ? new StoreFullError(error) : error;
      }
      this.#snapshotOwed = false;
      return;
    }
    const owed = this.#owed;
    this.#owed = [];
    if (!owed.length && !batch.lines.length) return;
    try {
      await this.#log.append(owed.join('') + batch.lines.join(''));
    } catch (error) {
      // Still owed, ahead of the kept lines of this batch (#refused adds those).
      this.#owed = [...owed, ...this.#owed];
      throw error;
    }
    if (!this.#owed.length) this.#stopRetry();
    this.writes += 1;
    const threshold = this.foldBytes ?? Math.max(FOLD_MIN_BYTES, this.#snapshotBytes / 2);
    if (this.#log.bytes >= threshold && !this.#folding && !this.#foldAsked && Date.now() >= this.#foldAfter) {
      this.#foldAsked = true;
      // In the chain, between two appends: the log switches where no change is half-written.
      const started = this.#tail
        .catch(() => undefined)
        .then(async () => {
          this.#foldAsked = false;
          if (this.#folding) return;
          const snapshot = await this.#rotate();
          this.#folding = this.#writeSnapshot(snapshot)
            .catch((error: unknown) => {
              this.#foldAfter = Date.now() + RETRY_FOLD_MS;
              foldFailed(error);
            })
            .finally(() => (this.#folding = null));
        })
        .catch((error: unknown) => {
          this.#foldAfter = Date.now() + RETRY_FOLD_MS;
          foldFailed(error);
        });
      this.#tail = started;
    }
  }

  /**
   * Starts the next log (every later change goes there) and captures the document as it is: the
   * state that the snapshot about to be written holds, continued by the new log. Rows are never
   * changed in place, so copying the lists (not the rows) keeps the capture as it is.
   */
  async #rotate(): Promise<{ document: Document; journal: number }> {
    const generation = (this.#log?.generation ?? this.#journal) + 1;
    const next = await LogWriter.open(this.dir, generation);
    await this.#log?.close();
    this.#log = next;
    const current = this.#document();
    const collections = Object.fromEntries(
      Object.entries(current.collections).map(([name, rows]) => [name, (rows as unknown[]).slice()]),
    );
    const document = {
      ...current,
      seed: { ...current.seed },
      ...(current.sessions ? { sessions: { ...current.sessions } } : {}),
      collections,
    };
    return { document: document, journal: generation };
  }

  async #writeSnapshot({ document, journal }: { document: Document; journal: number }): Promise<void> {
    let bytes = 0;
    await this.snapshot.replace(
      (function* () {
        for (const piece of serialise(document, journal)) {
          bytes += piece.length;
          yield piece;
        }
      })(),
    );
    this.writes += 1;
    this.folds += 1;
    this.#snapshotBytes = bytes;
    // lamp.json.prev is the snapshot just replaced: keep the logs that continue it.
    const previous = this.#journal;
    this.#journal = journal;
    await removeLogsBefore(this.dir, previous);
  }
}

/**
 * The snapshot's JSON, `JSON.stringify({...document, journal})` to the byte, in pieces of about
 * PIECE characters: the collections come last, row by row.
 */
export function* serialise<Document extends Replayable>(document: Document, journal: number): Generator<string> {
  const { collections, ...rest } = document;
  const head = JSON.stringify({ ...rest, journal });
  let out = `${head.slice(0, -1)},"collections":{`;
  let firstCollection = true;
  for (const [name, rows] of Object.entries(collections as Record<string, unknown[]>)) {
    out += `${firstCollection ? '' : ','}${JSON.stringify(name)}:[`;
    firstCollection = false;
    for (let at = 0; at < rows.length; at += 1) {
      out += `${at ? ',' : ''}${JSON.stringify(rows[at]) ?? 'null'}`;
      if (out.length >= PIECE) {
        yield out;
        out = '';
      }
    }
    out += ']';
  }
  yield `${out}}}`;
}

/**
 * The data a start would see in a folder (the snapshot with its logs replayed), read only, with no
 * lock and no checks: for tests and benchmarks that look at what is on disk. Its `journal` is past
 * every log, so writing it back as the snapshot gives the same data.
 */
export async function readStore<Document extends Replayable>(file: string): Promise<Stored<Document> | null> {
  const document = await new DurableJsonFile<Stored<Document>>(file).read();
  if (!document) return null;
  const dir = path.dirname(file);
  let newest = document.journal ?? 0;
  for (const generation of await logGenerations(dir)) {
    if (document.journal === undefined || generation < document.journal) continue;
    replay(document, (await readLog(logFile(dir, generation))).changes);
    newest = generation;
  }
  if (document.journal !== undefined) document.journal = newest + 1;
  return document;
}
