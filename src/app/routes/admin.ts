/**
 * The admin area's routes: the admin home, each section's list, create, bulk-create and detail
 * routes derived from ADMIN_SECTIONS, and the few routes no section pattern covers.
 */
import { LOOKUP_TABLE_TITLES, lookupTableName, type LookupResource } from '../../shared/lookup-tables.ts';
import { ADMIN_SECTIONS } from './admin-sections.ts';
import { adminRoot, adminSuper, route } from './declare.ts';
import type { PageName } from './lazy-modules.ts';
import type { AdminPageKind, AdminSection, RouteEntry } from './types.ts';

/**
 * The page a section's route of one kind renders (see AdminSectionEntry.pages). A generic page
 * renders the section's declaration.tsx, beside its entry (tests/unit/app/admin-sections.test.tsx
 * checks it is there). Bulk creation has no generic page: a section with `bulk` names its own, or
 * the table stops loading.
 */
const ADMIN_GENERIC_PAGES: Partial<Record<AdminPageKind, PageName>> = {
  list: 'admin/AdminListPage',
  create: 'admin/AdminCreatePage',
  detail: 'admin/AdminDetailPage',
};

/** A section's list, create, bulk-create and detail routes. */
function sectionRoutes(section: AdminSection): RouteEntry[] {
  const { id, title, singular, access } = section;
  const base = `/admin/${id}`;
  const options = { access, sidebar: 'admin' as const };
  const page = (kind: AdminPageKind) => {
    const own = section.pages?.[kind];
    if (own) return own;
    const generic = ADMIN_GENERIC_PAGES[kind];
    if (!generic) throw new Error(`Admin section ${section.id} needs a '${kind}' page module`);
    return generic;
  };
  const list = [route(`admin.${id}`, base, `${title} | Admin`, page('list'), { ...options, nav: section.nav })];
  if (section.create)
    list.push(route(`admin.${id}.create`, `${base}/create`, `Create ${singular} | Admin`, page('create'), options));
  if (section.bulk)
    list.push(
      route(`admin.${id}.bulk-create`, `${base}/bulk-create`, `Bulk Create ${title} | Admin`, page('bulk'), options),
    );
  if (section.detailParam)
    list.push(
      route(`admin.${id}.detail`, `${base}/:${section.detailParam}`, `${singular} | Admin`, page('detail'), options),
    );
  return list;
}

const area = { sidebar: 'admin' } as const;

export const adminRoutes: RouteEntry[] = [
  route('admin', '/admin', 'Admin', 'admin/AdminHomePage', { access: adminRoot, ...area }),
  ...ADMIN_SECTIONS.flatMap(sectionRoutes),
  route('admin.contract', '/admin/contracts/:contractId', 'Contract | Admin', 'admin/AdminDetailPage', {
    access: adminRoot,
    ...area,
  }),
  route(
    'admin.lookup.create',
    '/admin/lookup-tables/:lookupTableName/create',
    'Create Lookup | Admin',
    'admin/AdminCreatePage',
    { access: adminSuper, ...area },
  ),
  route('admin.lookup', '/admin/lookup-tables/:lookupTableName/:lookupId', 'Lookup | Admin', 'admin/AdminDetailPage', {
    access: adminSuper,
    ...area,
  }),
  route(
    'admin.import-job-status',
    '/admin/import-job-statuses/correlation/:correlationId',
    'Import Job Status | Admin',
    'admin/AdminListPage',
    { access: adminRoot, ...area },
  ),
];

/**
 * The lookup tables of the admin area (spec §2), their URL names and the resource each one edits
 * (decisions.md §2), from the one list in src/shared/lookup-tables.ts.
 */
export const LOOKUP_TABLES = (Object.entries(LOOKUP_TABLE_TITLES) as [LookupResource, string][]).map(
  ([resource, title]) => ({ name: lookupTableName(title), title, resource }),
);

/**
 * The admin menus (spec §2): the Account Admin Menu, and the Global Admin Menu for root users, with
 * their sections in the order their entries give. The sidebar and the admin home's cards both list these.
 */
export const ADMIN_MENUS: Readonly<Record<AdminSection['menu'], readonly AdminSection[]>> = {
  account: ADMIN_SECTIONS.filter((section) => section.menu === 'account'),
  global: ADMIN_SECTIONS.filter((section) => section.menu === 'global'),
};
