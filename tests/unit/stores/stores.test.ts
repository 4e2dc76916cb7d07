// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $requestedAccountId,
  $selectedAccountId,
  $switchingAccount,
  cancelRequestedSwitch,
  confirmRequestedSwitch,
  initialAccountId,
  requestAccountSwitch,
  rewriteReportQuery,
  selectAccount,
  SELECTED_ACCOUNT_KEY,
} from '../../../src/stores/account.ts';
import { $alerts, showAlert, showError } from '../../../src/stores/alerts.ts';
import { $hasUnsavedForm, setFormDirty } from '../../../src/stores/forms.ts';
import {
  $recentSearches,
  addRecentSearch,
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
} from '../../../src/stores/recent-searches.ts';
import {
  $sidebarWidth,
  collapseSidebar,
  expandSidebar,
  setSidebarWidth,
  SIDEBAR_MIN_USEFUL_WIDTH,
  SIDEBAR_OPEN_WIDTH_STORAGE_KEY,
  SIDEBAR_STORAGE_KEY,
} from '../../../src/stores/sidebar.ts';
import { ACCOUNT_SWITCH_LOADING_MS, ALERT_SLIDE_MS, RECENT_SEARCHES_MAX } from '../../../src/shared/constants.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('alerts', () => {
  it('close themselves after their timeout, sliding out over 500 ms', () => {
    showAlert('success', 'Saved', 2);
    expect($alerts.get().at(-1)).toMatchObject({ message: 'Saved', leaving: false });
    vi.advanceTimersByTime(2000);
    expect($alerts.get().at(-1)).toMatchObject({ message: 'Saved', leaving: true });
    vi.advanceTimersByTime(ALERT_SLIDE_MS);
    expect($alerts.get().some((a) => a.message === 'Saved')).toBe(false);
  });

  it('show a message once while it is on screen, and again once it has gone', () => {
    const before = $alerts.get().length;
    const first = showError({ body: { message: 'Measurement not found' } });
    expect(showError({ body: { message: 'Measurement not found' } })).toBe(first);
    expect($alerts.get()).toHaveLength(before + 1);
    showAlert('success', 'Measurement not found');
    expect($alerts.get()).toHaveLength(before + 2);
    vi.advanceTimersByTime(60_000);
    expect(showError({ body: { message: 'Measurement not found' } })).not.toBe(first);
  });

  it('word errors as spec §8 says', () => {
    showError({ body: { error: 'Forbidden' } });
    expect($alerts.get().at(-1)?.message).toBe('Forbidden');
    showError({ body: {} }, 'Fallback');
    expect($alerts.get().at(-1)?.message).toBe('Fallback');
    showError(new Error('x'));
    expect($alerts.get().at(-1)?.message).toBe('An unexpected error occurred');
  });
});

describe('the selected account', () => {
  const user = {
    account: 'own',
    super_admin: false,
    access_grants: [{ id: 'other', type: 'account', role: 'read' }],
    root_account_access_grants: [],
  };

  it('is restored from storage when still accessible, else the user’s own', () => {
    const accounts = [{ id: 'own' }, { id: 'other' }];
    expect(initialAccountId(user, 'other', accounts)).toBe('other');
    expect(initialAccountId(user, 'stranger', accounts)).toBe('own');
    expect(initialAccountId(user, null, accounts)).toBe('own');
  });

  it('is saved on change and shows the loading view for 500 ms', () => {
    selectAccount('a', { loadingView: false });
    selectAccount('b');
    expect(JSON.parse(localStorage.getItem(SELECTED_ACCOUNT_KEY) ?? 'null')).toBe('b');
    expect($switchingAccount.get()).toBe(true);
    vi.advanceTimersByTime(ACCOUNT_SWITCH_LOADING_MS - 1);
    expect($switchingAccount.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect($switchingAccount.get()).toBe(false);
  });

  it('waits while a form is unsaved: discard switches, stay keeps the account', () => {
    selectAccount('a', { loadingView: false });
    setFormDirty('form', true);
    expect($hasUnsavedForm.get()).toBe(true);
    expect(requestAccountSwitch('b')).toBe(false);
    expect($selectedAccountId.get()).toBe('a');
    expect($requestedAccountId.get()).toBe('b');
    cancelRequestedSwitch();
    expect($selectedAccountId.get()).toBe('a');
    requestAccountSwitch('b');
    expect(confirmRequestedSwitch()).toBe('b');
    expect($selectedAccountId.get()).toBe('b');
    expect($hasUnsavedForm.get()).toBe(false);
  });

  it('rewrites a report query with the account, dates, relative date and measured', () => {
    const query =
      'account=old&startDate=2026-01-01&endDate=2026-02-01&relativeDate=&measured=true&measurement=m1&label=l&id=r';
    expect(rewriteReportQuery(query, 'new')).toBe(
      'account=new&startDate=2026-01-01&endDate=2026-02-01&relativeDate=&measured=true',
    );
  });
});

describe('the sidebar width', () => {
  it('is clamped to 0–500, persisted, and reopens at its last width', () => {
    setSidebarWidth(620);
    expect($sidebarWidth.get()).toBe(500);
    setSidebarWidth(-4);
    expect($sidebarWidth.get()).toBe(0);
    setSidebarWidth(333);
    collapseSidebar();
    expect($sidebarWidth.get()).toBe(0);
    expandSidebar();
    expect($sidebarWidth.get()).toBe(333);
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('333');
  });

  it('never rests at a sliver: a drag to 0 collapses it and expand reopens at the last useful width', () => {
    setSidebarWidth(320);
    // A drag towards 0 passes every width on the way; none of them is kept, and a sliver collapses.
    for (const width of [250, 120, 19, 5]) setSidebarWidth(width, { settle: false });
    setSidebarWidth(5);
    expect($sidebarWidth.get()).toBe(0);
    expandSidebar();
    expect($sidebarWidth.get()).toBe(320);
    // A drag that ends at a sliver collapses it too; a reload finds both widths.
    setSidebarWidth(250);
    setSidebarWidth(12);
    expect($sidebarWidth.get()).toBe(0);
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('0');
    expect(localStorage.getItem(SIDEBAR_OPEN_WIDTH_STORAGE_KEY)).toBe('250');
    setSidebarWidth(SIDEBAR_MIN_USEFUL_WIDTH);
    expect($sidebarWidth.get()).toBe(SIDEBAR_MIN_USEFUL_WIDTH);
  });
});

describe('recent searches', () => {
  it('keep at most 10 item ids, newest first, without duplicates', () => {
    for (let i = 0; i < 12; i++) addRecentSearch(`id${i}`);
    addRecentSearch('id5');
    const ids = $recentSearches.get();
    expect(ids).toHaveLength(RECENT_SEARCHES_MAX);
    expect(ids.slice(0, 3)).toEqual(['id5', 'id11', 'id10']);
    // Local storage holds the ids themselves (spec §3), nothing else.
    const stored = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]') as unknown[];
    expect(stored).toHaveLength(RECENT_SEARCHES_MAX);
    expect(stored.every((entry) => typeof entry === 'string')).toBe(true);
    expect(stored[0]).toBe('id5');
  });

  it('reads ids, and keeps the ids of entries stored in the earlier whole-object format', () => {
    expect(
      parseRecentSearches(['a', { id: 'b', type: 'measurement', label: 'B', href: '/b' }, 'a', 7, null, { x: 1 }]),
    ).toEqual(['a', 'b']);
    expect(parseRecentSearches('nope')).toBeNull();
  });
});

describe('signing out', () => {
  it('posts to /api/v1/unauth: the spec’s GET would let a link on any site sign the user out', async () => {
    const { signOut } = await import('../../../src/stores/session.ts');
    const calls: { url: string; method: string }[] = [];
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      calls.push({ url: String(input), method: init.method ?? 'GET' });
      return Promise.resolve(
        new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    });
    try {
      await signOut();
      expect(calls.filter((call) => call.url.includes('/api/v1/unauth'))).toEqual([
        { url: expect.stringContaining('/api/v1/unauth') as string, method: 'POST' },
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('forgets the versions of the records read, so the next person in the tab sends none of them', async () => {
    const { getOne, versionOf } = await import('../../../src/lib/api.ts');
    const { signOut } = await import('../../../src/stores/session.ts');
    const id = 'c'.repeat(24);
    vi.stubGlobal('fetch', (input: string) =>
      Promise.resolve(
        input.includes('/unauth')
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ data: [{ id, name: 'M', created_at: '2026-11-01T00:00:00.000Z' }] }), {
              status: 200,
              headers: { 'content-type': 'application/json', etag: '"v1"' },
            }),
      ),
    );
    try {
      await getOne('model', id);
      expect(versionOf('model', id)).toBe('"v1"');
      await signOut();
      expect(versionOf('model', id)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
