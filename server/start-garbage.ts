/**
 * A start parses the whole snapshot (84 MB of JSON at 100k measurements): the parse leaves about
 * twice the live data as garbage, and V8 collects an old generation only under pressure, so a
 * server that has started keeps that memory for as long as it runs (measured: 559 MB resident
 * after a restart at 100k, of which 150 MB is live). One full collection once the store is open
 * gives it back at the start, where a pause costs nobody a request.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectStartGarbage(): void {
  // gc() without starting node with --expose-gc (npm start, the Dockerfile and the tests each
  // start it their own way): the flag applies to contexts made after it is set, so a fresh
  // context hands out the function.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}
