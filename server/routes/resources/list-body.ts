/**
 * List response bodies, `{"data":[…],"count":N}`, assembled from each row's JSON.
 *
 * Rows in the store are never changed in place: every write replaces the row object
 * (server/store/repositories.ts). So a row's JSON can be kept against the object itself, in a
 * WeakMap that forgets it when the row is replaced or the store reset, and a page costs a few
 * lookups and one copy instead of serialising and encoding ~20 KB on every request.
 *
 * A page cut from a cached sorted order (a list without filters or search, the common case) is a
 * pure function of that order's identity, skip and limit: the order is a new array after any
 * change to the collection. Such pages are memoised against the order too, so paging through a
 * large account allocates nothing; before that, the garbage of ~20 KB per request made the
 * collector's full passes over a large store's heap a good part of a list request's time.
 */
import type { StoredRow } from '../../store/repositories.ts';

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
/** Pages kept per sorted order (~20 KB each for 25 measurements); beyond it they start again. */
const PAGES_PER_ORDER = 64;

export interface PageOf {
  order: readonly StoredRow[];
  skip: number;
  limit: number;
}

/**
 * A serializer for one resource's list pages; `toClient` shapes a stored row for the API (the
 * user's password hash removed, say) and runs once per row object.
 */
export function listSerializer(toClient: (row: StoredRow) => unknown, { cache = true }: { cache?: boolean } = {}) {
  // Rows whose answer reads other rows (a derived total) are serialised afresh on every request.
  if (!cache)
    return (rows: readonly StoredRow[], count: number): Buffer =>
      Buffer.from(JSON.stringify({ data: rows.map(toClient), count }));
  const rowCache = new WeakMap<StoredRow, Buffer>();
  const pageCache = new WeakMap<readonly StoredRow[], Map<string, Buffer>>();
  const rowJson = (row: StoredRow): Buffer => {
    let buffer = rowCache.get(row);
    if (!buffer) {
      buffer = Buffer.from(JSON.stringify(toClient(row)));
      rowCache.set(row, buffer);
    }
    return buffer;
  };
  const assemble = (rows: readonly StoredRow[], count: number): Buffer => {
    const parts: Buffer[] = [OPEN];
    rows.forEach((row, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(rowJson(row));
    });
    parts.push(Buffer.from(`],"count":${count}}`));
    return Buffer.concat(parts);
  };
  /** The body of a list; `page` says which cached sorted order the rows were cut from, if any. */
  return (rows: readonly StoredRow[], count: number, page?: PageOf): Buffer => {
    if (!page) return assemble(rows, count);
    let pages = pageCache.get(page.order);
    if (!pages) {
      pages = new Map();
      pageCache.set(page.order, pages);
    }
    const key = `${page.skip}:${page.limit}`;
    let body = pages.get(key);
    if (!body) {
      body = assemble(rows, count);
      if (pages.size >= PAGES_PER_ORDER) pages.clear();
      pages.set(key, body);
    }
    return body;
  };
}
