/**
 * Reads started before the code that makes them has arrived. A phone spends its first second
 * downloading and running the app's JavaScript; a read that only starts once the page has rendered
 * adds its round trip after that. A route's own first reads (`firstReads`) start from the HTML's
 * route script (scripts/route-preload.ts), and from the app's entry through http.ts's
 * `startFirstRead`, whose fetch takes the preloaded answer.
 */
import { buildUrl, CURRENT_USER_PATH, fullListPage, resourceUrl } from './api.ts';

/**
 * What every signed-in page reads before it can show anything: who is signed in, and the accounts
 * (the selected account decides whether and what the page shows). app.astro preloads them with the
 * HTML (`<link rel="preload" as="fetch">`); the session and account stores' later fetch of the same
 * URL takes the preloaded answer.
 */
export const APP_START_READS: readonly string[] = [buildUrl(CURRENT_USER_PATH), resourceUrl('account', fullListPage())];
