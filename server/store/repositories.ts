/**
 * Repositories: the only code that touches the store's raw collections. Each keeps in-memory
 * indexes (by id, by owning account) and a cache of sorted orderings, so a list filtered by
 * account, sorted and paged does not scan or sort the whole collection on every request.
 *
 * Rows are never changed in place: an update replaces the row object (replace, update). Caches
 * keyed on row objects (the list bodies' JSON, server/routes/resources/list-body.ts) rely on it.
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
import { AUDIT_RESOURCE, auditRecords, type Ownerless, type RowChange } from './audit.ts';
import { IndexedRows, type Also, type StoredRow } from './indexed-rows.ts';

/** A row as stored: any fields, and an id (the type lives with the indexed rows that hold it). */
export type { StoredRow };

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
  /** Where this collection's writes are recorded (the audit trail), or null: not recorded. */
  readonly #trail: Repository | null;
  /** The account a record of a row with no LAMP owner is filed under (audit.ts `Ownerless`). */
  readonly #ownerless: Ownerless;

  constructor(
    db: Database,
    name: string,
    accountPath: AccountPath,
    sandboxes: SandboxRows | null = null,
    trail: Repository | null = null,
    ownerless: Ownerless = 'global',
  ) {
    this.name = name;
    this.accountPath = accountPath;
    this.#trail = trail;
    this.#ownerless = ownerless;
    this.#default = new IndexedRows<Row>(
      accountPath,
      () => ((db.low.data.collections as Record<string, Row[] | undefined>)[name] ??= []),
      ({ put, remove, also }, undo) =>
        db.write(
          {
            ...((put || also) && { put: { ...also, ...(put && { [name]: put }) } }),
            ...(remove && { remove: { [name]: remove } }),
          },
          undo,
        ),
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

  /**
   * The audit records of a change, already in the trail's rows (in memory), to go into the same
   * store write as the change: both reach the disk in one log line, or neither does.
   */
  #recorded(changes: readonly RowChange[]): [Also, (() => void)?] {
    if (!this.#trail) return [undefined];
    const records = auditRecords(
      this.name,
      this.accountPath,
      changes,
      newId,
      this.#ownerless,
    ) as unknown as StoredRow[];
    if (records.length === 0) return [undefined];
    // Taken out again with the change should its write fail.
    const undo = this.#trail.#writer().insertUnwritten(records);
    return [{ [AUDIT_RESOURCE]: records }, undo];
  }

  async insert(row: Row): Promise<Row> {
    await this.insertMany([row]);
    return row;
  }

  /** Adds many rows with one write (an import's rows, a file of tags). */
  insertMany(rows: readonly Row[]): Promise<void> {
    const writer = this.#writer();
    return writer.insertMany(rows, ...this.#recorded(rows.map((after) => ({ after }))));
  }

  /** Replaces a row (same id) with `next`. */
  async replace(next: Row): Promise<Row | undefined> {
    // A write that finds nothing copies nothing.
    const before = this.byId(next.id);
    if (!before) return undefined;
    const writer = this.#writer();
    return writer.replace(next, ...this.#recorded([{ before, after: next }]));
  }

  async update(id: string, patch: Partial<Row>): Promise<Row | undefined> {
    const current = this.byId(id);
    if (!current) return undefined;
    return this.replace({ ...current, ...patch, id });
  }

  async remove(id: string): Promise<boolean> {
    return (await this.removeMany([id])).length === 1;
  }

  /** Removes the rows with these ids with one write; the ids it found. */
  async removeMany(ids: readonly string[]): Promise<string[]> {
    const found = ids.map((id) => this.byId(id)).filter((row) => row !== undefined);
    if (found.length === 0) return [];
    const writer = this.#writer();
    return writer.removeMany(
      found.map((row) => row.id),
      ...this.#recorded(found.map((before) => ({ before }))),
    );
  }
}

/** One repository per registry resource, typed by its rows (`repositories.measurement.byId(id)?.name`). */
export type Repositories = { readonly [Name in ResourceName]: Repository<StoredRowOf<Name>> } & {
  /**
   * A repository for a collection outside the registry (e.g. 'metric-import-row'). `audited`: its
   * writes are people's changes too (Spotlight's studies, assets and users), recorded in the trail
   * under the request's selected account when a row has no LAMP owner.
   */
  collection(name: string, accountPath?: AccountPath, audited?: boolean): Repository;
};

export function createRepositories(db: Database, sandboxes: SandboxRows | null = null): Repositories {
  // Every registry resource's writes are recorded in the audit trail, and those of the collections
  // asked for as audited (Spotlight's store); the others are the server's own bookkeeping (import
  // rows, runs) and the trail itself.
  const trail = new Repository(db, AUDIT_RESOURCE, 'account?', sandboxes);
  const extra = new Map<string, Repository>([[AUDIT_RESOURCE, trail]]);
  // Only for the benchmarks' side-by-side figure of what recording costs (tests/bench): never set it elsewhere.
  const recorded = process.env.LAMP_BENCH_WITHOUT_AUDIT === '1' ? null : trail;
  const registered = Object.fromEntries(
    RESOURCE_NAMES.map((name) => [name, new Repository(db, name, resources[name].accountPath, sandboxes, recorded)]),
  ) as unknown as { [Name in ResourceName]: Repository<StoredRowOf<Name>> };
  return {
    ...registered,
    collection(name: string, accountPath: AccountPath = 'account', audited = false) {
      if (Object.hasOwn(registered, name)) return registered[name as ResourceName];
      let repository = extra.get(name);
      if (!repository) {
        repository = audited
          ? new Repository(db, name, accountPath, sandboxes, recorded, 'selected-account')
          : new Repository(db, name, accountPath, sandboxes);
        extra.set(name, repository);
      }
      return repository;
    },
  };
}
