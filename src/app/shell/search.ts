/**
 * The global search's sections (spec §2 "Global search modal", §6): which resources a role
 * searches, how each is queried (limit 10, skip 0) and where a result leads. Sections come from
 * the shared resource registry (its searchRole) and are sorted alphabetically by title.
 */
import type { ZodType } from 'zod';
import { accountFilter, list, type Query } from '../../lib/api.ts';
import type { ResourceDefinition, ResourceName, resources as Registry } from '../../shared/schemas/index.ts';
import { roleAtLeast, type AccountFeature, type Role } from '../../shared/access.ts';
import { GLOBAL_SEARCH_PAGE_SIZE } from '../../shared/constants.ts';
import { adminDetailPath, paths } from '../routes.ts';

type Row = Record<string, unknown> & { id: string };
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Result routes (spec §2). */
export const RESULT_ROUTES: Readonly<Record<string, (row: Row) => string>> = {
  'import-job': (row) => paths.measurementDataImport(str(row.measurement), row.id),
  measurement: (row) => paths.measurement(row.id),
  report: (row) => paths.report(row.id),
  user: (row) => paths.adminUser(row.id),
  'label-value': (row) => paths.labelEdit(str(row.category_id), row.id),
  'label-category': (row) => paths.labels({ labelCategoryId: row.id }),
  'purchase-order': (row) => paths.purchaseOrder(row.id),
  contract: (row) => paths.adminContract(row.id),
  // The admin-edited resources lead to their section's detail page (derived from ADMIN_SECTIONS).
  ...Object.fromEntries(
    ['account', 'custom-parameter-template', 'project', 'third-party-macro'].map((resource) => [
      resource,
      (row: Row) => adminDetailPath(resource, row.id) ?? paths.admin(),
    ]),
  ),
};

export interface SearchSection {
  resource: string;
  title: string;
  /** Root's sections search every account; the others the selected one. */
  global: boolean;
  accountParameter: string | null;
}

/**
 * The sections a role searches in an account. A resource that needs an account feature the
 * account lacks (measurements, import jobs and reports need lamp_access) is left out: the server
 * would refuse it.
 */
export function searchSections(
  registry: typeof Registry,
  role: Role,
  features: Readonly<Record<AccountFeature, boolean>>,
): SearchSection[] {
  return Object.values<ResourceDefinition>(registry)
    .filter(
      (def) =>
        def.searchRole !== null &&
        roleAtLeast(role, def.searchRole) &&
        (!def.feature || features[def.feature]) &&
        RESULT_ROUTES[def.name],
    )
    .map((def) => ({
      resource: def.name,
      title: def.title,
      global: def.searchRole === 'root',
      accountParameter: def.accountFilter,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The query of one section: limit 10, skip 0, the term, and the account filter where it applies. */
export function sectionQuery(section: SearchSection, term: string, accountId: string): Query {
  const query: Query = { search: term, limit: GLOBAL_SEARCH_PAGE_SIZE, skip: 0 };
  if (!section.global && section.accountParameter) {
    query[section.accountParameter] = section.accountParameter === 'account' ? accountFilter(accountId) : accountId;
  }
  return query;
}

export interface SectionResult {
  section: SearchSection;
  rows: { id: string; label: string; href: string }[];
  count: number;
  error: boolean;
}

export async function searchSection(
  section: SearchSection,
  term: string,
  accountId: string,
  bundle: {
    schemaFor: (resource: string) => ZodType | undefined;
    titleOf: (resource: string, row: Record<string, unknown>) => string;
  },
  signal?: AbortSignal,
): Promise<SectionResult> {
  try {
    // Sections come from the registry (searchSections), so their resource is a registry name.
    const result = await list(section.resource as ResourceName, sectionQuery(section, term, accountId), signal);
    const route = RESULT_ROUTES[section.resource] as (row: Row) => string;
    return {
      section,
      count: result.count,
      error: false,
      rows: result.data.map((row) => ({ id: row.id, label: bundle.titleOf(section.resource, row), href: route(row) })),
    };
  } catch {
    return { section, rows: [], count: 0, error: true };
  }
}
