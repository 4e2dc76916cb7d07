/**
 * The app's calls under way (a request, and the parse of its answer: parse.ts), counted so that
 * work the first screen does not need can wait until the page's own first reads have answered (see
 * idle.ts). On a phone's connection every request shares the bandwidth: the menus' code or the
 * measurement tree's list, started beside the page's reads, pushes the page's content back.
 */
let underWay = 0;
const onSettled = new Set<() => void>();

/** Counts `call` as under way until it settles; answers it unchanged. */
export function trackCall<T>(call: Promise<T>): Promise<T> {
  underWay += 1;
  const done = () => {
    underWay -= 1;
    if (underWay > 0) return;
    for (const listener of [...onSettled]) listener();
  };
  call.then(done, done);
  return call;
}

export function callsUnderWay(): number {
  return underWay;
}

/** Calls `listener` the next time no call is under way; answers a function that cancels it. */
export function whenCallsSettle(listener: () => void): () => void {
  const once = () => {
    onSettled.delete(once);
    listener();
  };
  onSettled.add(once);
  return () => onSettled.delete(once);
}
