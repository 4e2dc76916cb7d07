/**
 * Where a global search result leads (lamp-spec.md §2 "Result routes", decisions.md §8): a page
 * the user may open. Each result type lists the pages it could open, most specific first; the
 * first one whose route rule (routes.ts, checked with the shared checkAccess) lets the user in
 * wins, and a result with none has no link. So a label value opens its edit page for admins and
 * the measurements carrying it for write users; a user opens the admin page for root users, the
 * account's user list for account admins, and nothing for others (the name and e-mail show).
 */
import { checkAccess, type AccessContext } from '../../shared/access.ts';
import { findRoute, notFoundRoute, paths } from '../routes.ts';

export type SearchRow = Record<string, unknown> & { id: string };

/** Who is looking: the access context of the shared rule, plus Spotlight for the spotlight pages. */
export type SearchViewer = AccessContext;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The pages a result of each type could open, in order of preference (spec §2, decisions §8). */
const CANDIDATES: Readonly<Record<string, (row: SearchRow) => string[]>> = {
  'import-job': (row) => [paths.measurementDataImport(str(row.measurement), row.id)],
  measurement: (row) => [paths.measurement(row.id)],
  report: (row) => [paths.report(row.id)],
  user: (row) => [paths.adminUser(row.id), paths.users({ search: str(row.email) })],
  'label-value': (row) => [paths.labelEdit(str(row.category_id), row.id), paths.measurements({ label: row.id })],
  'label-category': (row) => [
    paths.labels({ labelCategoryId: row.id }),
    paths.measurements({ labelCategoryId: row.id }),
  ],
  'purchase-order': (row) => [paths.purchaseOrder(row.id)],
  account: (row) => [paths.adminAccount(row.id)],
  contract: (row) => [paths.adminContract(row.id)],
  'custom-parameter-template': (row) => [paths.adminCustomParameterTemplate(row.id)],
  project: (row) => [paths.adminProject(row.id)],
  'third-party-macro': (row) => [paths.adminThirdPartyMacro(row.id)],
};

/** The result types search knows where to open (the sections search.ts offers). */
export const SEARCH_RESULT_TYPES: readonly string[] = Object.keys(CANDIDATES);

/** Whether the viewer may open an app path: its route exists and its access rule passes. */
export function mayOpen(href: string, viewer: SearchViewer): boolean {
  const { route } = findRoute(href.split(/[?#]/)[0] ?? href);
  if (route === notFoundRoute) return false;
  return checkAccess(route.access, viewer) === null;
}

/** The page a result opens for this viewer, or null when there is none they may open. */
export function resultHref(type: string, row: SearchRow, viewer: SearchViewer): string | null {
  const candidates = CANDIDATES[type]?.(row) ?? [];
  return candidates.find((href) => mayOpen(href, viewer)) ?? null;
}
