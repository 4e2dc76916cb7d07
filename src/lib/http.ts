/**
 * The browser's HTTP calls to the API (lamp-spec.md §7).
 *
 * - Requests go to PUBLIC_API_BASE (empty: same origin) with credentials, so a CDN-hosted front
 *   end keeps its session cookie.
 * - A non-ok response throws ApiError carrying the status and the JSON body; a 204 yields null.
 * - Lists come in three shapes ({data, count}; data plus an X-Total-Count header; a wrapped
 *   {data: {data, result_count}}); all are read into {data, count}.
 * - A 401 from any call signs the app out (the session store registers the handler).
 * - A call that names its record sends the remembered version as If-Match, and a 412 asks the
 *   conflict dialog (./conflicts.ts).
 * - Identical GETs at the same time make one request, and a page's first reads serve the page's
 *   load (./shared-reads.ts); a call with an AbortSignal reads on its own.
 */
import { routeOf } from '../shared/endpoints/routes.ts';
import type { ZodType } from 'zod';
import { readPublicConfig } from '../shared/config.ts';
import { ETAG_HEADER, IF_MATCH_HEADER, TOTAL_COUNT_HEADER } from '../shared/http-headers.ts';
import { ApiError } from './api-error.ts';
import { noteServerClock } from './server-clock.ts';
import { askOverwrite, ConflictError, OVERWRITE, remember, versionOfRecord, type RecordRef } from './conflicts.ts';
import { trackCall } from './reads-in-flight.ts';
import { declareFirstRead, startAfresh, readKey, sharedRead, type Answer } from './shared-reads.ts';

export const API_BASE = readPublicConfig(import.meta.env ?? {}).apiBase;

/**
 * The first call of every app page (the session store's). The app's HTML preloads it (app.astro),
 * so it is under way while the island's JavaScript downloads; the store's fetch, made the same way
 * (CORS, credentials), takes the preloaded answer.
 */
export const CURRENT_USER_PATH = routeOf('currentUser').path;

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

/** What every call sends unless told otherwise. */
const READ_HEADERS: Readonly<Record<string, string>> = { accept: 'application/json' };

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

export async function readBody(response: Response): Promise<unknown> {
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
  const headers: Record<string, string> = { ...READ_HEADERS, ...options.headers };
  if (record && method !== 'GET' && !hasHeader(headers, IF_MATCH_HEADER)) {
    const version = versionOfRecord(record);
    if (version) headers[IF_MATCH_HEADER] = version;
  }
  try {
    const answer = await trackCall(send(path, options, method, headers));
    if (record) remember(record, method === 'DELETE' ? null : answer.response.headers.get(ETAG_HEADER));
    return answer;
  } catch (error) {
    if (!(error instanceof ConflictError) || headers[IF_MATCH_HEADER] === OVERWRITE) throw error;
    // Someone else saved the record since this page read it: the person chooses.
    await askOverwrite(error, options.onReload);
    return request(path, { ...options, headers: { ...options.headers, [IF_MATCH_HEADER]: OVERWRITE } });
  }
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
  const url = buildUrl(path, options.query);
  const init: RequestInit = { method, headers, body, credentials: 'include', signal: options.signal };
  if (method !== 'GET') startAfresh();
  // A caller that may abort its read must not abort, or be left waiting on, another's.
  const { response, body: parsed } =
    method === 'GET' && !options.signal
      ? await sharedRead(readKey(url, headers), () => fetchAnswer(url, init))
      : await fetchAnswer(url, init);
  if (!response.ok) {
    // A Spotlight 401 is about its token, not the LAMP session (the Spotlight store re-authenticates).
    if (response.status === 401 && !path.startsWith('/api/spotlight/')) onUnauthorized?.(path);
    if (response.status === 412) throw new ConflictError(parsed, options.record ?? null);
    throw new ApiError(response.status, parsed);
  }
  return { body: parsed, response };
}

async function fetchAnswer(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  noteServerClock(response.headers);
  return { response, body: response.status === 204 ? null : await readBody(response) };
}

/**
 * Starts a GET of a full URL (from buildUrl) that the page shown is about to make, and keeps its
 * answer for the page's own reads of it while the page loads (./shared-reads.ts).
 */
export function startFirstRead(url: string): void {
  const key = readKey(url, READ_HEADERS);
  declareFirstRead(key);
  const init: RequestInit = { headers: { ...READ_HEADERS }, credentials: 'include' };
  // Its failure is the page's to show, from its own read (a failed first read is not kept).
  sharedRead(key, () => fetchAnswer(url, init)).catch(() => {});
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
