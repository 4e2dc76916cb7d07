/**
 * The page the shell shows, as the stores' page rules read it (the account a page names, the
 * report query on a switch, Spotlight's own account). The shell publishes it on every navigation
 * and clears it when it goes, so the rules act only on pages in the shell; they live with their
 * features' stores, not in the shell.
 */
import { atom } from 'nanostores';

export interface ShownPage {
  /** The route's id in the route table (`reports…` for the report pages). */
  routeId: string;
  /** Which lock the route puts on the account switcher (`spotlight` on Spotlight's pages). */
  switcherLock: string | null;
  /** The path's parameters (measurementId, categoryId, purchaseOrderId …). */
  params: Readonly<Record<string, string>>;
  /** The path without the query, and the query without its `?`. */
  path: string;
  search: string;
}

export const $shownPage = atom<ShownPage | null>(null);
