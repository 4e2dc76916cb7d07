/**
 * The shared zod schemas, loaded on demand: zod and every resource schema would otherwise sit in
 * the app's first-load bundle (90 KB budget). They come in two chunks:
 *
 * - the session's (`loadSessionSchema`): zod, the user and the accounts, what the app parses first,
 *   requested as the app starts, while the current-user call is under way;
 * - the registry's (`loadSchemas`): every resource's schemas, which a page's reads are parsed
 *   with, requested once the session's has arrived.
 *
 * The other endpoints' schemas come by area, with the first call of an area (endpoint-areas.ts).
 *
 * Two chunks, not one, so that the browser makes the schemas in two tasks: made in one, they held
 * a phone's main thread for over 100 ms (Lighthouse's blocking time on every signed-in page).
 */
import type * as Bundle from './schema-bundle.ts';
import type * as SessionSchema from './session-schema.ts';

let loading: Promise<typeof Bundle> | null = null;
let loadingSession: Promise<typeof SessionSchema> | null = null;

export function loadSessionSchema(): Promise<typeof SessionSchema> {
  if (!loadingSession) {
    loadingSession = import('./session-schema.ts');
    // The registry's chunk follows once this one has arrived: requested together, the second one
    // held back the page's own code on a phone's few connections. A failed download is reported by
    // the read that needs it.
    loadingSession.then(() => loadSchemas()).catch(() => {});
  }
  return loadingSession;
}

export function loadSchemas(): Promise<typeof Bundle> {
  loading ??= import('./schema-bundle.ts');
  return loading;
}
