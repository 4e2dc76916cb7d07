import { list, type ListResult } from '../../lib/api.ts';
import type { ResourceName, ResourceRow } from '../../shared/schemas/index.ts';
import { pageQuery, type ListBase, type ListSpec } from './listState.ts';
import { useAsync } from '../shared/useAsync.ts';
import { useListState, type ListStateApi } from './useListState.ts';

export interface Identified {
  id: string;
}

/** What a list page declares about its resource; kept at module scope so it is stable. */
export interface ResourceListSpec<Name extends ResourceName = ResourceName> extends ListSpec {
  resource: Name;
  /** What the list is called in messages ('label categories'). */
  noun: string;
}

export interface ResourceList<T extends Identified, Name extends ResourceName = ResourceName> extends ListStateApi {
  spec: ResourceListSpec<Name>;
  /** The page's fixed parameters: the account filter and anything else the page pins. */
  base: ListBase<Name>;
  rows: readonly T[];
  count: number;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

const NO_ROWS: never[] = [];

/**
 * One page of a resource's rows, asked of the server with the URL's paging, sort spec, search and
 * filters. A newer request wins over an older one still in flight. `base` must be stable (memoise
 * it, or build it from primitives the page already holds).
 */
export function useResourceList<Name extends ResourceName>(
  spec: ResourceListSpec<Name>,
  base: ListBase<Name> | null,
): ResourceList<ResourceRow<Name>, Name> {
  const listState = useListState(spec);
  const key = base ? JSON.stringify([base, listState.state]) : '';
  const result = useAsync<ListResult<ResourceRow<Name>> | null>(async () => {
    if (!base) return null;
    // Built (and a hand-edited URL filter checked) by the resource's list-query codec: a bad
    // value is an error state naming the parameter, as the server's 400 would be.
    const query = pageQuery(spec.resource, listState.state, base);
    const page = await list(spec.resource, query);
    // Budget: the table must render within 100 ms of this mark; see DataTable.
    if (typeof performance !== 'undefined') performance.mark(`kit:data:${spec.resource}`);
    return page;
  }, key);
  return {
    ...listState,
    spec,
    base: base ?? {},
    rows: result.data?.data ?? NO_ROWS,
    count: result.data?.count ?? 0,
    loading: result.loading || !base,
    error: result.error,
    reload: result.reload,
  };
}
