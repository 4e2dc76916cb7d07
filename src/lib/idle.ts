/**
 * Runs work the first screen does not need once the browser is idle (at the latest after
 * `timeout` ms), so that it does not compete with the page's own requests and rendering.
 * Answers a function that cancels it.
 */
export function whenIdle(work: () => void, timeout = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}
