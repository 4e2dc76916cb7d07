/**
 * A paged list from any data source: the kit's URL state (useListState) asks the source for one
 * page, and the list composite (ListView) draws it. A source is an adapter to one API's paging:
 * the resource API's limit/skip (useResourceList.ts), the Spotlight service's page_num and
 * order_by, or rows already in the browser (useLocalList.ts).
 */
import type { ListSpec, ListState } from './listState.ts';
import { useAsync } from '../shared/useAsync.ts';
import { useListState, type ListStateApi } from './useListState.ts';

export interface Identified {
  id: string;
}

export interface PageOf<T> {
  data: readonly T[];
  count: number;
}

/** How a list's rows are fetched from its API. */
export interface ListSource<T> {
  /** What performance marks call the list (`kit:data:{name}`, the UI benchmark's names). */
  name: string;
  /** The source's fixed parameters as text: a change asks again. */
  key: string;
  /** One page of the state's search, filters and sort. */
  page: (state: ListState) => Promise<PageOf<T>>;
  /** Every row the state's search, filters and sort select, without the page window (CSV). */
  all: (state: ListState) => Promise<readonly T[]>;
}

/** What a list page declares about its rows; kept at module scope so it is stable. */
export interface NamedListSpec extends ListSpec {
  /** What the list is called in messages ('label categories'). */
  noun: string;
}

/** A list as the composite draws it: its URL state, the rows of the page and how to get more. */
export interface ListModel<T extends Identified> extends ListStateApi {
  spec: NamedListSpec;
  /** The source's name (performance marks). */
  name: string;
  rows: readonly T[];
  count: number;
  loading: boolean;
  error: unknown;
  reload: () => void;
  /** The whole filtered list (CSV export). */
  allRows: () => Promise<readonly T[]>;
  /** Whether the signed-in person may change or delete a row: only these can be selected. */
  canWrite: (row: T) => boolean;
}

const NO_ROWS: never[] = [];
const NEVER = () => false;

/**
 * One page of a source's rows for the URL's paging, sort, search and filters; a newer request
 * wins over an older one still in flight. A null source has nothing to ask yet (loading).
 */
export function usePagedList<T extends Identified>(
  spec: NamedListSpec,
  source: ListSource<T> | null,
  canWrite: (row: T) => boolean = NEVER,
): ListModel<T> {
  const listState = useListState(spec);
  const { state } = listState;
  const key = source ? JSON.stringify([source.name, source.key, state]) : '';
  const result = useAsync<PageOf<T> | null>(async () => {
    if (!source) return null;
    const page = await source.page(state);
    // Budget: the table must render within 100 ms of this mark; see DataTable.
    if (typeof performance !== 'undefined') performance.mark(`kit:data:${source.name}`);
    return page;
  }, key);
  return {
    ...listState,
    spec,
    name: source?.name ?? '',
    rows: result.data?.data ?? NO_ROWS,
    count: result.data?.count ?? 0,
    loading: result.loading || !source,
    error: result.error,
    reload: result.reload,
    allRows: () => (source ? source.all(state) : Promise.resolve(NO_ROWS)),
    canWrite,
  };
}
