// @vitest-environment happy-dom
/**
 * The page rules that left the shell for the stores run from the page the shell publishes
 * ($shownPage): a switch of account on a report page rewrites its query; elsewhere, or with no
 * page in the shell, it leaves the URL alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { $selectedAccountId, selectAccount } from '../../../src/stores/account.ts';
import { $shownPage, type ShownPage } from '../../../src/stores/shown-page.ts';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

function show(routeId: string, path: string, search: string): void {
  const page: ShownPage = { routeId, switcherLock: null, params: {}, path, search };
  window.history.replaceState(null, '', `${path}?${search}`);
  $shownPage.set(page);
}

describe('report query on a switch', () => {
  afterEach(() => {
    $shownPage.set(null);
    $selectedAccountId.set(null);
  });

  it('keeps the dates and measured and drops the old account’s measurements', () => {
    selectAccount(A, { loadingView: false });
    show('reports', '/reports', `account=${A}&startDate=2026-01-01&measurementIds=m1&measured=true`);
    selectAccount(B, { loadingView: false });
    expect(window.location.search).toBe(`?account=${B}&startDate=2026-01-01&measured=true`);
  });

  it('leaves other pages, and a shell with no page, alone', () => {
    selectAccount(A, { loadingView: false });
    show('measurements', '/measurements', 'measurementIds=m1');
    selectAccount(B, { loadingView: false });
    expect(window.location.search).toBe('?measurementIds=m1');
    $shownPage.set(null);
    selectAccount(A, { loadingView: false });
    expect(window.location.search).toBe('?measurementIds=m1');
  });
});
