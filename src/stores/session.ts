/**
 * The session (spec §4 "App state"): logged out shows sign-in, logged in without a user yet shows
 * a loading shell, with a user shows the app. The current user is revalidated on each navigation,
 * without retry; if that call errors, the user is treated as logged out and any access error is
 * cleared. A 401 from any API call signs the app out.
 */
import { atom } from 'nanostores';
import { analytics } from '../lib/analytics.ts';
import { CURRENT_USER_PATH, forgetVersions, request, setUnauthorizedHandler } from '../lib/api.ts';
import { parseUser } from '../lib/parse.ts';
import { routeOf } from '../shared/endpoints/routes.ts';
import type { CurrentUser } from '../shared/schemas/user.ts';

export type AppState = 'loading' | 'logged-out' | 'logged-in';

export const $appState = atom<AppState>('loading');
export const $currentUser = atom<CurrentUser | null>(null);
/** An access error raised outside the route rules (e.g. a page's record could not be loaded). */
export const $accessError = atom<string | null>(null);

function signedOut() {
  analytics.reset();
  // The next person in this tab starts from their own reads: no versions carried over.
  forgetVersions();
  $currentUser.set(null);
  $accessError.set(null);
  $appState.set('logged-out');
}

setUnauthorizedHandler(signedOut);

let inflight: Promise<CurrentUser | null> | null = null;

/** GET /api/v1/current-user once (concurrent callers share the call); never retried. */
export function refreshCurrentUser(): Promise<CurrentUser | null> {
  inflight ??= (async () => {
    try {
      const { body } = await request(CURRENT_USER_PATH);
      const user = (await parseUser(
        body && typeof body === 'object' && 'data' in body ? body.data : body,
      )) as CurrentUser;
      // Keep the same object when nothing changed, so subscribers do not re-render on every navigation.
      const previous = $currentUser.get();
      if (!previous || JSON.stringify(previous) !== JSON.stringify(user)) $currentUser.set(user);
      $appState.set('logged-in');
      return user;
    } catch {
      signedOut();
      return null;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/**
 * POST /api/v1/unauth ends the session (a POST: the spec's GET would let any site's link sign
 * the user out); the app is signed out whatever the server answers.
 */
export async function signOut(): Promise<void> {
  const route = routeOf('signOut');
  try {
    await request(route.path, { method: route.method });
  } catch {
    // Already signed out on the server: nothing else to do.
  }
  signedOut();
}
