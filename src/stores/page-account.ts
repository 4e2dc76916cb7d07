/**
 * Spec §4: when a page's measurement, label category, purchase order or account (path or query)
 * belongs to another account, the selected account moves to it (so the page's way back, such as a
 * purchase order's "All billing", leads to that account's list); if loading fails an error is
 * shown. Runs on navigation only (and once the accounts are in), so a switch made by the user is
 * never undone. The shell loads this module; the rule reads the page it publishes.
 */
import { navigate } from 'wouter/use-browser-location';
import { getOne } from '../lib/api.ts';
import { canAccessAccount } from '../shared/access.ts';
import { messages } from '../shared/messages.ts';
import { isResource } from '../shared/resource-facts.ts';
import { $accounts, $accountsState, $selectedAccountId, selectAccount } from './account.ts';
import { showError } from './alerts.ts';
import { $currentUser } from './session.ts';
import { $shownPage } from './shown-page.ts';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** What the rule runs on; a change of anything else (a new user object, say) does not re-run it. */
let trigger = '';
/** Bumped on every run, so an answer that comes back after the next navigation is dropped. */
let generation = 0;

function followPageAccount(): void {
  const page = $shownPage.get();
  const user = $currentUser.get();
  const accountsReady = $accountsState.get() === 'ready';
  const next = JSON.stringify([page?.path, page?.search, accountsReady, user?.id]);
  if (next === trigger) return;
  trigger = next;
  const run = ++generation;
  if (!page || !user || !accountsReady) return;
  const live = () => run === generation;
  const query = new URLSearchParams(page.search);
  const measurementId = page.params.measurementId ?? query.get('measurementId');
  const labelCategoryId = page.params.categoryId ?? query.get('labelCategoryId');
  const purchaseOrderId = page.params.purchaseOrderId;
  const accountId = query.get('account');
  const usable = (id: string) => canAccessAccount(user, id) && $accounts.get().some((a) => a.id === id);
  const follow = (id: string | null | undefined) => {
    if (!live() || !id || id === $selectedAccountId.get()) return;
    if (usable(id)) selectAccount(id);
  };
  const fetchAccount = async (resource: string, id: string) => {
    if (!isResource(resource)) return null;
    const row = await getOne(resource, id);
    return 'account' in row && typeof row.account === 'string' ? row.account : null;
  };
  const followRow = (resource: string, id: string) =>
    fetchAccount(resource, id).then(follow, (e: unknown) => live() && showError(e));
  if (accountId) {
    if (usable(accountId)) follow(accountId);
    else {
      // An account that does not exist or is not the user's to use: say so, and let the URL
      // name the account actually shown instead of one that is not.
      showError(messages.api.notFound('account'));
      const selected = $selectedAccountId.get();
      if (selected) {
        query.set('account', selected);
        navigate(`${page.path}?${query.toString()}`, { replace: true });
      }
    }
  } else if (measurementId && OBJECT_ID.test(measurementId)) void followRow('measurement', measurementId);
  else if (labelCategoryId && OBJECT_ID.test(labelCategoryId)) void followRow('label-category', labelCategoryId);
  else if (purchaseOrderId && OBJECT_ID.test(purchaseOrderId)) void followRow('purchase-order', purchaseOrderId);
}

$shownPage.listen(followPageAccount);
$currentUser.listen(followPageAccount);
$accountsState.listen(followPageAccount);
followPageAccount();
