import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { analytics, identifyMoment } from '../../lib/analytics.ts';
import { listAll } from '../../lib/api.ts';
import {
  $accountsState,
  $accessContext,
  $requestedAccountId,
  $role,
  $selectedAccount,
  $switchingAccount,
  loadAccounts,
} from '../../stores/account.ts';
import '../../stores/page-account.ts';
import { $shownPage } from '../../stores/shown-page.ts';
import { $currentUser } from '../../stores/session.ts';
import { checkAccess, type AccessErrorKind } from '../../shared/access.ts';
import { pageTitle } from '../../shared/constants.ts';
import { pageComponent } from '../pages.ts';
import type { RouteMatch } from '../routes/index.ts';
import { sidebarIn } from '../sidebars.ts';
import { AlertStack } from '../shared/AlertStack.tsx';
import { ConflictHost } from '../shared/ConflictHost.tsx';
import { ErrorPlaceholder } from '../shared/ErrorPlaceholder.tsx';
import { Spinner } from '../shared/Spinner.tsx';
import { ACCESS_ERROR_TITLES, AccessErrorPage } from './AccessErrorPage.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ContractBanner, contractBannerShows } from './ContractBanner.tsx';
import { hasSpotlightAccess, publicConfig } from './nav.ts';
import { startSearchTyping } from './search-typing.ts';
import { Sidebar, SidebarDropdown } from './Sidebar.tsx';
import { applyTheme } from './theme.ts';
import { TopNav } from './TopNav.tsx';
import { pageAreaClass } from './Frame.tsx';

const SearchModal = lazy(() => import('./SearchModal.tsx'));
const UnsavedSwitchDialog = lazy(() => import('./UnsavedSwitchDialog.tsx'));

/** A page chunk that fails to load (e.g. after a deploy) shows the error placeholder, not a blank. */
class PageBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override render() {
    return this.state.error ? <ErrorPlaceholder name="page" error={this.state.error} /> : this.props.children;
  }
}

export function LoadingView({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-48 items-center justify-center" data-testid="loading-view">
      <Spinner label={label} />
    </div>
  );
}

/** Reading A of the contract banner for the selected account. */
function useContractBanner(): boolean {
  const account = useStore($selectedAccount);
  const [shows, setShows] = useState(false);
  useEffect(() => {
    setShows(false);
    if (!account || !account.feature_flags.lamp_access) return;
    if (publicConfig.contractExemptAccountIds.includes(account.id)) return;
    let live = true;
    void listAll('contract', { accounts: account.id })
      .then((contracts) => {
        if (live) setShows(contractBannerShows(account, contracts, publicConfig.contractExemptAccountIds));
      })
      .catch(() => {
        // No banner on a failed read: a warning that might be false is worse than none.
      });
    return () => {
      live = false;
    };
  }, [account]);
  return shows;
}

/** The page shown, for the stores' page rules (stores/shown-page.ts); none once the shell goes. */
function usePublishedPage(match: RouteMatch, location: string, search: string) {
  useEffect(() => {
    const { route, params } = match;
    $shownPage.set({ routeId: route.id, switcherLock: route.switcherLock, params, path: location, search });
  }, [match, location, search]);
  useEffect(() => () => $shownPage.set(null), []);
}

/**
 * The identify call (spec §7): on sign-in (the first account shown after the login page, which
 * adds the login flag) and on every account switch after that, with the selected account as the
 * company.
 */
function useIdentify(search: string) {
  const user = useStore($currentUser);
  const account = useStore($selectedAccount);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!user || !account) return;
    const before = shown.current;
    shown.current = account.id;
    if (identifyMoment(before, account.id, search)) analytics.identify(user, account);
    // The account shown is the trigger; the search is read only at sign-in.
  }, [user?.id, account?.id]);
}

/** The frame every signed-in page lives in (spec §2 "Shell"). */
export function Shell({ match }: { match: RouteMatch }) {
  const user = useStore($currentUser);
  const account = useStore($selectedAccount);
  const accountsState = useStore($accountsState);
  const role = useStore($role);
  const accessContext = useStore($accessContext);
  const switching = useStore($switchingAccount);
  const requested = useStore($requestedAccountId);
  const [location] = useLocation();
  const search = useSearch();
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchLoaded, setSearchLoaded] = useState(false);
  const banner = useContractBanner();
  const { route, params } = match;

  useEffect(() => {
    void loadAccounts();
  }, [user?.id]);
  useEffect(() => applyTheme(account?.theme), [account]);
  usePublishedPage(match, location, search);
  useIdentify(search);

  // What is typed from now until the search box has focus is kept for it (search-typing.ts).
  const openSearch = () => {
    startSearchTyping();
    setSearchLoaded(true);
    setSearchOpen(true);
  };

  // Ctrl/Cmd+K opens the search from anywhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openSearch();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  let accessError: AccessErrorKind | null = null;
  let foreignSpotlight = false;
  if (accessContext && account && user) {
    accessError = checkAccess(route.access, accessContext);
    if (!accessError && route.access.spotlight && user && !hasSpotlightAccess(user, account)) {
      accessError = 'spotlight';
      foreignSpotlight = true;
    }
  }

  // Layout effects run before the page's own effects, so a page may still set a finer title.
  const title = accessError ? ACCESS_ERROR_TITLES[accessError] : route.title;
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title, location]);

  const Page = pageComponent(route.page);
  const sidebar = accessError ? null : sidebarIn(route.sidebar, account);

  let body: ReactNode;
  if (accountsState === 'error') body = <ErrorPlaceholder name="account" />;
  else if (!account || !role || switching) body = <LoadingView label={switching ? 'Switching account' : 'Loading'} />;
  else if (accessError) body = <AccessErrorPage kind={accessError} foreignAccount={foreignSpotlight} />;
  else
    body = (
      <PageBoundary resetKey={location}>
        <Suspense fallback={<LoadingView />}>
          <Page params={params} />
        </Suspense>
      </PageBoundary>
    );

  return (
    // The frame fills the screen; the layout below the bar and the banner takes what they leave
    // (spec §9's 48 px, or the banner's own height where its text wraps on a phone).
    <div className="flex h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopNav switcherLock={route.switcherLock} onOpenSearch={openSearch} />
      {banner ? <ContractBanner /> : null}
      <div className="flex min-h-0 flex-1" data-testid="layout">
        {sidebar ? <Sidebar kind={sidebar} /> : null}
        {/* data-location names the path the page inside was rendered for, in the same commit: a test
            that navigates inside the app waits on it rather than on the previous page's content. */}
        <main id="main" tabIndex={-1} data-location={location} className="min-w-0 flex-1 overflow-y-auto outline-none">
          <div className={pageAreaClass(route.narrow)}>
            {sidebar ? <SidebarDropdown kind={sidebar} /> : null}
            <Breadcrumbs pathname={location} route={route} />
            {body}
          </div>
        </main>
      </div>
      <AlertStack />
      <ConflictHost />
      {searchLoaded ? (
        <Suspense fallback={null}>
          <SearchModal isOpen={searchOpen} onClose={() => setSearchOpen(false)} />
        </Suspense>
      ) : null}
      {requested ? (
        <Suspense fallback={null}>
          <UnsavedSwitchDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
