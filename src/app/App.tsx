// First: zod's configuration for the browser, before any schema module loads.
import '../lib/zod-browser.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { startFirstRead } from '../lib/http.ts';
import { startParser } from '../lib/parse.ts';
import { settled, useSettled, type Settled } from '../lib/settled.ts';
import { $appState, $currentUser, refreshCurrentUser } from '../stores/session.ts';
import { pageTitle } from '../shared/constants.ts';
import type { PageName, PageProps } from './routes/index.ts';
import { findRoute, paths } from './routes/index.ts';
import { AlertStack } from './shared/AlertStack.tsx';
import { FRAME_TITLE_SLOT } from './shell/frame-slots.ts';

/**
 * The shell is its own chunk, requested as soon as the app starts so that it downloads while the
 * current-user call is under way (the loading shell shows meanwhile). This keeps the first-load
 * entry within its budget without making anyone wait longer.
 */
const shellChunk = settled(import('./shell/Shell.tsx'));
const LazyShell = lazy(() => shellChunk.promise.then((module) => ({ default: module.Shell })));

/**
 * The marketing-consent question (spec §4), over any signed-in page until the user answers it;
 * its chunk (a dialog and the data-protection notice) is loaded only for a user who has not.
 */
const MarketingConsentModal = lazy(() => import('./features/auth/MarketingConsentModal.tsx'));

/**
 * The page registry (every page module and, for each, the chunks it needs) is its own chunk too,
 * requested at once beside the shell: it grows with every page the product has, and the first
 * paint (the loading shell) does not need it. Keeping it out of the entry keeps the entry within
 * its budget as pages are added.
 */
const pagesChunk = import('./pages.ts');

/**
 * The route is known as soon as this module runs: its page's code and its first reads start now,
 * before React has drawn anything, so neither waits for the user, the accounts and the shell (each
 * a round trip on a phone). The HTML's route script has usually started both already (preloads,
 * scripts/route-preload.ts): these requests then take its answers. Only in the browser: the build
 * renders this module too.
 */
function startRoute(pathname: string): Promise<unknown> {
  const { route, params } = findRoute(pathname);
  route.firstReads?.(params).forEach(startFirstRead);
  return Promise.all([shellChunk.promise, pagesChunk.then(({ loadPage }) => loadPage(route.page))]);
}

/**
 * The first screen's code: the shell and the first route's page. The app keeps the frame from the
 * HTML until it has arrived (or failed: the error then shows where the page renders), then draws
 * shell and page in one go, with no Suspense fallback in between to hold the page back.
 */
const firstScreenCode = settled(
  typeof window === 'undefined' ? Promise.resolve() : startRoute(window.location.pathname),
);
if (typeof window !== 'undefined') {
  // The parse worker's code and schemas arrive while the session and the accounts are read (the
  // browser fetches a worker's script at its lowest priority: started later, it held them back).
  startParser();
}

/**
 * The accounts' first load for a user (loadAccounts: the list, then the selected account). The
 * first screen waits for it as it waits for its code: drawn before, the shell showed a loading
 * body, and the account's arrival then drew the whole page again as one uninterruptible render
 * (a store update is always drawn at once: 60 ms of one task on a phone's CPU). Drawn after, the
 * page comes in the first screen's transition, in slices. Started while rendering, once per user,
 * like the first screen's code at module load; its failure is the shell's to show.
 */
const accountsLoads = new Map<string, Settled<void>>();
function accountsLoaded(userId: string): Settled<void> {
  let load = accountsLoads.get(userId);
  if (!load) {
    load = settled(import('../stores/account.ts').then(({ loadAccounts }) => loadAccounts()));
    accountsLoads.set(userId, load);
  }
  return load;
}
const NOTHING_TO_WAIT_FOR: Settled<void> = { promise: Promise.resolve(), value: undefined, done: true };

/** A page by its module name, once the registry has arrived. */
const PageByName = lazy(() =>
  pagesChunk.then(({ pageComponent }) => ({
    default: function PageByName({ name, params }: { name: PageName; params: PageProps['params'] }) {
      const Page = pageComponent(name);
      return <Page params={params} />;
    },
  })),
);

/** The id of the app's frame in the HTML (app.astro draws shell/Frame.tsx there, at build time). */
export const STATIC_FRAME_ID = 'static-frame';
let staticFrame: HTMLElement | null = null;

/**
 * Logged in, but no user yet (spec §4): the frame's outline with a spinner. That frame is the one
 * in the HTML, painted before this script ran: it stays in place while this is mounted and leaves
 * with it, in the same commit as what replaces it. One markup, drawn once, so nothing moves when
 * the island takes over, and the entry carries no copy of it.
 */
function LoadingShell() {
  useLayoutEffect(() => {
    staticFrame ??= document.getElementById(STATIC_FRAME_ID);
    const frame = staticFrame;
    if (!frame) return;
    if (!frame.isConnected) {
      // Back after the app had drawn (a session that ended, say): the page heading the HTML painted
      // belongs to the first address, so the title's skeleton block shows instead.
      const [block, heading] = frame.querySelector(`[${FRAME_TITLE_SLOT}]`)?.children ?? [];
      block?.removeAttribute('hidden');
      heading?.setAttribute('hidden', '');
      document.body.prepend(frame);
    }
    return () => frame.remove();
  }, []);
  return null;
}

/** A page outside the shell: public pages for visitors, and the bare first-login pages. */
function BarePage({ name, params, title }: { name: PageName; params: Record<string, string>; title: string }) {
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <>
      <Suspense fallback={<LoadingShell />}>
        <PageByName name={name} params={params} />
      </Suspense>
      <AlertStack />
    </>
  );
}

/**
 * The React island: every app path lands here. The route table decides what shows; the session
 * decides whether it may (spec §4 "App state").
 */
export default function App() {
  const [location] = useLocation();
  const search = useSearch();
  const appState = useStore($appState);
  const currentUser = useStore($currentUser);
  const firstScreenReady = useSettled(firstScreenCode);
  const mustAnswerConsent = currentUser?.viewed_marketing_consent === false;
  const match = useMemo(() => findRoute(location), [location]);

  // The current user is revalidated on each navigation, without retry.
  useEffect(() => {
    void refreshCurrentUser();
  }, [location]);

  // The accounts (and with them the selected account every page's data hangs on) load as soon as
  // the user is known, not once the shell and the page have rendered: on a dashboard that moved
  // the first data request half a second earlier. The shell asks too; loadAccounts runs once a user.
  const inShell = appState === 'logged-in' && match.route.layout !== 'bare';
  const userId = currentUser?.id;
  const accountsReady = useSettled(inShell && userId ? accountsLoaded(userId) : NOTHING_TO_WAIT_FOR);

  // The page's chunk downloads alongside the session calls rather than after them.
  const pageName = match.route.page;
  const mayShow = appState !== 'logged-out' || match.route.audience === 'public';
  useEffect(() => {
    // A failed download is reported where the page renders (PageByName, under an error boundary).
    if (mayShow) pagesChunk.then(({ preloadPage }) => preloadPage(pageName)).catch(() => {});
  }, [pageName, mayShow]);

  // A signed-out visitor goes to sign-in, keeping the path to come back to.
  const mustSignIn = appState === 'logged-out' && match.route.audience === 'signed-in';
  useEffect(() => {
    if (mustSignIn) window.location.replace(paths.login(`${location}${search ? `?${search}` : ''}`));
  }, [mustSignIn, location, search]);

  const { route, params } = match;
  if (route.audience === 'public' && (appState === 'logged-out' || route.layout === 'bare'))
    return <BarePage name={route.page} params={params} title={route.title} />;
  if (appState !== 'logged-in' || (route.layout !== 'bare' && !(firstScreenReady && accountsReady)))
    return <LoadingShell />;
  // The shell's module itself once it has arrived; the lazy one only to report a failed download.
  const Shell = shellChunk.value?.Shell;
  return (
    <>
      {route.layout === 'bare' ? (
        <BarePage name={route.page} params={params} title={route.title} />
      ) : Shell ? (
        <Shell match={match} />
      ) : (
        <Suspense fallback={<LoadingShell />}>
          <LazyShell match={match} />
        </Suspense>
      )}
      {mustAnswerConsent ? (
        <Suspense>
          <MarketingConsentModal />
        </Suspense>
      ) : null}
    </>
  );
}
