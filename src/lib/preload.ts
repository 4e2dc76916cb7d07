/**
 * Reads started before the code that makes them has arrived. A phone spends its first second
 * downloading and running the app's JavaScript; a read that only starts once the page has rendered
 * adds its round trip after that. A `<link rel="preload" as="fetch">` starts the read at once, and
 * the client's later fetch of the same URL (same origin rules, with credentials) takes its answer.
 */
import { buildUrl, CURRENT_USER_PATH, fullListPage, resourceUrl } from './api.ts';

/**
 * What every signed-in page reads before it can show anything: who is signed in, and the accounts
 * (the selected account decides whether and what the page shows). app.astro preloads them with the
 * HTML; the session and account stores make the same reads.
 */
export const APP_START_READS: readonly string[] = [buildUrl(CURRENT_USER_PATH), resourceUrl('account', fullListPage())];

/** Starts a GET the page is about to make, as app.astro's links do for the first ones. */
export function preloadRead(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'use-credentials';
  link.href = url;
  document.head.append(link);
}
