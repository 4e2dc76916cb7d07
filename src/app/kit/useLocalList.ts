import { useMemo } from 'react';
import type { ResourceName } from '../../shared/schemas/index.ts';
import type { ListState } from './listState.ts';
import { useCanWriteRow } from './useCanWriteRow.ts';
import { useListState } from './useListState.ts';
import type { Identified, ResourceList, ResourceListSpec } from './useResourceList.ts';

export interface LocalListOptions<T> {
  /** The text a search matches (case-insensitive substring), as the server's searchFields do. */
  searchText: (row: T) => string;
  /** The value of each sort field of the spec. */
  sortValue: Readonly<Record<string, (row: T) => string | number>>;
}

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/**
 * A list the server answers whole (an account's guests from its grants): the kit's URL state
 * (search, sort, page, under the spec's prefix) applied in the browser, as a ResourceList, so the
 * same ListView draws it and a reload or a shared link shows the same page.
 */
export function useLocalList<T extends Identified, Name extends ResourceName>(
  spec: ResourceListSpec<Name>,
  source: { data: readonly T[] | null; loading: boolean; error: unknown; reload: () => void },
  options: LocalListOptions<T>,
): ResourceList<T, Name> {
  const listState = useListState(spec);
  const { state } = listState;
  const { searchText, sortValue } = options;
  const selected = useMemo(
    () => selectRows(source.data ?? [], state, { searchText, sortValue }),
    [source.data, state, searchText, sortValue],
  );
  const start = (state.page - 1) * state.size;
  const rows = useMemo(() => selected.slice(start, start + state.size), [selected, start, state.size]);
  const canWrite = useCanWriteRow(spec.resource);
  return {
    ...listState,
    spec,
    name: spec.resource,
    base: {},
    rows,
    count: selected.length,
    loading: source.loading,
    error: source.error,
    reload: source.reload,
    allRows: () => Promise.resolve(selected),
    canWrite,
  };
}

/** The rows a list state selects, in its order (before paging): pure, for the hook and its tests. */
export function selectRows<T extends Identified>(
  rows: readonly T[],
  state: Pick<ListState, 'search' | 'sort'>,
  options: LocalListOptions<T>,
): T[] {
  const term = state.search.toLocaleLowerCase('en-GB');
  const found = rows.filter((row) => !term || options.searchText(row).toLocaleLowerCase('en-GB').includes(term));
  const value = options.sortValue[state.sort.id];
  const sign = state.sort.direction === 'asc' ? 1 : -1;
  // The id breaks ties in the same direction, as the API's sort does (§7).
  return found.sort((a, b) => sign * ((value ? compare(value(a), value(b)) : 0) || collator.compare(a.id, b.id)));
}

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}
