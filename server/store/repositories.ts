/**
 * Repositories: the only code that touches the store's raw collections. Each keeps in-memory
 * indexes (by id, by owning account) and a cache of sorted orderings, so a list filtered by
 * account, sorted and paged does not scan or sort the whole collection on every request.
 *
 * Rows are never changed in place: an update replaces the row object (replace, update). Caches
 * keyed on row objects (the list bodies' JSON, server/routes/list-body.ts) rely on it.
 *
 * The indexes follow the collection they were built from: a reset (which replaces the document)
 * or a write that bypassed the repository (a different array, a different length) rebuilds them
 * on the next access.
 *
 * A repository serves the state of the running code's sandbox (server/sandbox/context.ts): the
 * default store, or a sandbox's copy-on-write rows (SandboxRows below).
 */
import { randomBytes } from 'node:crypto';
import {
  RESOURCE_NAMES,
  resources,
  type AccountPath,
  type ResourceName,
  type ResourceRow,
  type StoredUser,
} from '../../src/shared/schemas/index.ts';
import { currentSandbox } from '../sandbox/context.ts';
import { DEFAULT_SANDBOX, type SandboxScope } from '../sandbox/scope.ts';
import type { Database } from './database.ts';
import { ownersOf } from '../../src/shared/row-access.ts';

export type StoredRow = Record<string, unknown> & { id: string };

/** A stored row of a registry resource: the API's row, and for users the password hash too. */
export type StoredRowOf<Name extends ResourceName> = Name extends 'user' ? StoredUser : ResourceRow<Name>;

/** A fresh 24-hex id: a 4-byte time prefix (like Mongo's ObjectId, so ids sort by creation) and 8 random bytes. */
export function newId(now = Date.now()): string {
  const time = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return time + randomBytes(8).toString('hex');
}

/** Reads a dotted path ('category.account') from a row. */
export function readPath(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The account ids that own a row: the shared row rules' (src/shared/access.ts). */
export { ownersOf };

const GLOBAL = '\u0000global';
const keyOf = (owner: string | null) => owner ?? GLOBAL;

/** Persists a change of one collection's rows (the store's log line says which rows). */
type Persist = (change: { put?: readonly StoredRow[]; remove?: readonly string[] }) => Promise<void>;

/** Every state's version comes from one counter, so a version names one state of one collection. */
let versions = 0;

/**
 * The indexed rows of one collection in one state: the default store, the fixtures that sandboxes
 * share until they write, or a sandbox's own copy.
 */
class IndexedRows<Row extends StoredRow> {
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

  /** Adds many rows with one write (an import's rows, a file of tags). */
  async insertMany(added: readonly Row[]): Promise<void> {
    const rows = this.#rows();
    for (const row of added) {
      rows.push(row);
      this.#byId.set(row.id, row);
      this.#addToOwners(row);
    }
    this.#sourceLength = rows.length;
    this.#changed();
    await this.#persist({ put: added });
  }

  /** Replaces a row (same id) with `next`. */
  async replace(next: Row): Promise<Row | undefined> {
    const rows = this.#rows();
    const current = this.#byId.get(next.id);
    if (!current) return undefined;
    const index = rows.indexOf(current);
    rows[index] = next;
    this.#byId.set(next.id, next);
    this.#removeFromOwners(current);
    this.#addToOwners(next);
    this.#changed();
    await this.#persist({ put: [next] });
    return next;
  }

  async update(id: string, patch: Partial<Row>): Promise<Row | undefined> {
    const current = this.byId(id);
    if (!current) return undefined;
    return this.replace({ ...current, ...patch, id });
  }

  async remove(id: string): Promise<boolean> {
    const rows = this.#rows();
    const current = this.#byId.get(id);
    if (!current) return false;
    rows.splice(rows.indexOf(current), 1);
    this.#sourceLength = rows.length;
    this.#byId.delete(id);
    this.#removeFromOwners(current);
    this.#changed();
    await this.#persist({ remove: [id] });
    return true;
  }
}

/**
 * Where sandboxes keep their rows: the fixtures they start from, shared by every
 * sandbox until it writes (copy on write, per collection: a sandbox's first write to a collection
 * copies that collection's array of rows, never the rows themselves, which are never changed in
 * place), and each sandbox's own copies, forgotten with the sandbox.
 */
export interface SandboxRows {
  /** The pristine fixtures (built once, never written). */
  fixtures(): Record<string, unknown[]>;
  scope: SandboxScope;
}

const noPersist = () => Promise.resolve();

/**
 * One collection: its rows in the state the running code works in (server/sandbox/context.ts):
 * the default store, or a sandbox's rows. Routes hold a Repository and never see the difference.
 */
export class Repository<Row extends StoredRow = StoredRow> {
  readonly name: string;
  readonly accountPath: AccountPath;
  readonly #default: IndexedRows<Row>;
  readonly #sandboxes: SandboxRows | null;
  #fixtures: IndexedRows<Row> | null = null;
  readonly #own: { get(name: string): { rows: IndexedRows<Row> | null } } | null;

  constructor(db: Database, name: string, accountPath: AccountPath, sandboxes: SandboxRows | null = null) {
    this.name = name;
    this.accountPath = accountPath;
    this.#default = new IndexedRows<Row>(
      accountPath,
      () => ((db.low.data.collections as Record<string, Row[] | undefined>)[name] ??= []),
      ({ put, remove }) =>
        db.write({ ...(put && { put: { [name]: put } }), ...(remove && { remove: { [name]: remove } }) }),
    );
    this.#sandboxes = sandboxes;
    this.#own = sandboxes ? sandboxes.scope.perSandbox(() => ({ rows: null })) : null;
  }

  /** The fixtures' rows, which a sandbox reads until its first write to this collection. */
  #shared(): IndexedRows<Row> {
    if (!this.#fixtures) {
      const rows = (this.#sandboxes?.fixtures()[this.name] ?? []) as Row[];
      // Read only: writes go to a sandbox's own copy.
      this.#fixtures = new IndexedRows<Row>(this.accountPath, () => rows, noPersist);
    }
    return this.#fixtures;
  }

  #reader(): IndexedRows<Row> {
    const sandbox = currentSandbox();
    if (sandbox === DEFAULT_SANDBOX || !this.#own) return this.#default;
    return this.#own.get(sandbox).rows ?? this.#shared();
  }

  #writer(): IndexedRows<Row> {
    const sandbox = currentSandbox();
    if (sandbox === DEFAULT_SANDBOX || !this.#own) return this.#default;
    const own = this.#own.get(sandbox);
    if (!own.rows) {
      // Copy on write: the array of row references, O(rows) pointers (rows are shared and immutable).
      const rows = [...this.#shared().all()];
      own.rows = new IndexedRows<Row>(this.accountPath, () => rows, noPersist);
    }
    return own.rows;
  }

  /** Bumped on every change of the running code's state; callers may key their own caches on it. */
  get version(): number {
    return this.#reader().version;
  }

  /** Rows whose `field` equals `value`, through an index built on first use (e.g. users by e-mail). */
  findBy(field: string, value: unknown): Row[] {
    return this.#reader().findBy(field, value);
  }

  /** Every row (do not mutate). */
  all(): readonly Row[] {
    return this.#reader().all();
  }

  count(): number {
    return this.#reader().count();
  }

  byId(id: string): Row | undefined {
    return this.#reader().byId(id);
  }

  /** Rows owned by any of these accounts (null: global rows), each row once. */
  byOwners(owners: readonly (string | null)[]): Row[] {
    return this.#reader().byOwners(owners);
  }

  /** A sorted copy of `rows()`, cached under `key` until the next change (see IndexedRows.sorted). */
  sorted(key: string, rows: () => readonly Row[], compare: () => (a: Row, b: Row) => number): Row[] {
    return this.#reader().sorted(key, rows, compare);
  }

  insert(row: Row): Promise<Row> {
    return this.#writer().insert(row);
  }

  /** Adds many rows with one write (an import's rows, a file of tags). */
  insertMany(rows: readonly Row[]): Promise<void> {
    return this.#writer().insertMany(rows);
  }

  /** Replaces a row (same id) with `next`. */
  async replace(next: Row): Promise<Row | undefined> {
    // A write that finds nothing copies nothing.
    if (!this.byId(next.id)) return undefined;
    return this.#writer().replace(next);
  }

  async update(id: string, patch: Partial<Row>): Promise<Row | undefined> {
    if (!this.byId(id)) return undefined;
    return this.#writer().update(id, patch);
  }

  async remove(id: string): Promise<boolean> {
    if (!this.byId(id)) return false;
    return this.#writer().remove(id);
  }
}

/** One repository per registry resource, typed by its rows (`repositories.measurement.byId(id)?.name`). */
export type Repositories = { readonly [Name in ResourceName]: Repository<StoredRowOf<Name>> } & {
  /** A repository for a collection outside the registry (e.g. 'metric-import-row'). */
  collection(name: string, accountPath?: AccountPath): Repository;
};

export function createRepositories(db: Database, sandboxes: SandboxRows | null = null): Repositories {
  const extra = new Map<string, Repository>();
  const registered = Object.fromEntries(
    RESOURCE_NAMES.map((name) => [name, new Repository(db, name, resources[name].accountPath, sandboxes)]),
  ) as unknown as { [Name in ResourceName]: Repository<StoredRowOf<Name>> };
  return {
    ...registered,
    collection(name: string, accountPath: AccountPath = 'account') {
      if (Object.hasOwn(registered, name)) return registered[name as ResourceName];
      let repository = extra.get(name);
      if (!repository) {
        repository = new Repository(db, name, accountPath, sandboxes);
        extra.set(name, repository);
      }
      return repository;
    },
  };
}
