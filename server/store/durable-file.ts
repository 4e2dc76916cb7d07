/**
 * The data file behind the store: one JSON document, written so that a kill at any moment leaves
 * either the old or the new document, and so that "acknowledged" means "on disk".
 *
 * - Group commit. Writes requested while a write is on its way share the next one: the document
 *   is serialised and written once for all of them. Every caller's promise resolves only after a
 *   write that began after its change (and was flushed with fsync) has been renamed into place.
 *   Under load, a hundred concurrent writes cost one or two disk writes instead of a hundred
 *   serialisations of the whole document (1.4 MB at the demo size).
 * - Atomic replacement: write `.lamp.json.tmp`, fsync it, keep the current file as the previous
 *   good copy (`lamp.json.prev`, a hard link: no copy), rename the temporary file over
 *   `lamp.json`, fsync the folder.
 * - At start: a damaged `lamp.json` stops the start with a message naming the previous good copy
 *   (the README's recovery steps); once the store accepts the file, leftovers of a killed write
 *   (`.tmp` files) are removed.
 * - Before a migration rewrites the file, the old one is kept under another name (keepAs).
 */
import { copyFile, link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder } from './journal.ts';
import { StoreRefusal } from './refusal.ts';

export class DamagedDataFileError extends StoreRefusal {
  override name = 'DamagedDataFileError';
}

export interface DurableFileOptions {
  /** Serialises the document; called once per disk write, at the moment it begins. */
  stringify?: (data: unknown) => string;
}

export class DurableJsonFile<T> {
  readonly file: string;
  readonly previous: string;
  readonly #temporary: string;
  readonly #stringify: (data: unknown) => string;
  /** The write on its way, if any. */
  #inFlight: Promise<void> | null = null;
  /** The write that will follow it, shared by every caller that asked meanwhile. */
  #next: { promise: Promise<void>; data: T } | null = null;
  /** Disk writes done (for the soak benchmark's figures). */
  writes = 0;

  constructor(file: string, options: DurableFileOptions = {}) {
    this.file = file;
    const dir = path.dirname(file);
    const base = path.basename(file);
    this.previous = `${file}.prev`;
    this.#temporary = path.join(dir, `.${base}.tmp`);
    this.#stringify = options.stringify ?? ((data) => JSON.stringify(data));
  }

  /** Reads the document (null when there is none); changes nothing. */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new DamagedDataFileError(
        `The data file ${this.file} is damaged (${(error as Error).message}), so LAMP does not start. ` +
          `The previous good copy is ${this.previous}: stop LAMP, keep the damaged file aside ` +
          `(mv ${this.file} ${this.file}.damaged), copy the previous one into place ` +
          `(cp ${this.previous} ${this.file}) and start again. It lacks only the last write batch.`,
      );
    }
  }

  /** Removes what a killed write left behind (only this process writes the file now). */
  async removeLeftovers(): Promise<void> {
    await rm(this.#temporary, { force: true });
  }

  /**
   * Keeps the current file under `target` as well (a second name: no copy; a copy where the file
   * system has no hard links), durably, and returns the name used. A `target` that already holds
   * another file is left alone: the copy goes to `target-2` (then -3…).
   */
  async keepAs(target: string): Promise<string> {
    const current = await stat(this.file);
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? target : `${target}-${n}`;
      const existing = await stat(name).catch(() => null);
      // Kept already by a start that was stopped before it wrote the new file.
      if (existing && existing.ino === current.ino && existing.dev === current.dev) return name;
      if (existing) continue;
      try {
        await link(this.file, name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        await copyFile(this.file, name);
        const handle = await open(name, 'r+');
        await handle.sync().finally(() => handle.close());
      }
      await syncFolder(path.dirname(this.file));
      return name;
    }
  }

  /** Resolves once `data` (or a later state of it) is on disk. */
  write(data: T): Promise<void> {
    if (this.#next) {
      // A write is already waiting to start: it will serialise the newest state, this one included.
      this.#next.data = data;
      return this.#next.promise;
    }
    if (!this.#inFlight) {
      this.#inFlight = this.#flush(data).finally(() => (this.#inFlight = null));
      return this.#inFlight;
    }
    const next: { data: T; promise: Promise<void> } = { data, promise: Promise.resolve() };
    next.promise = this.#inFlight
      .catch(() => undefined)
      .then((): Promise<void> => {
        this.#next = null;
        this.#inFlight = this.#flush(next.data).finally(() => (this.#inFlight = null));
        return this.#inFlight;
      });
    this.#next = next;
    return next.promise;
  }

  /** Waits for every write asked for so far. */
  async settle(): Promise<void> {
    while (this.#inFlight || this.#next) await (this.#next?.promise ?? this.#inFlight)?.catch(() => undefined);
  }

  async #flush(data: T): Promise<void> {
    await this.replace([this.#stringify(data)]);
  }

  /**
   * Replaces the file with the concatenation of `chunks`, atomically and durably. Each chunk is
   * written before the next is asked for, so a document serialised piece by piece (the store's
   * snapshot) never sits in memory whole, and the event loop runs between the pieces. Not group
   * committed: the caller keeps one replacement at a time.
   */
  async replace(chunks: Iterable<string>): Promise<void> {
    try {
      const handle = await open(this.#temporary, 'w');
      try {
        // writeFile, not write: a short write (a disk filling up) goes on with the rest, or fails.
        for (const chunk of chunks) await handle.writeFile(chunk, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      // The current file becomes the previous good copy: a second name for it (no copy). Not a
      // link-then-rename: rename() between two names of one file does nothing (POSIX), which a
      // kill between the renames below would set up. A kill between rm and link only costs the
      // previous copy; lamp.json itself is untouched until the rename.
      await rm(this.previous, { force: true });
      try {
        await link(this.file, this.previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      await rename(this.#temporary, this.file);
    } catch (error) {
      // A full disk (or any failure) before the rename: lamp.json and the logs are untouched; the
      // half-written copy goes, giving its space back (a later snapshot tries again).
      await rm(this.#temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    await syncFolder(path.dirname(this.file));
    this.writes += 1;
  }
}
