/**
 * The indexed rows of one collection in one state (server/store/repositories.ts): the rows, an
 * index by id and by owning account, sorted orderings cached until the next change. Rows are
 * never changed in place: a write replaces the row object.
 */
import { ownersOf } from '../../src/shared/row-access.ts';

export type StoredRow = Record<string, unknown> & { id: string };
import type { AccountPath } from '../../src/shared/schemas/index.ts';

const GLOBAL = '\u0000global';
const keyOf = (owner: string | null) => owner ?? GLOBAL;

/** Rows of other collections written with a change (its audit records), by collection. */
export type Also = Record<string, readonly StoredRow[]> | undefined;

/**
 * Persists a change of one collection's rows (the store's log line says which rows), and `also`.
 * `undo` takes the change back out of memory: the store calls it when the change could not be
 * written (a full disk), before the write's caller hears of it, so a refused write changed nothing.
 */
export type Persist = (
  change: {
    put?: readonly StoredRow[];
    remove?: readonly string[];
    also?: Also;
  },
  undo: () => void,
) => Promise<void>;

/** Every state's version comes from one counter, so a version names one state of one collection. */
let versions = 0;

/**
 * The indexed rows of one collection in one state: the default store, the fixtures that sandboxes
 * share until they write, or a sandbox's own copy.
 */
export class IndexedRows<Row extends StoredRow> {
  readonly accountPath: AccountPath;
  readonly #source: () => Row[];
  readonly #persist: Persist;
  #current: Row[] | null = null;
  #sourceLength = -1;
  #byId = new Map<string, Row>();
  #byOwner = new Map<string, Row[]>();
  #sortCache = new Map<string, Row[]>();
  #fieldIndexes = new Map<string, Map<unknown, Row[]>>();
  /** Bumped on every change; callers may key their own caches on it. */
  version = 0;

  constructor(accountPath: AccountPath, source: () => Row[], persist: Persist) {
    this.accountPath = accountPath;
    this.#source = source;
    this.#persist = persist;
  }

  #rows(): Row[] {
    const rows = this.#source();
    if (rows !== this.#current || rows.length !== this.#sourceLength) this.#reindex(rows);
    return rows;
  }

  #reindex(rows: Row[]) {
    this.#current = rows;
    this.#sourceLength = rows.length;
    this.#byId = new Map();
    this.#byOwner = new Map();
    for (const row of rows) {
      this.#byId.set(row.id, row);
      this.#addToOwners(row);
    }
    this.#changed();
  }

  #addToOwners(row: Row) {
    for (const owner of ownersOf(row, this.accountPath)) {
      const key = keyOf(owner);
      const bucket = this.#byOwner.get(key);
      if (bucket) bucket.push(row);
      else this.#byOwner.set(key, [row]);
    }
  }

  #removeFromOwners(row: Row) {
    for (const owner of ownersOf(row, this.accountPath)) {
      const bucket = this.#byOwner.get(keyOf(owner));
      if (!bucket) continue;
      const index = bucket.indexOf(row);
      if (index >= 0) bucket.splice(index, 1);
    }
  }

  #changed() {
    this.version = ++versions;
    this.#sortCache.clear();
    this.#fieldIndexes.clear();
  }

  /** Rows whose `field` equals `value`, through an index built on first use (e.g. users by e-mail). */
  findBy(field: string, value: unknown): Row[] {
    this.#rows();
    let index = this.#fieldIndexes.get(field);
    if (!index) {
      index = new Map();
      for (const row of this.#current ?? []) {
        const key = row[field];
        const bucket = index.get(key);
        if (bucket) bucket.push(row);
        else index.set(key, [row]);
      }
      this.#fieldIndexes.set(field, index);
    }
    return index.get(value) ?? [];
  }

  /** Every row (do not mutate). */
  all(): readonly Row[] {
    return this.#rows();
  }

  count(): number {
    return this.#rows().length;
  }

  byId(id: string): Row | undefined {
    this.#rows();
    return this.#byId.get(id);
  }

  /** Rows owned by any of these accounts (null: global rows), each row once. */
  byOwners(owners: readonly (string | null)[]): Row[] {
    this.#rows();
    if (owners.length === 1) return this.#byOwner.get(keyOf(owners[0] ?? null)) ?? [];
    const seen = new Set<Row>();
    for (const owner of owners) for (const row of this.#byOwner.get(keyOf(owner)) ?? []) seen.add(row);
    return [...seen];
  }

  /**
   * A sorted copy of `rows()`, cached under `key` until the next change: the sorted-order index
   * that keeps paging through a large account cheap. Both arguments are functions, so a cache
   * hit costs neither the gathering of the rows nor the building of the comparator.
   */
  sorted(key: string, rows: () => readonly Row[], compare: () => (a: Row, b: Row) => number): Row[] {
    this.#rows();
    const cached = this.#sortCache.get(key);
    if (cached) return cached;
    const result = [...rows()].sort(compare());
    // Bounded, so many distinct filters cannot grow memory without limit.
    if (this.#sortCache.size >= 256) this.#sortCache.clear();
    this.#sortCache.set(key, result);
    return result;
  }

  async insert(row: Row): Promise<Row> {
    await this.insertMany([row]);
    return row;
  }

  /** Adds many rows with one write (an import's rows, a file of tags); `undoAlso` takes `also` back. */
  async insertMany(added: readonly Row[], also?: Also, undoAlso?: () => void): Promise<void> {
    const undo = this.insertUnwritten(added);
    await this.#persist({ put: added, also }, () => {
      undo();
      undoAlso?.();
    });
  }

  /**
   * Adds rows in memory only: another collection's write puts them in its log line (audit
   * records). Returns what takes them out again, should that write fail.
   */
  insertUnwritten(added: readonly Row[]): () => void {
    const rows = this.#rows();
    for (const row of added) {
      rows.push(row);
      this.#byId.set(row.id, row);
      this.#addToOwners(row);
    }
    this.#sourceLength = rows.length;
    this.#changed();
    return () => {
      const current = this.#rows();
      const gone = new Set(added.filter((row) => this.#byId.get(row.id) === row));
      if (gone.size === 0) return;
      for (const row of gone) {
        this.#byId.delete(row.id);
        this.#removeFromOwners(row);
      }
      current.splice(0, current.length, ...current.filter((row) => !gone.has(row)));
      this.#sourceLength = current.length;
      this.#changed();
    };
  }

  /** Replaces a row (same id) with `next`. */
  async replace(next: Row, also?: Also, undoAlso?: () => void): Promise<Row | undefined> {
    const rows = this.#rows();
    const current = this.#byId.get(next.id);
    if (!current) return undefined;
    const index = rows.indexOf(current);
    rows[index] = next;
    this.#byId.set(next.id, next);
    this.#removeFromOwners(current);
    this.#addToOwners(next);
    this.#changed();
    await this.#persist({ put: [next], also }, () => {
      // Only if nothing replaced it since (a later write of the same row is undone before this one).
      const rowsNow = this.#rows();
      if (this.#byId.get(next.id) === next) {
        rowsNow[rowsNow.indexOf(next)] = current;
        this.#byId.set(current.id, current);
        this.#removeFromOwners(next);
        this.#addToOwners(current);
        this.#changed();
      }
      undoAlso?.();
    });
    return next;
  }

  /** Removes the rows with these ids, with one write; the ids it found. */
  async removeMany(ids: readonly string[], also?: Also, undoAlso?: () => void): Promise<string[]> {
    const rows = this.#rows();
    const found = ids.filter((id) => this.#byId.has(id));
    if (found.length === 0) return found;
    const gone = new Set(found.map((id) => this.#byId.get(id)!));
    for (const row of gone) {
      this.#byId.delete(row.id);
      this.#removeFromOwners(row);
    }
    // Where they were, to put them back there should the write fail.
    const places: [number, Row][] = [];
    // One pass, so that pruning many rows (the audit trail's retention) costs O(rows).
    if (gone.size === 1) {
      const row = gone.values().next().value!;
      const at = rows.indexOf(row);
      places.push([at, row]);
      rows.splice(at, 1);
    } else {
      rows.forEach((row, at) => {
        if (gone.has(row)) places.push([at, row]);
      });
      rows.splice(0, rows.length, ...rows.filter((row) => !gone.has(row)));
    }
    this.#sourceLength = rows.length;
    this.#changed();
    await this.#persist({ remove: found, also }, () => {
      const rowsNow = this.#rows();
      // In ascending order, each at its old place: the rows between are those that were there.
      for (const [at, row] of places) {
        if (this.#byId.has(row.id)) continue;
        rowsNow.splice(Math.min(at, rowsNow.length), 0, row);
        this.#byId.set(row.id, row);
        this.#addToOwners(row);
      }
      this.#sourceLength = rowsNow.length;
      this.#changed();
      undoAlso?.();
    });
    return found;
  }
}
