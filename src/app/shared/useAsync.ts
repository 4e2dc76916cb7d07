import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` whenever `key` changes (null: nothing to load yet); a newer run wins over an older
 * one still in flight, so a quick change of date range cannot show stale figures, and the last
 * data stays on screen while the next loads.
 *
 * What arrives is drawn as a transition: React renders it in slices between which the browser
 * may paint and answer input, rather than in one long task (a list of rows and its names on a
 * phone took 250 ms at a stretch).
 */
export function useAsync<T>(load: () => Promise<T>, key: string | null): AsyncState<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: key !== null,
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current().then(
      (data) => live && startTransition(() => setState({ data, error: null, loading: false })),
      (error: unknown) => live && startTransition(() => setState({ data: null, error, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
