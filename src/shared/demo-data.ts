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

/**
 * Two hex digits per collection, so generated ids never collide across collections and stay the
 * same when another collection grows.
 */
const COLLECTION_CODES = {
  account: '10',
  user: '11',
  model: '20',
  'advertising-channel': '21',
  'media-partner': '22',
  'media-type': '23',
  'device-type': '24',
  format: '25',
  'third-party-macro-vendor': '26',
  'third-party-macro': '27',
  'label-category': '30',
  'label-value': '31',
  project: '32',
  measurement: '40',
  contract: '50',
  'purchase-order': '51',
  'custom-parameter-template': '60',
  'upload-template': '61',
  'import-job-config': '62',
  'name-mapping': '63',
  'import-job': '64',
  'import-job-status': '65',
  report: '70',
  'saved-report': '71',
  'report-schedule': '72',
  'report-schedule-run': '73',
  activation: '80',
  'domain-list': '81',
  'spotlight-company': '90',
  'spotlight-user': '91',
  'spotlight-brief': '92',
  'spotlight-stim': '93',
  'audit-event': 'a0',
} as const;

export type FixtureCollection = keyof typeof COLLECTION_CODES;

/**
 * The id of the n-th generated row of a collection: '66' + collection code + n in 20 hex digits,
 * a 24-hex string like every other id. Sequential ids keep generation fast at any scale.
 */
export function fixtureId(collection: FixtureCollection, n: number): string {
  return `66${COLLECTION_CODES[collection]}${n.toString(16).padStart(20, '0')}`;
}

/**
 * Whether an id is one the fixtures gave (fixtureId's shape), not one the server made for a row
 * someone created (server/store/repositories.ts newId: seconds since 1970 first, which began with
 * '66' only in 2024).
 */
export function isFixtureId(collection: FixtureCollection, id: string): boolean {
  return id.length === 24 && id.startsWith(`66${COLLECTION_CODES[collection]}`);
}
