import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { stillShown } from '../shared/stillShown.ts';
import { nextState, readListState, writeListState, type ListSpec, type ListState } from './listState.ts';

export interface ListStateApi {
  state: ListState;
  /** Merges a change into the URL (replacing the history entry, so back leaves the list). */
  set: (patch: Partial<ListState>) => void;
  setFilter: (name: string, value: string) => void;
}

/**
 * The list store: its state lives in the URL query (listState.ts), so it survives reload and a
 * shared link opens the same page, sort, search and filters.
 */
export function useListState(spec: ListSpec): ListStateApi {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => readListState(search, spec), [search, spec]);
  const set = useCallback(
    (patch: Partial<ListState>) => {
      // A write that arrives after the person has moved on must not bring them back to the list.
      if (!stillShown(location)) return;
      const next =
        'page' in patch && Object.keys(patch).length === 1 ? { ...state, ...patch } : nextState(state, patch);
      navigate(`${location}${writeListState(next, spec, search)}`, { replace: true });
    },
    [state, spec, search, location, navigate],
  );
  const setFilter = useCallback(
    (name: string, value: string) => set({ filters: { ...state.filters, [name]: value } }),
    [set, state.filters],
  );
  return { state, set, setFilter };
}
