/**
 * A list's state as URL query values, so reload, back and a shared link show the same list
 *. Pure functions: the hook in useListState.ts binds them to the location.
 *
 * - `page` (1-based) and `size`;
 * - `sort`: the spec's sort spec (§3, §7), `asc(field)` or `desc(field)`; the API query adds the
 *   `direction(id)` tie-break;
 * - `q`: the search term;
 * - one value per declared filter, under the filter's own name.
 *
 * Defaults are left out of the URL, so an untouched list has a clean address.
 */
import type { ResourceName, SortKey } from '../../shared/schemas/index.ts';
import { listQuery, sortKeys, type ListParams } from '../../shared/list-query-text.ts';

export type Direction = 'asc' | 'desc';

export interface SortSpec {
  id: string;
  direction: Direction;
}

export interface ListSpec {
  /** Fields the server may sort by (the registry's sortFields). */
  sortFields: readonly string[];
  defaultSort: SortSpec;
  /** Filter names a list reads from the URL (each a query parameter of the API). */
  filters?: readonly string[];
  pageSizes?: readonly number[];
  defaultSize?: number;
  /** Prefix of the list's URL parameters, when a page shows two lists ('values.' → values.page). */
  prefix?: string;
}

export interface ListState {
  page: number;
  size: number;
  sort: SortSpec;
  search: string;
  filters: Readonly<Record<string, string>>;
}

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

const SORT_SPEC = /^(asc|desc)\(([\w.]+)\)$/;

/** `asc(name)` → {id: 'name', direction: 'asc'}; null for anything else. */
export function parseSortSpec(text: string | null): SortSpec | null {
  const match = text ? SORT_SPEC.exec(text) : null;
  return match ? { id: match[2] as string, direction: match[1] as Direction } : null;
}

export function formatSortSpec(sort: SortSpec): string {
  return `${sort.direction}(${sort.id})`;
}

/** A list parameter's name in the URL. */
const key = (spec: ListSpec, name: string) => `${spec.prefix ?? ''}${name}`;

export function readListState(search: string, spec: ListSpec): ListState {
  const raw = new URLSearchParams(search);
  const q = { get: (name: string) => raw.get(key(spec, name)) };
  const sizes = spec.pageSizes ?? DEFAULT_PAGE_SIZES;
  const defaultSize = spec.defaultSize ?? 25;
  const size = Number(q.get('size'));
  const sort = parseSortSpec(q.get('sort'));
  const filters: Record<string, string> = {};
  for (const name of spec.filters ?? []) {
    const value = q.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: Math.max(1, Math.floor(Number(q.get('page'))) || 1),
    size: sizes.includes(size) ? size : defaultSize,
    // An unknown sort field (an old link, a hand-edited URL) falls back rather than erroring.
    sort: sort && spec.sortFields.includes(sort.id) ? sort : spec.defaultSort,
    // `search` is the spec's own word (a search result's link to /users): read it as `q`.
    search: (q.get('q') ?? q.get('search'))?.trim() ?? '',
    filters,
  };
}

/**
 * The query string for a state, keeping parameters the list does not own (a page's own query
 * values such as labelCategoryId) as they are.
 */
export function writeListState(state: ListState, spec: ListSpec, current = ''): string {
  const out = new URLSearchParams(current);
  const q = { set: (name: string, value: string) => out.set(key(spec, name), value) };
  const own = ['page', 'size', 'sort', 'q', 'search', ...(spec.filters ?? [])];
  for (const name of own) out.delete(key(spec, name));
  if (state.search) q.set('q', state.search);
  for (const [name, value] of Object.entries(state.filters)) if (value) q.set(name, value);
  const d = spec.defaultSort;
  if (state.sort.id !== d.id || state.sort.direction !== d.direction) q.set('sort', formatSortSpec(state.sort));
  if (state.page > 1) q.set('page', String(state.page));
  if (state.size !== (spec.defaultSize ?? 25)) q.set('size', String(state.size));
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** Sort keys for the API (§7): the field, then the id in the same direction as the tie-break. */
export function apiSort(sort: SortSpec): SortKey[] {
  return sortKeys(sort.id, sort.direction);
}

/** A list's fixed parameters (the account filter, a pinned category), typed by its resource. */
export type ListBase<Name extends ResourceName> = Partial<ListParams<Name>>;

/** A list's query for the API, from its resource, its URL state and the page's fixed parameters. */
type ListQuery = <Name extends ResourceName>(
  resource: Name,
  state: ListState,
  base?: ListBase<Name>,
) => Record<string, string>;

/**
 * The API query of the whole filtered list (CSV export): the page's base, the URL's filters, the
 * sort and the search; no page window. The URL keeps each filter in the API's own form (the
 * filters write it with the same encoders), so it goes to the server as it is, and the server
 * checks it: a filter edited into the URL by hand that it refuses is its 400, naming the filter.
 */
export const filterQuery: ListQuery = (resource, state, base = {}) => ({
  ...listQuery(resource, base),
  ...state.filters,
  ...listQuery<ResourceName>(resource, {
    sort: apiSort(state.sort),
    ...(state.search ? { search: state.search } : {}),
  }),
});

/** The API query of one page of the list. */
export const pageQuery: ListQuery = (resource, state, base = {}) => ({
  ...filterQuery(resource, state, base),
  ...listQuery<ResourceName>(resource, { limit: state.size, skip: (state.page - 1) * state.size }),
});

/** The next state after a change: any change but paging goes back to the first page. */
export function nextState(state: ListState, patch: Partial<ListState>): ListState {
  return { ...state, page: 1, ...patch };
}
