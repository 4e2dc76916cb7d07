/**
 * The selected account (spec §4): restored from local storage, else the user's own account;
 * saved on change. Switching shows a 500 ms loading view; while a form is unsaved the requested
 * account is stored instead and the shell asks whether to discard or stay. Viewing another
 * account sets the switched-account id that the Spotlight service receives.
 */
import { atom, computed } from 'nanostores';
import { listAll, onResourceWritten } from '../lib/api.ts';
import { canAccessAccount, effectiveRole, isRootUser, type AccessContext, type Role } from '../shared/access.ts';
import { readPublicConfig } from '../shared/config.ts';
import { ACCOUNT_SWITCH_LOADING_MS } from '../shared/constants.ts';
import type { Account } from '../shared/schemas/account.ts';
import type { CurrentUser } from '../shared/schemas/user.ts';
import { $hasUnsavedForm, clearDirtyForms } from './forms.ts';
import { $currentUser } from './session.ts';
import { readStored, writeStored } from './storage.ts';
import { $shownPage } from './shown-page.ts';
import { navigate } from 'wouter/use-browser-location';

export const SELECTED_ACCOUNT_KEY = 'lamp.selectedAccount';

/** The accounts the user may access, by name. */
export const $accounts = atom<readonly Account[]>([]);
export const $accountsState = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');
export const $selectedAccountId = atom<string | null>(null);
/** Set while an unsaved form holds a switch back. */
export const $requestedAccountId = atom<string | null>(null);
/** True for the 500 ms loading view after a switch. */
export const $switchingAccount = atom(false);

export const $selectedAccount = computed(
  [$accounts, $selectedAccountId],
  (accounts, id) => accounts.find((a) => a.id === id) ?? null,
);

/** The effective role against the selected account (decisions.md §3). */
export const $role = computed([$currentUser, $selectedAccountId], (user, accountId): Role | null =>
  user && accountId ? effectiveRole(user, accountId) : null,
);

export const $isRoot = computed($currentUser, (user) => !!user && isRootUser(user));

const { productOwnerAccountIds } = readPublicConfig(import.meta.env ?? {});

/**
 * What the shared access rule (checkAccess) needs to decide whether this user may open a route in
 * the selected account: the shell's guards, the sidebars and search results all read this one.
 */
export const $accessContext = computed(
  [$currentUser, $selectedAccount, $role],
  (user, account, role): AccessContext | null =>
    user && account && role ? { role, account, ownAccountId: user.account, productOwnerAccountIds } : null,
);

/** The account the Spotlight service is told about: set only while viewing another account. */
export const $switchedAccountId = computed([$currentUser, $selectedAccountId], (user, id) =>
  user && id && id !== user.account ? id : null,
);

/** Which account to select for a user: the stored one if still accessible, else their own. */
export function initialAccountId(
  user: { account: string } & Parameters<typeof canAccessAccount>[0],
  stored: string | null,
  accounts: readonly { id: string }[],
): string {
  if (stored && canAccessAccount(user, stored) && accounts.some((a) => a.id === stored)) return stored;
  return user.account;
}

let loadedFor: string | null = null;
/** The last load: a second caller for the same user waits for it (the app's first screen does). */
let lastLoad: Promise<void> = Promise.resolve();

/** Loads the accessible accounts once per user and restores the selection. */
export function loadAccounts(force = false, { quiet = false } = {}): Promise<void> {
  const user = $currentUser.get();
  if (!user) return Promise.resolve();
  if (!force && loadedFor === user.id && $accountsState.get() !== 'error') return lastLoad;
  loadedFor = user.id;
  lastLoad = readAccounts(user, quiet);
  return lastLoad;
}

async function readAccounts(user: CurrentUser, quiet: boolean): Promise<void> {
  // A quiet reload (after a write) keeps the page up: the switcher's list just changes under it.
  if (!quiet) $accountsState.set('loading');
  try {
    const rows = await listAll('account');
    const accessible = rows.filter((a) => canAccessAccount(user, a.id)).sort((a, b) => a.name.localeCompare(b.name));
    $accounts.set(accessible);
    const stored = readStored(SELECTED_ACCOUNT_KEY, (v) => (typeof v === 'string' ? v : null));
    const current = $selectedAccountId.get();
    const keep = current && accessible.some((a) => a.id === current) ? current : null;
    selectAccount(keep ?? initialAccountId(user, stored, accessible), { loadingView: false });
    $accountsState.set('ready');
  } catch {
    loadedFor = null;
    if (!quiet) $accountsState.set('error');
  }
}

// An account created, renamed or deleted anywhere in the app (the admin accounts section) shows
// in the switcher at once.
onResourceWritten((resource) => {
  if (resource === 'account' && $accountsState.get() === 'ready') void loadAccounts(true, { quiet: true });
});

/**
 * Takes a saved account (admin details) in place of the one held, so the shell shows its new
 * theme, logo and feature flags at once, without a reload.
 */
export function replaceAccount(account: Account): void {
  $accounts.set($accounts.get().map((held) => (held.id === account.id ? account : held)));
}

let loadingTimer: ReturnType<typeof setTimeout> | undefined;

/** Selects an account now: saved, and a 500 ms loading view unless told otherwise. */
export function selectAccount(id: string, options: { loadingView?: boolean } = {}): void {
  const changed = $selectedAccountId.get() !== id;
  $selectedAccountId.set(id);
  writeStored(SELECTED_ACCOUNT_KEY, id);
  $requestedAccountId.set(null);
  if (changed && options.loadingView !== false) {
    $switchingAccount.set(true);
    clearTimeout(loadingTimer);
    loadingTimer = setTimeout(() => $switchingAccount.set(false), ACCOUNT_SWITCH_LOADING_MS);
  }
}

/**
 * What the switcher calls: switches, or — while a form is unsaved — stores the request so the
 * shell can ask first. Returns whether it switched.
 */
export function requestAccountSwitch(id: string): boolean {
  if (id === $selectedAccountId.get()) return false;
  if ($hasUnsavedForm.get()) {
    $requestedAccountId.set(id);
    return false;
  }
  selectAccount(id);
  return true;
}

/** "Discard": drop the unsaved changes and make the stored switch. */
export function confirmRequestedSwitch(): string | null {
  const id = $requestedAccountId.get();
  if (!id) return null;
  clearDirtyForms();
  selectAccount(id);
  return id;
}

/** "Stay": keep the form and the current account. */
export function cancelRequestedSwitch(): void {
  $requestedAccountId.set(null);
}

/** Forgets everything account-related (sign-out). */
export function resetAccounts(): void {
  loadedFor = null;
  $accounts.set([]);
  $accountsState.set('idle');
  $selectedAccountId.set(null);
  $requestedAccountId.set(null);
}

/**
 * Spec §4: on report pages a switch rewrites the query with the new account and keeps only the
 * dates, the relative date and measured (measurements, labels and a saved report's id belong to
 * the old account).
 */
export function rewriteReportQuery(search: string, accountId: string): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  next.set('account', accountId);
  for (const key of ['startDate', 'endDate', 'relativeDate', 'measured']) {
    const value = current.get(key);
    if (value !== null) next.set(key, value);
  }
  return next.toString();
}

// Signing out forgets the accounts (the next user may see different ones).
$currentUser.listen((user) => {
  if (!user) resetAccounts();
});

// Spec §4: on a report page a switch of account rewrites the query (rewriteReportQuery); a first
// selection is no switch, and a query that already names the account needs nothing.
$selectedAccountId.listen((selected, before) => {
  const page = $shownPage.get();
  if (!before || !selected || before === selected || !page?.routeId.startsWith('reports')) return;
  if (new URLSearchParams(page.search).get('account') === selected) return;
  navigate(`${page.path}?${rewriteReportQuery(page.search, selected)}`, { replace: true });
});
