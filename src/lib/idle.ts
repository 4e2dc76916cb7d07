import { callsUnderWay, whenCallsSettle } from './reads-in-flight.ts';

/**
 * The longest secondary work waits for the page's calls to answer: a page that keeps reading
 * (a slow report, a poll) still gets its menus.
 */
const LONGEST_WAIT_MS = 2000;

function idleCallback(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}

/**
 * Runs work the first screen does not need (menus' and dialogs' code, the measurement tree) once
 * the page's own calls have answered and the browser is idle, so that it neither shares the
 * network with the page's first reads nor delays drawing them. Each idle wait lasts at most
 * `timeout` ms, and the whole wait at most LONGEST_WAIT_MS. Answers a function that cancels it.
 */
export function whenIdle(work: () => void, timeout = 1000): () => void {
  const deadline = Date.now() + LONGEST_WAIT_MS;
  let cancelStep = () => {};
  const step = () => {
    cancelStep = idleCallback(() => {
      const left = deadline - Date.now();
      if (callsUnderWay() === 0 || left <= 0) return work();
      // A page's next read often starts as its previous one is drawn: look again once idle.
      const timer = window.setTimeout(() => {
        stopWaiting();
        work();
      }, left);
      const stopWaiting = whenCallsSettle(() => {
        window.clearTimeout(timer);
        step();
      });
      cancelStep = () => {
        stopWaiting();
        window.clearTimeout(timer);
      };
    }, timeout);
  };
  step();
  return () => cancelStep();
}
