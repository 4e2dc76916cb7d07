/**
 * List queries over a repository (spec §7): account visibility, filters, search, date ranges,
 * sort with an id tie-break, and paging. The common case, a list filtered by account, sorted and
 * paged, uses the repository's account index and its cached sorted order, so it costs the page,
 * not the collection.
 */
import type { AccountPath, ResourceDefinition, SortKey } from '../../src/shared/schemas/index.ts';
import { readPath, type Repository, type StoredRow } from './repositories.ts';

export interface ListQuery {
  /** Rows with one of these ids. */
  ids?: readonly string[];
  /** Owning accounts to include (null: global rows); undefined means every row. */
  owners?: readonly (string | null)[];
  /** Field filters: each value list matches by equality or, for array fields, membership. */
  filters: readonly { field: string; match: 'eq' | 'any'; values: readonly string[] }[];
  search?: string;
  createdAfter?: string;
  createdBefore?: string;
  /** Flight overlap: rows whose [start_date, end_date] meets [from, to]. */
  flight?: { from?: string; to?: string };
  sort: readonly SortKey[];
  skip: number;
  limit: number;
}

export interface ListResult<Row> {
  rows: Row[];
  count: number;
  /**
   * The cached sorted order the page was cut from, when there was one: it stays the same object
   * until the collection changes, so a page of it (skip, limit) can be memoised against it.
   */
  order?: readonly Row[];
}

function sortable(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  // Missing values sort last in ascending order.
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [rawA, rawB] = [sortable(a), sortable(b)];
  const left = rawA.toLowerCase();
  const right = rawB.toLowerCase();
  if (left < right) return -1;
  if (left > right) return 1;
  return rawA < rawB ? -1 : rawA > rawB ? 1 : 0;
}

/**
 * The sort a client asked for, with the resource's own continuations (a user list sorted by
 * first name continues by last name in the same direction) where the ask does not name them.
 */
export function withSortThen(definition: ResourceDefinition, sort: readonly SortKey[]): readonly SortKey[] {
  const then = definition.sortThen;
  if (!then) return sort;
  const out: SortKey[] = [];
  for (const key of sort) {
    out.push(key);
    const next = then[key.field];
    if (next && !sort.some((other) => other.field === next)) out.push({ field: next, direction: key.direction });
  }
  return out;
}

/** A comparator for sort keys, always ending with the id so pages never overlap or skip rows. */
export function comparator(sort: readonly SortKey[]) {
  const keys = sort.some((key) => key.field === 'id') ? sort : [...sort, { field: 'id', direction: 'asc' as const }];
  const paths = keys.map((key) => ({
    path: key.field,
    nested: key.field.includes('.'),
    sign: key.direction === 'desc' ? -1 : 1,
  }));
  return (a: StoredRow, b: StoredRow): number => {
    for (const { path, nested, sign } of paths) {
      const result = compareValues(nested ? readPath(a, path) : a[path], nested ? readPath(b, path) : b[path]);
      if (result !== 0) return result * sign;
    }
    return 0;
  };
}

function matchesSearch(row: StoredRow, fields: readonly string[], needle: string): boolean {
  for (const field of fields) {
    const value = field.includes('.') ? readPath(row, field) : row[field];
    if (typeof value === 'string' && value.toLowerCase().includes(needle)) return true;
  }
  return false;
}

function ownerMatches(row: StoredRow, path: AccountPath, owners: ReadonlySet<string | null>): boolean {
  switch (path) {
    case null:
      return true;
    case 'id':
      return owners.has(row.id);
    case 'accounts':
      return Array.isArray(row.accounts) && (row.accounts as string[]).some((id) => owners.has(id));
    case 'category.account':
      return owners.has((readPath(row, 'category.account') as string | undefined) ?? null);
    default:
      return owners.has(typeof row.account === 'string' ? row.account : null);
  }
}

export function runList(
  repository: Repository,
  definition: ResourceDefinition,
  query: ListQuery,
): ListResult<StoredRow> {
  const ownerSet = query.owners ? new Set(query.owners) : null;
  const sortKey = query.sort.map((key) => `${key.direction}(${key.field})`).join(',');
  const plain =
    !query.ids &&
    query.filters.length === 0 &&
    !query.search &&
    !query.createdAfter &&
    !query.createdBefore &&
    !query.flight;

  // A function, so that a cached sorted order skips gathering the owners' rows altogether.
  const candidates = (): readonly StoredRow[] => {
    if (query.ids) {
      return query.ids
        .map((id) => repository.byId(id))
        .filter(
          (row): row is StoredRow =>
            row !== undefined && (!ownerSet || ownerMatches(row, definition.accountPath, ownerSet)),
        );
    }
    if (ownerSet && definition.accountPath !== null) return repository.byOwners([...ownerSet]);
    return repository.all();
  };

  let rows: StoredRow[];
  let order: readonly StoredRow[] | undefined;
  if (plain) {
    // The cached sorted order for this owner set: the index that makes large lists cheap.
    const ownersKey = ownerSet ? [...ownerSet].map(String).sort().join(',') : '*';
    rows = repository.sorted(`${ownersKey}|${sortKey}`, candidates, () => comparator(query.sort));
    order = rows;
  } else {
    const needle = query.search?.toLowerCase();
    const { from, to } = query.flight ?? {};
    rows = candidates().filter((row) => {
      for (const filter of query.filters) {
        const value = filter.field.includes('.') ? readPath(row, filter.field) : row[filter.field];
        if (filter.match === 'any') {
          if (!Array.isArray(value) || !filter.values.some((wanted) => (value as unknown[]).includes(wanted)))
            return false;
        } else if (!filter.values.includes(value as string)) {
          return false;
        }
      }
      if (needle && !matchesSearch(row, definition.searchFields, needle)) return false;
      const created = row.created_at as string;
      if (query.createdAfter && !(created > query.createdAfter)) return false;
      if (query.createdBefore && !(created < query.createdBefore)) return false;
      if (from && !((row.end_date as string) >= from)) return false;
      if (to && !((row.start_date as string) <= to)) return false;
      return true;
    });
    rows.sort(comparator(query.sort));
  }
  return { rows: rows.slice(query.skip, query.skip + query.limit), count: rows.length, order };
}
