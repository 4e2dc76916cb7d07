/**
 * The browser's API client (lamp-spec.md §7).
 *
 * - Requests go to PUBLIC_API_BASE (empty: same origin) with credentials, so a CDN-hosted front
 *   end keeps its session cookie.
 * - A non-ok response throws ApiError carrying the status and the JSON body; a 204 yields null.
 * - Lists come in three shapes ({data, count}; data plus an X-Total-Count header; a wrapped
 *   {data: {data, result_count}}); all are read into {data, count}.
 * - Full lists are fetched in pages of 5000 until count is reached; a single item is the first
 *   element of data; bulk create/update/delete loop one by one.
 * - Resource calls are typed by the resource's name (`list('measurement')` gives
 *   `ResourceRow<'measurement'>[]`) and every row is parsed with the registry's row schema,
 *   never cast; other calls parse with the schema the caller passes (src/shared/schemas).
 * - A 401 from any call signs the app out (the session store registers the handler).
 * - No lost updates, once for every page: the client remembers the version
 *   (ETag) of each record it read by id, and every write of that record sends it as If-Match; a
 *   412 asks the one conflict dialog (src/app/shared/ConflictHost.tsx). See "Optimistic
 *   concurrency" below.
 */
import { routeOf } from '../shared/endpoints/routes.ts';
import type { ZodType } from 'zod';
import { readPublicConfig } from '../shared/config.ts';
import { FULL_LIST_PAGE_SIZE } from '../shared/constants.ts';
import { errorAlertText, messages } from '../shared/messages.ts';
import { ETAG_HEADER, IF_MATCH_HEADER, SWITCHED_COMPANY_HEADER, TOTAL_COUNT_HEADER } from '../shared/http-headers.ts';
import type { FieldIssue } from '../shared/schemas/auth.ts';
import type { ResourceCreate, ResourceName, ResourceRow, ResourceUpdate } from '../shared/schemas/index.ts';
import { loadSchemas } from './schemas.ts';

export const API_BASE = readPublicConfig(import.meta.env ?? {}).apiBase;

/**
 * The first call of every app page (the session store's). The app's HTML preloads it (app.astro),
 * so it is under way while the island's JavaScript downloads; the store's fetch, made the same way
 * (CORS, credentials), takes the preloaded answer.
 */
export const CURRENT_USER_PATH = routeOf('currentUser').path;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  /** The fields a 400 (or an e-mail clash) names, so a form shows each beside its field. */
  readonly issues: readonly FieldIssue[];
  constructor(status: number, body: unknown, fallback?: string) {
    super(errorAlertText(body, fallback));
    this.status = status;
    this.body = body;
    this.issues = issuesOf(body);
  }
}

/**
 * The `issues` of an error body (src/shared/schemas/auth.ts errorResponse), read without zod so
 * that this module stays out of the lazily loaded schema chunk.
 */
function issuesOf(body: unknown): FieldIssue[] {
  const issues = body && typeof body === 'object' ? (body as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof (issue as FieldIssue | null)?.path === 'string' && typeof (issue as FieldIssue).message === 'string',
  );
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (spec §7: forgotten-password). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The record this call reads or writes. A read remembers the version the server answers; a
   * write sends the remembered one as If-Match (unless `headers` has its own), and a 412 asks
   * the conflict dialog.
   */
  record?: RecordRef;
  /** How the page shows the stored record again, when the conflict dialog's Reload is chosen. */
  onReload?: () => void;
}

type UnauthorizedHandler = (path: string) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The session store registers what a 401 means: the app is signed out. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value == null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

/** The raw call: returns the parsed JSON body (null for 204) and the response for its headers. */
export async function request(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: unknown; response: Response }> {
  const method = options.method ?? 'GET';
  const record = options.record;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (record && method !== 'GET' && !hasHeader(headers, IF_MATCH_HEADER)) {
    const version = versions.get(versionKey(record));
    if (version) headers[IF_MATCH_HEADER] = version;
  }
  try {
    const answer = await send(path, options, method, headers);
    if (record) remember(record, method === 'DELETE' ? null : answer.response.headers.get(ETAG_HEADER));
    return answer;
  } catch (error) {
    if (!(error instanceof ConflictError) || headers[IF_MATCH_HEADER] === OVERWRITE) throw error;
    // Someone else saved the record since this page read it: the person chooses.
    await askOverwrite(error, options.onReload);
    return request(path, { ...options, headers: { ...options.headers, [IF_MATCH_HEADER]: OVERWRITE } });
  }
}

/**
 * Asks the conflict dialog about a write someone else's save overtook. Returns when the person
 * chose Overwrite; otherwise (Reload, Cancel, or no dialog registered) throws the conflict.
 */
async function askOverwrite(conflict: ConflictError, onReload: (() => void) | undefined): Promise<void> {
  if (!conflictHandler) throw conflict;
  const choice = await conflictHandler.ask(conflict);
  if (choice === 'overwrite') return;
  if (choice === 'reload') {
    if (conflict.record) versions.delete(versionKey(conflict.record));
    (onReload ?? conflictHandler.reload)();
  }
  conflict.choice = choice;
  throw conflict;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

async function send(
  path: string,
  options: RequestOptions,
  method: string,
  headers: Record<string, string>,
): Promise<{ body: unknown; response: Response }> {
  let body: BodyInit | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  if (response.status === 204) return { body: null, response };
  const parsed = await readBody(response);
  if (!response.ok) {
    // A Spotlight 401 is about its token, not the LAMP session (the Spotlight store re-authenticates).
    if (response.status === 401 && !path.startsWith('/api/spotlight/')) onUnauthorized?.(path);
    if (response.status === 412) throw new ConflictError(parsed, options.record ?? null);
    throw new ApiError(response.status, parsed);
  }
  return { body: parsed, response };
}

/** A call whose body is parsed with `schema` (or returned as it is when none is given). */
export async function call<T = unknown>(
  path: string,
  options: RequestOptions = {},
  schema?: ZodType<T>,
): Promise<T | null> {
  const { body } = await request(path, options);
  if (body === null) return null;
  return schema ? schema.parse(body) : (body as T);
}

export interface ListResult<T> {
  data: T[];
  count: number;
}

/** Reads any of the three list shapes into {data, count}. */
export function readList(body: unknown, response?: Response): ListResult<unknown> {
  const header = response?.headers.get(TOTAL_COUNT_HEADER);
  if (Array.isArray(body)) return { data: body as unknown[], count: header ? Number(header) : body.length };
  const outer = (body ?? {}) as { data?: unknown; count?: unknown; result_count?: unknown };
  if (outer.data && !Array.isArray(outer.data) && typeof outer.data === 'object') {
    const inner = outer.data as { data?: unknown; result_count?: unknown; count?: unknown };
    if (Array.isArray(inner.data)) {
      const count = Number(inner.result_count ?? inner.count ?? header ?? inner.data.length);
      return { data: inner.data as unknown[], count };
    }
    // A single record under data.
    return { data: [outer.data], count: 1 };
  }
  const data = Array.isArray(outer.data) ? (outer.data as unknown[]) : [];
  const count = Number(outer.count ?? outer.result_count ?? header ?? data.length);
  return { data, count: Number.isFinite(count) ? count : data.length };
}

const resourcePath = (resource: string) => `/api/v1/${resource}`;

/**
 * The URL `list(resource, query)` asks for: a page preloads a read by it (app.astro, a route's
 * `firstReads`), and the later fetch of the same URL takes the preloaded answer.
 */
export const resourceUrl = (resource: ResourceName, query: Query = {}) => buildUrl(resourcePath(resource), query);

/** The query of one page of `listAll`. */
export const fullListPage = (query: Query = {}, skip = 0): Query => ({ ...query, limit: FULL_LIST_PAGE_SIZE, skip });

/**
 * The registry's row schema of a resource, from the lazily loaded schema bundle (src/lib/schemas.ts),
 * so the first-load bundle carries neither zod nor the registry.
 */
async function rowSchema<Name extends ResourceName>(resource: Name): Promise<ZodType<ResourceRow<Name>>> {
  const { resources } = await loadSchemas();
  // The registry maps each name to its own schema; TypeScript cannot follow a generic index there.
  return resources[resource].row as unknown as ZodType<ResourceRow<Name>>;
}

/** GET /api/v1/{resource} with its query; every row parsed with the registry's row schema. */
export async function list<Name extends ResourceName>(
  resource: Name,
  query: Query = {},
  signal?: AbortSignal,
): Promise<ListResult<ResourceRow<Name>>> {
  const [{ body, response }, schema] = await Promise.all([
    request(resourcePath(resource), { query, signal, record: singleRecord(resource, query) }),
    rowSchema(resource),
  ]);
  const result = readList(body, response);
  return { data: result.data.map((row) => schema.parse(row)), count: result.count };
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
  return (await rowSchema(resource)).parse(row);
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

/**
 * Optimistic concurrency: no silent lost updates, and no page that can forget.
 *
 * - Every read of one record by id (getOne, getVersioned, a list with ?id=) remembers the ETag the
 *   server answers, keyed by resource and id; a write's answer remembers the new one, a delete
 *   forgets it. The latest read wins, as in an HTTP cache: a page that shows the record again
 *   shows, and then saves over, that version.
 * - update and remove send the remembered version as If-Match, so the server answers 412 when
 *   someone else changed the record meanwhile. A caller may pass its own (`ifMatch`; OVERWRITE
 *   replaces whatever is stored).
 * - A 412 is a ConflictError. With a conflict handler registered (the app's ConflictHost), the
 *   person chooses: Overwrite sends the same write again with If-Match *, and the call succeeds as
 *   if nothing happened; Reload runs the caller's `onReload` (the app's fallback reloads the
 *   page) and Cancel keeps the page as it is; both then throw the ConflictError with its
 *   `choice`, which the error alert skips (the dialog said it all).
 * - A list answer carries no versions. An editor opened from a list reads its record by id first
 *   (useRecord, getOne); a write straight from a list row (a status button, a delete, bulk
 *   delete) goes through updateListed or removeListed, which read the row by id and compare it
 *   with what the list showed before writing. Only a write of a record neither read by id nor
 *   passed as a listed row goes without If-Match.
 */
export interface RecordRef {
  resource: ResourceName;
  id: string;
}

/** If-Match value that overwrites the stored row whatever its version. */
export const OVERWRITE = '*';

export type ConflictChoice = 'overwrite' | 'reload' | 'cancel';

/** The server's "changed by someone else" (412 Precondition Failed). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
  readonly record: RecordRef | null;
  /** What the person chose in the conflict dialog; null when nobody was asked. */
  choice: Exclude<ConflictChoice, 'overwrite'> | null = null;
  constructor(body: unknown, record: RecordRef | null) {
    super(412, body);
    this.record = record;
  }
}

/** Whether an error is the server's "changed by someone else" (412 Precondition Failed). */
export function isConflict(error: unknown): error is ConflictError {
  return error instanceof ConflictError;
}

export interface ConflictHandler {
  /** Shows the conflict dialog; answers the person's choice. */
  ask: (conflict: ConflictError) => Promise<ConflictChoice>;
  /** Reload for a caller that gave no `onReload`. */
  reload: () => void;
}

let conflictHandler: ConflictHandler | null = null;

/** The app registers the one conflict dialog (ConflictHost); without it a 412 simply throws. */
export function setConflictHandler(handler: ConflictHandler | null): void {
  conflictHandler = handler;
}

const versions = new Map<string, string>();
const versionKey = ({ resource, id }: RecordRef) => `${resource}?id=${id}`;

function remember(record: RecordRef, version: string | null): void {
  if (version) versions.set(versionKey(record), version);
  else versions.delete(versionKey(record));
}

/** The version of a record this client last read or wrote (its ETag), or null. */
export function versionOf(resource: ResourceName, id: string): string | null {
  return versions.get(versionKey({ resource, id })) ?? null;
}

/** Forgets every remembered version (signing out; tests). */
export function forgetVersions(): void {
  versions.clear();
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
  return { data: (await rowSchema(resource)).parse(first), version: response.headers.get(ETAG_HEADER) };
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

export async function update<Name extends ResourceName>(
  resource: Name,
  id: string,
  entity: ResourceUpdate<Name>,
  options: WriteOptions = {},
): Promise<ResourceRow<Name>> {
  return (await updateVersioned(resource, id, entity, options)).data;
}

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
  if (!sameJson(seen, (await rowSchema(resource)).parse(stored))) {
    const conflict = new ConflictError({ message: messages.api.changedBySomeoneElse(resource) }, record);
    await askOverwrite(conflict, options.onReload);
  }
  return { ...options, ifMatch: options.ifMatch ?? version };
}

/** A row as a list showed it: at least its id; every other field is compared with the stored row. */
export type ListedRow = { readonly id: string };

/** update() of a row the person saw in a list (see listedWriteOptions). */
export async function updateListed<Name extends ResourceName>(
  resource: Name,
  seen: ListedRow,
  entity: ResourceUpdate<Name>,
  options: WriteOptions = {},
): Promise<ResourceRow<Name>> {
  return update(resource, seen.id, entity, await listedWriteOptions(resource, seen, options));
}

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

/** Sort spec (§3, §7): direction(field) plus direction(id) as the tie-break. */
export function sortQuery(field: string, direction: 'asc' | 'desc'): string {
  return field === 'id' ? `${direction}(id)` : `${direction}(${field}),${direction}(id)`;
}

/** Account filter (§7): the account's rows and the global ones. */
export function accountFilter(accountId: string): string {
  return `${accountId},null`;
}

/** The same filter as typed list parameters (list-query.ts): the account's rows and global ones. */
export function accountOwners(accountId: string): (string | null)[] {
  return [accountId, null];
}

/**
 * Spotlight variants (§7): the token as authorization and the switched account as a header, so
 * the Spotlight service knows which company a root user is looking at.
 */

export interface SpotlightAuth {
  token: string;
  switchedAccountId: string | null;
}

function spotlightHeaders(auth: SpotlightAuth): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${auth.token}` };
  if (auth.switchedAccountId) headers[SWITCHED_COMPANY_HEADER] = auth.switchedAccountId;
  return headers;
}

export interface SpotlightListQuery {
  page_num: number;
  results_per_page: number;
  /** field_direction, e.g. name_asc. */
  order_by?: string;
  filter_name?: string;
}

export const spotlight = {
  list: (auth: SpotlightAuth, resource: string, query: SpotlightListQuery) =>
    call(`/api/spotlight/${resource}`, { method: 'POST', body: query, headers: spotlightHeaders(auth) }),
  detail: (auth: SpotlightAuth, resource: string, id: string) =>
    call(`/api/spotlight/${resource}/${encodeURIComponent(id)}/details`, { headers: spotlightHeaders(auth) }),
  /** One record and its version (ETag), for an edit or delete that must not overwrite another's. */
  versioned: async (auth: SpotlightAuth, resource: string, id: string) => {
    const { body, response } = await request(`/api/spotlight/${resource}/${encodeURIComponent(id)}/details`, {
      headers: spotlightHeaders(auth),
    });
    return { body, etag: response.headers.get(ETAG_HEADER) ?? undefined };
  },
  /** An asset from a file (multipart/form-data: brief, name, format, then the file). */
  upload: async (auth: SpotlightAuth, form: FormData): Promise<unknown> => {
    const response = await fetch(buildUrl('/api/spotlight/stim/upload'), {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...spotlightHeaders(auth) },
      credentials: 'include',
    });
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    return body;
  },
  create: (auth: SpotlightAuth, resource: string, entity: unknown) =>
    call(`/api/spotlight/${resource}/create`, { method: 'POST', body: entity, headers: spotlightHeaders(auth) }),
  edit: (auth: SpotlightAuth, resource: string, id: string, entity: unknown, etag?: string) =>
    call(`/api/spotlight/${resource}/${encodeURIComponent(id)}/edit`, {
      method: 'POST',
      body: entity,
      headers: { ...spotlightHeaders(auth), ...(etag ? { [IF_MATCH_HEADER]: etag } : {}) },
    }),
  remove: (auth: SpotlightAuth, resource: string, id: string, etag?: string) =>
    call(`/api/spotlight/${resource}/${encodeURIComponent(id)}/delete`, {
      method: 'POST',
      headers: { ...spotlightHeaders(auth), ...(etag ? { [IF_MATCH_HEADER]: etag } : {}) },
    }),
  dashboardList: (auth: SpotlightAuth, name: string) =>
    call(`/api/spotlight/dashboard/data/${name}_list/`, { headers: spotlightHeaders(auth) }),
  /** An asset's creative (SVG, an uploaded image or video): images cannot send the token, so the page fetches it. */
  creative: async (auth: SpotlightAuth, id: string): Promise<Blob> => {
    const response = await fetch(buildUrl(`/api/spotlight/stim/${encodeURIComponent(id)}/creative`), {
      headers: spotlightHeaders(auth),
      credentials: 'include',
    });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return response.blob();
  },
};
