/**
 * The Spotlight token (spec §4, §8; decisions.md §5): the app calls GET /api/spotlight-auth for the
 * selected account and keeps the token; every Spotlight call sends it with the switched company.
 * When the auth call fails the token is 'unauthorised' and the error keeps its error_type as id
 * (the onboarding pages read it). A switch of account or user starts again.
 */
import { atom, computed } from 'nanostores';
import { ApiError } from '../lib/api.ts';
import { callEndpoint } from '../lib/endpoint-call.ts';
import { spotlight, type SpotlightAuth } from '../lib/spotlight-api.ts';
import { messages } from '../shared/messages.ts';
import { $isRoot, $selectedAccount, $selectedAccountId, $switchedAccountId, selectAccount } from './account.ts';
import { $shownPage } from './shown-page.ts';
import { expandSidebar } from './sidebar.ts';
import { $currentUser } from './session.ts';
import { SPOTLIGHT_ROLES, type SpotlightRole } from '../shared/spotlight-rules.ts';

export interface SpotlightError {
  /** The service's error_type (1, 3, 4 …), or the HTTP status when the call itself failed. */
  id: number;
  message: string;
}

export type SpotlightState =
  | { status: 'idle' }
  | { status: 'loading'; accountId: string }
  | { status: 'ready'; accountId: string; token: string; expiresAt: number; role: SpotlightRole | null }
  | { status: 'error'; accountId: string; error: SpotlightError };

/** The token lives an hour; the app renews it a little before. */
const TOKEN_LIFETIME_MS = 55 * 60 * 1000;

export const $spotlight = atom<SpotlightState>({ status: 'idle' });
/** The user's Spotlight role in the selected account's company (null until known). */
export const $spotlightRole = computed($spotlight, (state) => (state.status === 'ready' ? state.role : null));
/** True while 'Create Spotlight Account' is under way (its button is disabled). */
export const $creatingSpotlightAccount = atom(false);

interface AuthAnswer {
  success?: boolean;
  token?: string;
  error_type?: number;
  message?: string;
  role?: string;
}

function readAnswer(body: unknown): AuthAnswer {
  return body && typeof body === 'object' ? body : {};
}

function settle(accountId: string, answer: AuthAnswer, status = 200): SpotlightState {
  if (answer.success && answer.token)
    return {
      status: 'ready',
      accountId,
      token: answer.token,
      expiresAt: Date.now() + TOKEN_LIFETIME_MS,
      role: (SPOTLIGHT_ROLES as readonly string[]).includes(answer.role ?? '') ? (answer.role as SpotlightRole) : null,
    };
  return {
    status: 'error',
    accountId,
    error: {
      id: typeof answer.error_type === 'number' ? answer.error_type : status,
      message: answer.message || messages.errors.unexpected,
    },
  };
}

let inflight: { accountId: string; promise: Promise<SpotlightState> } | null = null;

/** GET /api/spotlight-auth for the selected account (once; concurrent callers share the call). */
export function authenticateSpotlight(force = false): Promise<SpotlightState> {
  const user = $currentUser.get();
  const accountId = $selectedAccountId.get();
  if (!user || !accountId) return Promise.resolve($spotlight.get());
  const current = $spotlight.get();
  if (
    !force &&
    current.status !== 'idle' &&
    current.accountId === accountId &&
    (current.status !== 'ready' || current.expiresAt > Date.now())
  ) {
    if (current.status === 'loading' && inflight) return inflight.promise;
    return Promise.resolve(current);
  }
  if (!force && inflight?.accountId === accountId) return inflight.promise;
  $spotlight.set({ status: 'loading', accountId });
  const promise = (async () => {
    let next: SpotlightState;
    try {
      const answer = await callEndpoint('spotlightAuth', { query: { id: user.id, company: accountId } });
      next = settle(accountId, readAnswer(answer));
    } catch (error) {
      next = settle(
        accountId,
        readAnswer(error instanceof ApiError ? error.body : null),
        error instanceof ApiError ? error.status : 0,
      );
    }
    if (next.status === 'error' && next.error.id === 3) {
      // Spec §4: error 3 logs a warning that the user tried to access the account in Spotlight.
      console.warn(messages.spotlight.notMemberWarning($selectedAccount.get()?.name ?? accountId));
    }
    // A switch while the call was out makes its answer stale.
    if ($selectedAccountId.get() === accountId) $spotlight.set(next);
    return next;
  })().finally(() => {
    if (inflight?.promise === promise) inflight = null;
  });
  inflight = { accountId, promise };
  return promise;
}

/**
 * 'Create Spotlight Account' (spec §4): the create form of the auth call. Success stores the
 * token and expands the sidebar (the caller shows the success alert); failure leaves the error.
 */
export async function createSpotlightAccount(): Promise<{ ok: true } | { ok: false; message: string }> {
  const user = $currentUser.get();
  const account = $selectedAccount.get();
  if (!user || !account) return { ok: false, message: messages.errors.unexpected };
  $creatingSpotlightAccount.set(true);
  try {
    const body = await callEndpoint('spotlightAuth', {
      query: {
        username: `${user.first_name} ${user.last_name}`.trim(),
        external_id: user.id,
        company_name: account.name,
        company_id: account.id,
      },
    });
    const next = settle(account.id, readAnswer(body));
    if (next.status !== 'ready') return { ok: false, message: next.status === 'error' ? next.error.message : '' };
    $spotlight.set(next);
    expandSidebar();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : messages.errors.unexpected };
  } finally {
    $creatingSpotlightAccount.set(false);
  }
}

/** The token and the switched company, for lib/api's Spotlight calls; authenticates first if needed. */
export async function spotlightAuth(): Promise<SpotlightAuth> {
  const state = await authenticateSpotlight();
  if (state.status !== 'ready') throw new ApiError(401, { message: messages.spotlight.tokenMissing });
  return { token: state.token, switchedAccountId: $switchedAccountId.get() };
}

/**
 * Runs a Spotlight call with the token; a 401 (the token expired, or the server restarted with a
 * new secret) renews the token once and tries again.
 */
export async function withSpotlight<T>(run: (auth: SpotlightAuth) => Promise<T>): Promise<T> {
  try {
    return await run(await spotlightAuth());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await authenticateSpotlight(true);
    return run(await spotlightAuth());
  }
}

export { spotlight as spotlightApi };

// Another account or user: the old token is for someone else.
$selectedAccountId.listen(() => {
  inflight = null;
  $spotlight.set({ status: 'idle' });
});
let userId = $currentUser.get()?.id ?? null;
$currentUser.listen((user) => {
  const id = user?.id ?? null;
  if (id === userId) return;
  userId = id;
  inflight = null;
  $spotlight.set({ status: 'idle' });
});

/**
 * Non-root users see Spotlight in their own account: on a Spotlight page (the route locks the
 * switcher to it) their default account is restored. This module loads with Spotlight's pages, so
 * the rule also runs once as it loads.
 */
function restoreOwnAccount(): void {
  const user = $currentUser.get();
  const selected = $selectedAccountId.get();
  const onSpotlight = $shownPage.get()?.switcherLock === 'spotlight';
  if (onSpotlight && user && !$isRoot.get() && selected && selected !== user.account)
    selectAccount(user.account, { loadingView: false });
}
$shownPage.listen(restoreOwnAccount);
$currentUser.listen(restoreOwnAccount);
$selectedAccountId.listen(restoreOwnAccount);
restoreOwnAccount();
