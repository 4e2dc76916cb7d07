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

/** The longest wait for a frame to be drawn: a hidden tab draws none. */
const LONGEST_FRAME_WAIT_MS = 100;

/**
 * Calls `work` once the frame after the next one begins, so that what the page drew from its last
 * answer is on screen first: an idle callback can run between the main thread's paint and the
 * frame's display, and a request started there counted in Lighthouse's largest paint.
 */
function afterNextFrames(work: () => void): () => void {
  let frame = 0;
  const timer = window.setTimeout(run, LONGEST_FRAME_WAIT_MS);
  function run() {
    window.clearTimeout(timer);
    window.cancelAnimationFrame(frame);
    work();
  }
  frame = window.requestAnimationFrame(() => (frame = window.requestAnimationFrame(run)));
  return () => {
    window.clearTimeout(timer);
    window.cancelAnimationFrame(frame);
  };
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
  // A page's next read often starts as its previous one is drawn: once they settle, look again.
  const waitForCalls = () => {
    const timer = window.setTimeout(() => {
      stopWaiting();
      work();
    }, deadline - Date.now());
    const stopWaiting = whenCallsSettle(() => {
      window.clearTimeout(timer);
      step();
    });
    cancelStep = () => {
      stopWaiting();
      window.clearTimeout(timer);
    };
  };
  /** `next` if no call is under way; the work itself once the whole wait is over. */
  const unlessReading = (next: () => void) => () => {
    if (deadline - Date.now() <= 0) work();
    else if (callsUnderWay() > 0) waitForCalls();
    else next();
  };
  const step = () => {
    cancelStep = idleCallback(
      unlessReading(() => (cancelStep = afterNextFrames(unlessReading(work)))),
      timeout,
    );
  };
  step();
  return () => cancelStep();
}
