import { startTransition, useEffect, useReducer } from 'react';

/**
 * A promise whose outcome can be read while rendering once it has arrived. React's `lazy` and
 * Suspense always suspend a first render, even for code that has already downloaded, and React
 * then holds back each later reveal until 300 ms after the last fallback it showed. The app's
 * first screen draws from code it has in hand instead, in one commit, without that wait.
 */
export interface Settled<T> {
  readonly promise: Promise<T>;
  /** The value, once the promise has fulfilled. */
  readonly value: T | undefined;
  /** Whether the promise has fulfilled or rejected. */
  readonly done: boolean;
}

export function settled<T>(promise: Promise<T>): Settled<T> {
  const state: { promise: Promise<T>; value: T | undefined; done: boolean } = {
    promise,
    value: undefined,
    done: false,
  };
  promise.then(
    (value) => {
      state.value = value;
      state.done = true;
    },
    () => {
      state.done = true;
    },
  );
  return state;
}

/**
 * Renders again once `state` has settled (as a transition: the first screen is drawn in slices,
 * not in one long task); answers whether it has.
 */
export function useSettled(state: Settled<unknown>): boolean {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { done } = state;
  useEffect(() => {
    if (done) return;
    let live = true;
    const again = () => {
      if (live) startTransition(rerender);
    };
    state.promise.then(again, again);
    return () => {
      live = false;
    };
  }, [state, done]);
  return done;
}
