/**
 * The resource calls of the browser's API client (lamp-spec.md §7), over ./http.ts.
 *
 * - Full lists are fetched in pages of 5000 until count is reached; a single item is the first
 *   element of data; bulk create/update/delete loop one by one.
 * - Resource calls are typed by the resource's name (`list('measurement')` gives
 *   `ResourceRow<'measurement'>[]`) and every row is parsed with the registry's row schema,
 *   never cast.
 * - No lost updates, once for every page: every read of a record by id remembers its version,
 *   every write of it sends it as If-Match (./conflicts.ts); a write of a row seen in a list first
 *   checks the row is still what the list showed (listedWriteOptions).
 *
 * The HTTP and conflict names are re-exported here, so a page imports its API calls from one place.
 */
import { FULL_LIST_PAGE_SIZE } from '../shared/constants.ts';
import { messages } from '../shared/messages.ts';
import { ETAG_HEADER, IF_MATCH_HEADER } from '../shared/http-headers.ts';
import type { ResourceCreate, ResourceName, ResourceRow, ResourceUpdate } from '../shared/schemas/index.ts';
import { ApiError } from './api-error.ts';
import { askOverwrite, ConflictError, type RecordRef } from './conflicts.ts';
import { buildUrl, readList, request, type ListResult, type Query, type RequestOptions } from './http.ts';
import { parseRows } from './parse.ts';
import { resourcePath } from '../shared/endpoints/routes.ts';

export { ApiError } from './api-error.ts';
export {
  ConflictError,
  forgetVersions,
  isConflict,
  OVERWRITE,
  setConflictHandler,
  versionOf,
  type ConflictChoice,
  type ConflictHandler,
  type RecordRef,
} from './conflicts.ts';
export {
  API_BASE,
  buildUrl,
  call,
  CURRENT_USER_PATH,
  readList,
  request,
  setUnauthorizedHandler,
  type ListResult,
  type Query,
  type QueryValue,
  type RequestOptions,
} from './http.ts';

/**
 * The URL `list(resource, query)` asks for: a page preloads a read by it (app.astro, a route's
 * `firstReads`), and the later fetch of the same URL takes the preloaded answer.
 */
export const resourceUrl = (resource: ResourceName, query: Query = {}) => buildUrl(resourcePath(resource), query);

/** The query of one page of `listAll`. */
export const fullListPage = (query: Query = {}, skip = 0): Query => ({ ...query, limit: FULL_LIST_PAGE_SIZE, skip });

/** Rows of a resource, each parsed with the registry's row schema (in the parse worker, ./parse.ts). */
const readRows = <Name extends ResourceName>(resource: Name, rows: readonly unknown[]) =>
  parseRows(resource, rows) as Promise<ResourceRow<Name>[]>;

const readRow = async <Name extends ResourceName>(resource: Name, row: unknown): Promise<ResourceRow<Name>> =>
  (await readRows(resource, [row]))[0] as ResourceRow<Name>;

/** GET /api/v1/{resource} with its query; every row parsed with the registry's row schema. */
export async function list<Name extends ResourceName>(
  resource: Name,
  query: Query = {},
  signal?: AbortSignal,
): Promise<ListResult<ResourceRow<Name>>> {
  const { body, response } = await request(resourcePath(resource), {
    query,
    signal,
    record: singleRecord(resource, query),
  });
  const result = readList(body, response);
  return { data: await readRows(resource, result.data), count: result.count };
}

/** Every row: pages of 5000 (limit and skip) until count is reached. */
export async function listAll<Name extends ResourceName>(
  resource: Name,
  query: Query = {},
): Promise<ResourceRow<Name>[]> {
  const rows: ResourceRow<Name>[] = [];
  for (let skip = 0; ; skip += FULL_LIST_PAGE_SIZE) {
    const page = await list(resource, fullListPage(query, skip));
    rows.push(...page.data);
    if (page.data.length === 0 || rows.length >= page.count) return rows;
  }
}

/** GET ?id= — the first element of data; none is an error with the spec's text. */
export async function getOne<Name extends ResourceName>(
  resource: Name,
  id: string,
  query: Query = {},
): Promise<ResourceRow<Name>> {
  const result = await list(resource, { ...query, id });
  const first = result.data[0];
  if (first === undefined)
    throw new ApiError(404, { message: messages.errors.singleFetchEmpty(resource.replace(/-/g, ' ')) });
  return first;
}

async function readOne<Name extends ResourceName>(resource: Name, body: unknown): Promise<ResourceRow<Name>> {
  const data: unknown = body && typeof body === 'object' && 'data' in body ? body.data : body;
  const row: unknown = Array.isArray(data) ? (data as unknown[])[0] : data;
  return readRow(resource, row);
}

/**
 * Stores that hold a copy of a resource (the account switcher holds the accounts) hear of every
 * write to it made through this module, so a new, renamed or deleted row shows there at once
 * instead of after a reload.
 */
type WriteListener = (resource: ResourceName) => void;
const writeListeners = new Set<WriteListener>();

export function onResourceWritten(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

function written(resource: ResourceName): void {
  for (const listener of writeListeners) listener(resource);
}

export async function create<Name extends ResourceName>(
  resource: Name,
  entity: ResourceCreate<Name>,
): Promise<ResourceRow<Name>> {
  const { body } = await request(resourcePath(resource), { method: 'POST', body: entity });
  written(resource);
  return readOne(resource, body);
}

/** The record a list query reads when it asks for one id. */
function singleRecord(resource: ResourceName, query: Query): RecordRef | undefined {
  const id = query.id;
  return typeof id === 'string' && id && !id.includes(',') ? { resource, id } : undefined;
}

export interface Versioned<T> {
  data: T;
  /** The row's ETag, or null when the server sent none. */
  version: string | null;
}

export interface WriteOptions {
  /** The version the change is based on (If-Match); by default the one this client last read. */
  ifMatch?: string;
  /** How the page shows the stored record again (the conflict dialog's Reload). */
  onReload?: () => void;
}

function writeOptions(resource: ResourceName, id: string, options: WriteOptions): Partial<RequestOptions> {
  return {
    record: { resource, id },
    headers: options.ifMatch ? { [IF_MATCH_HEADER]: options.ifMatch } : {},
    onReload: options.onReload,
  };
}

/** GET ?id= with the row's version (which the client also remembers for the record's writes). */
export async function getVersioned<Name extends ResourceName>(
  resource: Name,
  id: string,
  query: Query = {},
): Promise<Versioned<ResourceRow<Name>>> {
  const { body, response } = await request(resourcePath(resource), {
    query: { ...query, id },
    record: { resource, id },
  });
  const first = readList(body, response).data[0];
  if (first === undefined)
    throw new ApiError(404, { message: messages.errors.singleFetchEmpty(resource.replace(/-/g, ' ')) });
  return { data: await readRow(resource, first), version: response.headers.get(ETAG_HEADER) };
}

/** PUT ?id= with If-Match; answers the saved row and its new version. */
export async function updateVersioned<Name extends ResourceName>(
  resource: Name,
  id: string,
  entity: ResourceUpdate<Name>,
  options: WriteOptions = {},
): Promise<Versioned<ResourceRow<Name>>> {
  const { body, response } = await request(resourcePath(resource), {
    method: 'PUT',
    query: { id },
    body: entity,
    ...writeOptions(resource, id, options),
  });
  written(resource);
  return { data: await readOne(resource, body), version: response.headers.get(ETAG_HEADER) };
}

/** An update of one row, named by its id or by the row a list showed; answers the saved row. */
type RowUpdate<Key> = <Name extends ResourceName>(
  resource: Name,
  key: Key,
  entity: ResourceUpdate<Name>,
  options?: WriteOptions,
) => Promise<ResourceRow<Name>>;

export const update: RowUpdate<string> = async (resource, id, entity, options = {}) =>
  (await updateVersioned(resource, id, entity, options)).data;

export async function remove(resource: ResourceName, id: string, options: WriteOptions = {}): Promise<void> {
  await request(resourcePath(resource), { method: 'DELETE', query: { id }, ...writeOptions(resource, id, options) });
  written(resource);
}

/**
 * A write of a row the person saw in a list (activation status buttons, list deletes, bulk
 * delete). A list answer carries no versions, so every such write goes through here: the row is
 * read by id (which remembers its version); if it still is what the list showed, the write sends
 * that version (and the server still refuses it, 412, should the row change in between); if not,
 * the conflict dialog asks before anything is written: Overwrite writes over the version just
 * read, Reload runs `onReload` (the page reads its list again), Cancel writes nothing.
 *
 * The page passes the row it shows rather than the client keeping a copy of every listed row:
 * what the person saw is the page's row, and exports of thousands of rows stay unremembered.
 */
async function listedWriteOptions(
  resource: ResourceName,
  seen: ListedRow,
  options: WriteOptions,
): Promise<WriteOptions> {
  const record = { resource, id: seen.id };
  const { body, response } = await request(resourcePath(resource), { query: { id: seen.id }, record });
  const stored = readList(body, response).data[0];
  // Deleted meanwhile: the answer the write itself would get, without sending it.
  if (stored === undefined) throw new ApiError(404, { message: messages.api.notFound(resource) });
  const version = response.headers.get(ETAG_HEADER) ?? undefined;
  if (!sameJson(seen, await readRow(resource, stored))) {
    const conflict = new ConflictError({ message: messages.api.changedBySomeoneElse(resource) }, record);
    await askOverwrite(conflict, options.onReload);
  }
  return { ...options, ifMatch: options.ifMatch ?? version };
}

/** A row as a list showed it: at least its id; every other field is compared with the stored row. */
export type ListedRow = { readonly id: string };

/** update() of a row the person saw in a list (see listedWriteOptions). */
export const updateListed: RowUpdate<ListedRow> = async (resource, seen, entity, options = {}) =>
  update(resource, seen.id, entity, await listedWriteOptions(resource, seen, options));

/** remove() of a row the person saw in a list (see listedWriteOptions). */
export async function removeListed(resource: ResourceName, seen: ListedRow, options: WriteOptions = {}): Promise<void> {
  await remove(resource, seen.id, await listedWriteOptions(resource, seen, options));
}

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) if (!sameJson(x[key], y[key])) return false;
  return true;
}

/** Bulk operations loop one by one (spec §7), so one refusal names its own row. */
export async function bulkCreate<Name extends ResourceName>(
  resource: Name,
  entities: readonly ResourceCreate<Name>[],
): Promise<ResourceRow<Name>[]> {
  const out: ResourceRow<Name>[] = [];
  for (const entity of entities) out.push(await create(resource, entity));
  return out;
}

export async function bulkUpdate<Name extends ResourceName>(
  resource: Name,
  entities: readonly (ResourceUpdate<Name> & { id: string })[],
): Promise<ResourceRow<Name>[]> {
  const out: ResourceRow<Name>[] = [];
  for (const { id, ...entity } of entities) out.push(await update(resource, id, entity as ResourceUpdate<Name>));
  return out;
}

/** Rows a list showed, deleted one by one, each only if it is still what the list showed. */
export async function bulkRemove(resource: ResourceName, rows: readonly ListedRow[]): Promise<void> {
  for (const row of rows) await removeListed(resource, row);
}

/** The account filter (§7) as typed list parameters (list-query.ts): the account's rows and global ones. */
export function accountOwners(accountId: string): (string | null)[] {
  return [accountId, null];
}
