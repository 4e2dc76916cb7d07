/**
 * The global search's sections (spec §2 "Global search modal", §6): which resources a role
 * searches, how each is queried (limit 10, skip 0), how a result is named and where it leads
 * (search-routes.ts). Sections come from the shared resource registry (its searchPermission) and are
 * sorted alphabetically by title. Recent searches are stored as ids (spec §3) and resolved here
 * with the same sections, names and links.
 */
import type { ZodType } from 'zod';
import { accountOwners, list } from '../../lib/api.ts';
import type { ResourceDefinition, ResourceName, resources as Registry } from '../../shared/schemas/index.ts';
import { can, type AccountFeature, type Role } from '../../shared/access.ts';
import { GLOBAL_SEARCH_PAGE_SIZE } from '../../shared/constants.ts';
import { importJobName } from '../../shared/import-job-name.ts';
import type { ImportJob } from '../../shared/schemas/import-job.ts';
import { listQuery, type ListParams } from '../../shared/list-query-text.ts';
import { resultHref, SEARCH_RESULT_TYPES, type SearchRow, type SearchViewer } from './search-routes.ts';

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
        def.searchPermission !== null &&
        can(role, def.searchPermission) &&
        (!def.feature || features[def.feature]) &&
        SEARCH_RESULT_TYPES.includes(def.name),
    )
    .map((def) => ({
      resource: def.name,
      title: def.title,
      global: def.searchPermission === 'search.global',
      accountParameter: def.accountFilter,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * The account filter of a section: the selected account, except for root's global sections. An
 * `account` filter also takes the global rows (null), as the section's own list page does.
 */
function accountParams(section: SearchSection, accountId: string): Partial<ListParams<ResourceName>> {
  if (section.global || !section.accountParameter) return {};
  const owners = section.accountParameter === 'account' ? accountOwners(accountId) : [accountId];
  return { [section.accountParameter]: owners };
}

/** The query of one section: limit 10, skip 0, the term, and the account filter where it applies. */
export function sectionQuery(section: SearchSection, term: string, accountId: string): Record<string, string> {
  return listQuery(section.resource as ResourceName, {
    search: term,
    limit: GLOBAL_SEARCH_PAGE_SIZE,
    skip: 0,
    ...accountParams(section, accountId),
  });
}

/** One result as the modal shows it. */
export interface SearchItem {
  id: string;
  /** Its resource, e.g. 'measurement'. */
  type: string;
  label: string;
  /** Secondary text: a user's e-mail, an import job's id. */
  secondary: string | null;
  /** The page it opens, or null when there is none the user may open (decisions.md §8). */
  href: string | null;
}

export interface SectionResult {
  section: SearchSection;
  rows: SearchItem[];
  count: number;
  error: boolean;
}

export interface SearchBundle {
  schemaFor: (resource: string) => ZodType | undefined;
  titleOf: (resource: string, row: Record<string, unknown>) => string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Import jobs are named by file or type and measurement (decisions.md §8): one call fetches the
 * names of the measurements a page of jobs belongs to. Without them the file or type stands alone.
 */
async function measurementNames(rows: SearchRow[], signal?: AbortSignal): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => str(row.measurement)).filter(Boolean))];
  if (!ids.length) return new Map();
  try {
    const result = await list('measurement', { id: ids.join(','), limit: ids.length }, signal);
    return new Map(result.data.map((m) => [m.id, m.name]));
  } catch {
    return new Map();
  }
}

/** Names and links for a section's rows. */
export async function describeRows(
  type: string,
  rows: SearchRow[],
  bundle: SearchBundle,
  viewer: SearchViewer,
  signal?: AbortSignal,
): Promise<SearchItem[]> {
  const measurements = type === 'import-job' ? await measurementNames(rows, signal) : null;
  return rows.map((row) => {
    let label = bundle.titleOf(type, row);
    let secondary: string | null = null;
    if (type === 'import-job') {
      const measurement = measurements?.get(str(row.measurement));
      const name = importJobName(row as unknown as Pick<ImportJob, 'file_name' | 'job_type'>);
      label = measurement ? `${name} · ${measurement}` : name;
      secondary = row.id;
    } else if (type === 'user') {
      secondary = str(row.email) || null;
    }
    return { id: row.id, type, label, secondary, href: resultHref(type, row, viewer) };
  });
}

export async function searchSection(
  section: SearchSection,
  term: string,
  accountId: string,
  bundle: SearchBundle,
  viewer: SearchViewer,
  signal?: AbortSignal,
): Promise<SectionResult> {
  try {
    // Sections come from the registry (searchSections), so their resource is a registry name.
    const result = await list(section.resource as ResourceName, sectionQuery(section, term, accountId), signal);
    const rows = await describeRows(section.resource, result.data, bundle, viewer, signal);
    return { section, count: result.count, error: false, rows };
  } catch {
    return { section, rows: [], count: 0, error: true };
  }
}

/**
 * The recent searches as items, in their stored order: each section the user searches is asked
 * for the ids (one call each, as a search does); ids no section answers (deleted, or not visible
 * from this account any more) are left out. Ids are unique across resources.
 */
export async function resolveRecent(
  ids: readonly string[],
  sections: readonly SearchSection[],
  accountId: string,
  bundle: SearchBundle,
  viewer: SearchViewer,
  signal?: AbortSignal,
): Promise<SearchItem[]> {
  const valid = ids.filter((id) => /^[0-9a-f]{24}$/i.test(id));
  if (!valid.length) return [];
  const found = await Promise.all(
    sections.map(async (section) => {
      try {
        const resource = section.resource as ResourceName;
        const query = listQuery(resource, {
          id: valid,
          limit: valid.length,
          skip: 0,
          ...accountParams(section, accountId),
        });
        const result = await list(resource, query, signal);
        return describeRows(section.resource, result.data, bundle, viewer, signal);
      } catch {
        return [];
      }
    }),
  );
  const byId = new Map(found.flat().map((item) => [item.id, item]));
  return valid.map((id) => byId.get(id)).filter((item): item is SearchItem => !!item);
}
