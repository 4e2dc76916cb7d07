/**
 * The shared zod schemas, loaded on demand: zod and every resource schema would otherwise sit in
 * the app's first-load bundle (90 KB budget). The first API response waits for this
 * chunk, which downloads in parallel with the current-user call.
 */
import type * as Bundle from './schema-bundle.ts';

let loading: Promise<typeof Bundle> | null = null;

export function loadSchemas(): Promise<typeof Bundle> {
  loading ??= import('./schema-bundle.ts');
  return loading;
}
