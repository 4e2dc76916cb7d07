/**
 * Where a global search result leads (lamp-spec.md §2 "Result routes", decisions.md §8): a page
 * the user may open. Each result type names the routes it could open, most specific first; the
 * first one whose route rule (src/app/routes, checked with the shared checkAccess) lets the user in
 * wins, and a result with none has no link. So a label value opens its edit page for admins and
 * the measurements carrying it for write users; a user opens the admin page for root users, the
 * account's user list for account admins, and nothing for others (the name and e-mail show).
 */
import { checkAccess, type AccessContext } from '../../shared/access.ts';
import { findRoute, hrefOf, routeById, type QueryInit } from '../routes/index.ts';

export type SearchRow = Record<string, unknown> & { id: string };

/** Who is looking: the access context of the shared rule, plus Spotlight for the spotlight pages. */
export type SearchViewer = AccessContext;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A page a result could open: a route of the table by name, its params and query from the row. */
interface Candidate {
  route: string;
  params?: (row: SearchRow) => Record<string, string>;
  query?: (row: SearchRow) => QueryInit;
}

/** The pages a result of each type could open, in order of preference (spec §2, decisions §8). */
export const RESULT_ROUTES: Readonly<Record<string, readonly Candidate[]>> = {
  'import-job': [
    {
      route: 'measurement.data-import',
      params: (row) => ({ measurementId: str(row.measurement), importJobId: row.id }),
    },
  ],
  measurement: [{ route: 'measurement', params: (row) => ({ measurementId: row.id }) }],
  report: [{ route: 'reports.slug', params: (row) => ({ '*': row.id }) }],
  user: [
    { route: 'admin.users.detail', params: (row) => ({ userId: row.id }) },
    { route: 'users', query: (row) => ({ search: str(row.email) }) },
  ],
  'label-value': [
    { route: 'label.edit', params: (row) => ({ categoryId: str(row.category_id), labelId: row.id }) },
    { route: 'measurements', query: (row) => ({ label: row.id }) },
  ],
  'label-category': [
    { route: 'labels', query: (row) => ({ labelCategoryId: row.id }) },
    { route: 'measurements', query: (row) => ({ labelCategoryId: row.id }) },
  ],
  'purchase-order': [{ route: 'purchase-order', params: (row) => ({ purchaseOrderId: row.id }) }],
  account: [{ route: 'admin.accounts.detail', params: (row) => ({ accountId: row.id }) }],
  contract: [{ route: 'admin.contract', params: (row) => ({ contractId: row.id }) }],
  'custom-parameter-template': [
    {
      route: 'admin.custom-parameter-templates.detail',
      params: (row) => ({ customParameterTemplateId: row.id }),
    },
  ],
  project: [{ route: 'admin.projects.detail', params: (row) => ({ projectId: row.id }) }],
  'third-party-macro': [{ route: 'admin.third-party-macros.detail', params: (row) => ({ thirdPartyMacroId: row.id }) }],
};

/** The result types search knows where to open (the sections search.ts offers). */
export const SEARCH_RESULT_TYPES: readonly string[] = Object.keys(RESULT_ROUTES);

/** The page a result opens for this viewer, or null when there is none they may open. */
export function resultHref(type: string, row: SearchRow, viewer: SearchViewer): string | null {
  for (const candidate of RESULT_ROUTES[type] ?? []) {
    const route = routeById(candidate.route);
    const href = hrefOf(candidate.route, candidate.params?.(row) ?? {}, candidate.query?.(row));
    // A row without one of the params builds a path of another shape: no link rather than a wrong one.
    const opensIt = findRoute(href.split('?')[0] ?? href).route === route;
    if (opensIt && checkAccess(route.access, viewer) === null) return href;
  }
  return null;
}
