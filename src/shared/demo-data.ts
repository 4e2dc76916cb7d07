/**
 * What the app and its configuration know of the demo data (fixtures/ generates it from these):
 * the stable ids of the demo accounts and personas (decisions.md §1), which never change across
 * fixture regenerations, so configuration defaults, tests and bookmarks can rely on them; and the
 * fixtures' fixed clock, which test mode starts from.
 */

/** A fixed clock: fixtures never depend on the day they are generated. */
export const FIXTURE_NOW = Date.parse('2026-11-01T09:00:00.000Z');
/** FIXTURE_NOW as a day ('YYYY-MM-DD'): metrics run up to and including this day. */
export const FIXTURE_TODAY = '2026-11-01';

export const ACCOUNT_IDS = {
  lampHq: '650000000000000000000001',
  lampOperations: '650000000000000000000002',
  northwind: '650000000000000000000003',
  contoso: '650000000000000000000004',
  fabrikam: '650000000000000000000005',
  tailspin: '650000000000000000000006',
} as const;

/** Product-owner accounts allowed into /admin, and exempt from the contract banner (config defaults). */
export const DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS = [ACCOUNT_IDS.lampHq, ACCOUNT_IDS.lampOperations];

/** The personas' user ids, one per e-mail of decisions.md §1. */
export const USER_IDS = {
  super: '651000000000000000000001',
  root: '651000000000000000000002',
  northwindAdmin: '651000000000000000000003',
  northwindWriter: '651000000000000000000004',
  northwindReader: '651000000000000000000005',
  contosoPartner: '651000000000000000000006',
  fabrikamSelfServe: '651000000000000000000007',
  tailspinAdmin: '651000000000000000000008',
  northwindUnverified: '651000000000000000000009',
  northwindNew: '65100000000000000000000a',
  fabrikamViewer: '65100000000000000000000b',
} as const;
