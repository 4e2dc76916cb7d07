/**
 * The app's route table: the one place that knows every path (lamp-spec.md §2, §5).
 * Routing, navigation, page titles, breadcrumbs, sidebars, the account switcher and the access
 * guards all read from it; URLs are built with `paths`, never from inline strings.
 *
 * Pages are named by module (`page`), not imported here: App.tsx resolves the name against the
 * page modules that exist (`src/app/pages/*Page.tsx`, `src/app/features/<feature>/*Page.tsx`,
 * each with a default export taking `PageProps`) and lazy-loads them. A route whose module does not
 * exist yet renders the honest "not available yet" page inside the shell, so the route, its title,
 * breadcrumbs, guard and sidebar already work before its feature lands.
 */
import { PERMISSIONS, type AccessRule } from '../shared/access.ts';
import { LOOKUP_TABLE_TITLES, lookupTableName, type LookupResource } from '../shared/lookup-tables.ts';
import { messages } from '../shared/messages.ts';

/** The sidebar a route shows. */
export type SidebarKind = 'none' | 'measurements' | 'reports' | 'admin' | 'spotlight' | 'activations';

/**
 * How a page is laid out: 'shell' inside the navigation frame; 'bare' on its own (the e-mail link
 * pages and first-login confirmation, which a user reaches before the app is useful to them).
 */
export type Layout = 'shell' | 'bare';

/** Who may open the route at all, before its access rule is checked. */
export type Audience = 'signed-in' | 'public';

/**
 * Why the account switcher is disabled on a route (spec §2): create, dynamic-route and upload pages
 * pin the account; Spotlight pins it for non-root users (their default account is restored there).
 */
export type SwitcherLock = 'create' | 'dynamic' | 'upload' | 'spotlight' | null;

export interface PageProps {
  params: Readonly<Record<string, string>>;
}

export interface RouteEntry {
  id: string;
  /** Pattern: `:name` matches one segment, a trailing `*` the rest (possibly empty). */
  path: string;
  title: string;
  /** Module name of the page: 'pages/HomePage' or '<feature>/<Name>Page'. */
  page: string;
  access: AccessRule & {
    /** Spotlight access (the account's spotlight_access flag; the service checks the token). */
    spotlight?: boolean;
  };
  audience: Audience;
  layout: Layout;
  sidebar: SidebarKind;
  switcherLock: SwitcherLock;
  breadcrumbs: BreadcrumbResolver;
  /** A single-column page (a form): the shell narrows its frame, so breadcrumbs line up with it. */
  narrow: boolean;
}

/** One breadcrumb; `lookup` asks the shell to fetch the name of the record the segment names. */
export interface Crumb {
  label: string;
  /** null for the current page and for path prefixes that are not pages themselves. */
  href: string | null;
  lookup?: { resource: string; id: string; service: 'api' | 'spotlight' };
}

export type BreadcrumbResolver = (pathname: string, route: RouteEntry) => Crumb[];

type Options = Partial<Omit<RouteEntry, 'id' | 'path' | 'title' | 'page'>>;

/**
 * Spec §2: create and dynamic-route pages disable the switcher; worked out from the path. Upload
 * pages say so themselves (`switcherLock: 'upload'` on the route): a name is no sign of one, as
 * /admin/upload-templates, a list of templates, shows.
 */
function lockFor(path: string): SwitcherLock {
  const last = path.split('/').at(-1) ?? '';
  if (last === 'create' || last === 'bulk-create') return 'create';
  if (path.includes(':') || path.endsWith('*')) return 'dynamic';
  return null;
}

function route(id: string, path: string, title: string, page: string, options: Options = {}): RouteEntry {
  return {
    id,
    path,
    title,
    page,
    access: options.access ?? {},
    audience: options.audience ?? 'signed-in',
    layout: options.layout ?? 'shell',
    sidebar: options.sidebar ?? 'none',
    switcherLock: options.switcherLock !== undefined ? options.switcherLock : lockFor(path),
    breadcrumbs: options.breadcrumbs ?? segmentCrumbs,
    narrow: options.narrow ?? false,
  };
}

const lamp = { feature: 'lamp_access' } as const;
const spotlight = { feature: 'spotlight_access', spotlight: true } as const;
/** Spec §5: /admin needs a product-owner account; §6 names the role each section needs. */
const adminRoot = { productOwner: true, role: 'root' } as const;
const adminSuper = { productOwner: true, role: 'super' } as const;

/**
 * One admin section (spec §2 "Admin area", §6): its slug, titles, the access it needs, which
 * sidebar menu lists it, the registry resource it edits and the pages it has. Routes, menus,
 * breadcrumb lookups and search result routes are all derived from this one list.
 */
export interface AdminSection {
  id: string;
  title: string;
  singular: string;
  access: AccessRule;
  menu: 'account' | 'global';
  /** The registry resource the section edits, when it edits one. */
  resource?: string;
  create?: boolean;
  bulk?: boolean;
  /** The detail page's parameter, e.g. 'userId' for /admin/users/:userId. */
  detailParam?: string;
  /**
   * The page modules of the section's routes, by page kind ('admin/UsersPage'). A kind left out
   * uses the admin area's generic page for it, which renders the section from its declaration.
   */
  pages?: Partial<Record<AdminPageKind, string>>;
}

export type AdminPageKind = 'list' | 'create' | 'bulk' | 'detail';

/**
 * The page a section's route of one kind renders (see AdminSection.pages). Bulk creation has no
 * generic page: a section with `bulk` names its own, or the table refuses to load.
 */
const ADMIN_GENERIC_PAGES: Partial<Record<AdminPageKind, string>> = {
  list: 'admin/AdminListPage',
  create: 'admin/AdminCreatePage',
  detail: 'admin/AdminDetailPage',
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'details',
    title: 'Details',
    singular: 'Details',
    access: adminRoot,
    menu: 'account',
    pages: { list: 'admin/AccountDetailsPage' },
  },
  {
    id: 'users',
    title: 'Users',
    singular: 'User',
    access: { productOwner: true, role: 'admin' },
    menu: 'account',
    resource: 'user',
    create: true,
    bulk: true,
    detailParam: 'userId',
    pages: {
      list: 'admin/AdminUsersPage',
      create: 'admin/AdminUserCreatePage',
      bulk: 'admin/AdminUsersBulkCreatePage',
      detail: 'admin/AdminUserPage',
    },
  },
  {
    id: 'access',
    title: 'Access',
    singular: 'Access',
    access: adminRoot,
    menu: 'account',
    pages: { list: 'admin/AccountAccessPage' },
  },
  {
    id: 'account-contracts',
    title: 'Account Contracts',
    singular: 'Contract',
    access: adminRoot,
    menu: 'account',
    resource: 'contract',
    create: true,
    detailParam: 'contractId',
  },
  {
    id: 'reports',
    title: 'Reports',
    singular: 'Report',
    access: adminRoot,
    menu: 'account',
    resource: 'report',
    create: true,
    detailParam: 'reportId',
  },
  {
    id: 'name-mapping',
    title: 'Name Mapping',
    singular: 'Name Mapping',
    access: adminRoot,
    menu: 'account',
    resource: 'name-mapping',
    pages: { list: 'admin/NameMappingPage' },
  },
  {
    id: 'activity',
    title: 'Activity',
    singular: 'Activity',
    access: adminRoot,
    menu: 'account',
    pages: { list: 'admin/ActivityPage' },
  },
  {
    id: 'accounts',
    title: 'Accounts',
    singular: 'Account',
    access: adminRoot,
    menu: 'global',
    resource: 'account',
    create: true,
    detailParam: 'accountId',
  },
  {
    id: 'third-party-macros',
    title: 'Third Party Macros',
    singular: 'Third Party Macro',
    access: adminRoot,
    menu: 'global',
    resource: 'third-party-macro',
    create: true,
    detailParam: 'thirdPartyMacroId',
  },
  {
    id: 'all-contracts',
    title: 'All Contracts',
    singular: 'Contract',
    access: adminRoot,
    menu: 'global',
    resource: 'contract',
    create: true,
    detailParam: 'contractId',
  },
  {
    id: 'projects',
    title: 'Projects',
    singular: 'Project',
    access: adminRoot,
    menu: 'global',
    resource: 'project',
    create: true,
    detailParam: 'projectId',
  },
  {
    id: 'custom-parameter-templates',
    title: 'Custom Parameter Templates',
    singular: 'Custom Parameter Template',
    access: adminSuper,
    menu: 'global',
    resource: 'custom-parameter-template',
    create: true,
    detailParam: 'customParameterTemplateId',
  },
  {
    id: 'import-job-configs',
    title: 'Import Job Configs',
    singular: 'Import Job Config',
    access: adminSuper,
    menu: 'global',
    resource: 'import-job-config',
    create: true,
    detailParam: 'importJobConfigId',
  },
  {
    id: 'upload-templates',
    title: 'Upload Templates',
    singular: 'Upload Template',
    access: adminSuper,
    menu: 'global',
    resource: 'upload-template',
    create: true,
    detailParam: 'uploadTemplateId',
  },
  {
    id: 'lookup-tables',
    title: 'Lookup Tables',
    singular: 'Lookup Table',
    access: adminSuper,
    menu: 'global',
    detailParam: 'lookupTableName',
    // The seven tables, then one table's rows: a list on both routes (its records are lookups).
    pages: { list: 'admin/LookupTablesPage', detail: 'admin/AdminListPage' },
  },
  {
    id: 'import-job-statuses',
    title: 'Import Job Statuses',
    singular: 'Import Job Status',
    access: adminRoot,
    menu: 'global',
    resource: 'import-job-status',
  },
  {
    id: 'all-activity',
    title: 'All Activity',
    singular: 'Activity',
    access: adminSuper,
    menu: 'global',
    pages: { list: 'admin/ActivityPage' },
  },
];

/** A section's list, create, bulk-create and detail routes. */
function adminRoutes(section: AdminSection): RouteEntry[] {
  const { id, title, singular, access } = section;
  const base = `/admin/${id}`;
  const options = { access, sidebar: 'admin' as const };
  const page = (kind: AdminPageKind) => {
    const module = section.pages?.[kind] ?? ADMIN_GENERIC_PAGES[kind];
    if (!module) throw new Error(`Admin section ${section.id} needs a '${kind}' page module`);
    return module;
  };
  const list = [route(`admin.${id}`, base, `${title} | Admin`, page('list'), options)];
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

export const routes: readonly RouteEntry[] = [
  route('home', '/', 'Home', 'pages/HomePage', { sidebar: 'measurements' }),

  // Authentication and first login (issue 4 owns these pages).
  route('reset-password', '/reset-password', messages.titles.resetPassword, 'auth/ResetPasswordPage', {
    audience: 'public',
    layout: 'bare',
  }),
  route('login-link', '/login-link', messages.titles.loginLink, 'auth/LoginLinkPage', {
    audience: 'public',
    layout: 'bare',
  }),
  route('new-user', '/new-user', messages.titles.newUser, 'auth/NewUserPage', { layout: 'bare' }),
  route('profile', '/profile', 'Profile', 'auth/ProfilePage', { narrow: true }),
  route('settings', '/settings', 'Settings', 'pages/SettingsPage'),

  // Measurements (issue 6 owns these pages).
  route('measurements', '/measurements', 'Measurements', 'measurements/MeasurementsPage', {
    access: lamp,
    sidebar: 'measurements',
  }),
  route('measurements.create', '/measurements/create', 'Create Measurement', 'measurements/CreateMeasurementPage', {
    access: { ...lamp, role: 'write' },
    sidebar: 'measurements',
  }),
  route('measurement', '/measurements/:measurementId', 'Measurement Dashboard', 'measurements/DashboardPage', {
    access: lamp,
    sidebar: 'measurements',
  }),
  route(
    'measurement.edit',
    '/measurements/:measurementId/edit',
    'Edit Measurement',
    'measurements/EditMeasurementPage',
    {
      access: { ...lamp, role: 'write' },
      sidebar: 'measurements',
    },
  ),
  route(
    'measurement.export-tags',
    '/measurements/:measurementId/export-tags',
    'Export Tags',
    'measurements/ExportTagsPage',
    {
      access: lamp,
      sidebar: 'measurements',
    },
  ),
  route(
    'measurement.upload-tags',
    '/measurements/:measurementId/upload-tags',
    'Upload Tags',
    'measurements/UploadTagsPage',
    {
      access: { ...lamp, role: 'write' },
      sidebar: 'measurements',
      switcherLock: 'upload',
    },
  ),
  route(
    'measurement.data-imports',
    '/measurements/:measurementId/data-imports',
    'Data Imports',
    'measurements/DataImportsPage',
    {
      access: lamp,
      sidebar: 'measurements',
    },
  ),
  route(
    'measurement.data-imports.create',
    '/measurements/:measurementId/data-imports/create',
    'Create Data Import',
    'measurements/CreateDataImportPage',
    { access: { ...lamp, role: 'write' }, sidebar: 'measurements', switcherLock: 'upload' },
  ),
  route(
    'measurement.data-import',
    '/measurements/:measurementId/data-imports/:importJobId',
    'Data Import',
    'measurements/DataImportPage',
    { access: lamp, sidebar: 'measurements' },
  ),

  // Reports (issue 13 owns these pages).
  route('reports', '/reports', 'Reports', 'reports/ReportsPage', { access: lamp, sidebar: 'reports' }),
  route('reports.saved', '/reports/saved', 'Saved Reports', 'reports/SavedReportsPage', {
    access: lamp,
    sidebar: 'reports',
  }),
  route('reports.saved.detail', '/reports/saved/:name', 'Saved Report', 'reports/SavedReportPage', {
    access: lamp,
    sidebar: 'reports',
  }),
  route('reports.slug', '/reports/*', 'Reports', 'reports/AdminReportPage', {
    access: lamp,
    sidebar: 'reports',
    switcherLock: null,
  }),

  // Activations (issue 14 owns these pages).
  route('activations', '/activations/activations', 'Activations', 'activations/ActivationsPage', {
    access: lamp,
    sidebar: 'activations',
  }),
  route(
    'activations.create',
    '/activations/activations/create',
    'Create Activation',
    'activations/CreateActivationPage',
    {
      access: { ...lamp, role: PERMISSIONS['activation.write'] },
      sidebar: 'activations',
    },
  ),
  // After the create route: 'create' is not an activation id.
  route('activation', '/activations/activations/:activationId', 'Activation', 'activations/ActivationPage', {
    access: lamp,
    sidebar: 'activations',
  }),
  route('domain-lists', '/activations/domain-lists', 'Domain Lists', 'activations/DomainListsPage', {
    access: lamp,
    sidebar: 'activations',
  }),

  // Spotlight (issue 15).
  route('spotlight', '/spotlight', 'Spotlight', 'spotlight/SpotlightHomePage', {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.studies', '/spotlight/studies', 'Studies', 'spotlight/StudiesPage', {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.study.create', '/spotlight/studies/create', 'New Study', 'spotlight/StudyCreatePage', {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.study', '/spotlight/studies/:studyId', 'Study', 'spotlight/StudyPage', {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.assets', '/spotlight/assets', 'Assets', 'spotlight/AssetsPage', {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.asset', '/spotlight/assets/:assetId', 'Asset', 'spotlight/AssetPage', {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),

  // Account administration (no issue yet).
  route('labels', '/labels', 'Labels', 'workspace/LabelsPage', { access: { role: 'admin' } }),
  route('label.edit', '/labels/:categoryId/:labelId/edit', 'Edit Label', 'workspace/LabelEditPage', {
    access: { role: 'admin' },
  }),
  route('users', '/users', 'Users', 'workspace/UsersPage', { access: { role: 'admin' } }),
  route('billing', '/billing', 'Billing', 'workspace/BillingPage', { access: { role: 'write' } }),
  route(
    'purchase-order',
    '/billing/purchase-orders/:purchaseOrderId',
    'Purchase Order',
    'workspace/PurchaseOrderPage',
    {
      access: { role: 'write' },
    },
  ),

  // The admin area (no issue yet): product-owner account, then the role of spec §6.
  route('admin', '/admin', 'Admin', 'admin/AdminHomePage', { access: adminRoot, sidebar: 'admin' }),
  ...ADMIN_SECTIONS.flatMap(adminRoutes),
  route('admin.contract', '/admin/contracts/:contractId', 'Contract | Admin', 'admin/AdminDetailPage', {
    access: adminRoot,
    sidebar: 'admin',
  }),
  route(
    'admin.lookup.create',
    '/admin/lookup-tables/:lookupTableName/create',
    'Create Lookup | Admin',
    'admin/AdminCreatePage',
    {
      access: adminSuper,
      sidebar: 'admin',
    },
  ),
  route('admin.lookup', '/admin/lookup-tables/:lookupTableName/:lookupId', 'Lookup | Admin', 'admin/AdminDetailPage', {
    access: adminSuper,
    sidebar: 'admin',
  }),
  route(
    'admin.import-job-status',
    '/admin/import-job-statuses/correlation/:correlationId',
    'Import Job Status | Admin',
    'admin/AdminListPage',
    { access: adminRoot, sidebar: 'admin' },
  ),
];

/** The fallback for paths no route matches; public so that a stray link never bounces to sign-in. */
export const notFoundRoute: RouteEntry = route('not-found', '*', 'Page not found', 'pages/NotFoundPage', {
  audience: 'public',
  switcherLock: null,
});

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

/** Matches one pattern against a pathname; returns its params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const clean = (p: string) => p.split('/').filter(Boolean);
  const want = clean(pattern);
  const have = clean(pathname).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    if (part === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return have.length === want.length ? params : null;
}

/**
 * The route for a pathname. Literal segments beat parameters (so /measurements/create is not a
 * measurement called "create"), which the table's order already guarantees: it is checked in order.
 */
export function findRoute(pathname: string): RouteMatch {
  for (const entry of routes) {
    const params = matchPath(entry.path, pathname);
    if (params) return { route: entry, params };
  }
  return { route: notFoundRoute, params: {} };
}

export function routeById(id: string): RouteEntry {
  const entry = routes.find((r) => r.id === id);
  if (!entry) throw new Error(`No route ${id}`);
  return entry;
}

/** Fills a pattern's params; every URL the app builds goes through here. */
export function buildPath(pattern: string, params: Record<string, string> = {}, query?: QueryInit): string {
  const path =
    '/' +
    pattern
      .split('/')
      .filter(Boolean)
      .map((part) => {
        if (part === '*') return params['*'] ?? '';
        if (!part.startsWith(':')) return part;
        const value = params[part.slice(1)];
        if (value === undefined) throw new Error(`Missing ${part} for ${pattern}`);
        return encodeURIComponent(value);
      })
      .filter(Boolean)
      .join('/');
  return withQuery(path, query);
}

export type QueryInit = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: QueryInit): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const to =
  (id: string) =>
  (params: Record<string, string> = {}, query?: QueryInit) =>
    buildPath(routeById(id).path, params, query);

/** URL builders for every route, plus the static pages outside the app island. */
export const paths = {
  home: (query?: QueryInit) => withQuery('/', query),
  /** The static sign-in page; `next` is the path to return to (issue 4 reads it). */
  login: (next?: string) => withQuery('/login', { next }),
  documentation: () => '/documentation',
  resetPassword: (query?: QueryInit) => withQuery('/reset-password', query),
  loginLink: (query?: QueryInit) => withQuery('/login-link', query),
  newUser: () => '/new-user',
  profile: () => '/profile',
  settings: () => '/settings',

  measurements: (query?: QueryInit) => withQuery('/measurements', query),
  measurementCreate: () => '/measurements/create',
  measurement: (measurementId: string, query?: QueryInit) => to('measurement')({ measurementId }, query),
  measurementEdit: (measurementId: string) => to('measurement.edit')({ measurementId }),
  measurementExportTags: (measurementId: string) => to('measurement.export-tags')({ measurementId }),
  measurementUploadTags: (measurementId: string) => to('measurement.upload-tags')({ measurementId }),
  measurementDataImports: (measurementId: string) => to('measurement.data-imports')({ measurementId }),
  measurementDataImportCreate: (measurementId: string) => to('measurement.data-imports.create')({ measurementId }),
  measurementDataImport: (measurementId: string, importJobId: string) =>
    to('measurement.data-import')({ measurementId, importJobId }),
  /** Spec §7: tag downloads go straight to the API and never reset the route. */
  measurementTagDownload: (query: QueryInit) => withQuery('/api/v1/measurement-tag/download', query),

  reports: (query?: QueryInit) => withQuery('/reports', query),
  savedReports: (query?: QueryInit) => withQuery('/reports/saved', query),
  savedReport: (name: string, query?: QueryInit) => to('reports.saved.detail')({ name }, query),
  report: (reportId: string, query?: QueryInit) => to('reports.slug')({ '*': reportId }, query),

  activations: () => '/activations/activations',
  activationCreate: () => '/activations/activations/create',
  activation: (activationId: string) => to('activation')({ activationId }),
  domainLists: () => '/activations/domain-lists',

  spotlight: () => '/spotlight',
  spotlightStudies: () => '/spotlight/studies',
  spotlightStudyCreate: () => '/spotlight/studies/create',
  spotlightStudy: (studyId: string) => to('spotlight.study')({ studyId }),
  spotlightAssets: () => '/spotlight/assets',
  spotlightAsset: (assetId: string) => to('spotlight.asset')({ assetId }),

  labels: (query?: QueryInit) => withQuery('/labels', query),
  labelEdit: (categoryId: string, labelId: string) => to('label.edit')({ categoryId, labelId }),
  users: (query?: QueryInit) => withQuery('/users', query),
  billing: () => '/billing',
  purchaseOrder: (purchaseOrderId: string) => to('purchase-order')({ purchaseOrderId }),

  admin: () => '/admin',
  /** Any admin section's list page, e.g. adminSection('details'). */
  adminSection: (section: string) => `/admin/${section}`,
  adminCreate: (section: string) => `/admin/${section}/create`,
  adminUsersBulkCreate: () => '/admin/users/bulk-create',
  adminUser: (userId: string) => to('admin.users.detail')({ userId }),
  adminAccountContract: (contractId: string) => to('admin.account-contracts.detail')({ contractId }),
  adminReport: (reportId: string) => to('admin.reports.detail')({ reportId }),
  adminAccount: (accountId: string) => to('admin.accounts.detail')({ accountId }),
  adminThirdPartyMacro: (thirdPartyMacroId: string) => to('admin.third-party-macros.detail')({ thirdPartyMacroId }),
  adminAllContract: (contractId: string) => to('admin.all-contracts.detail')({ contractId }),
  adminContract: (contractId: string) => to('admin.contract')({ contractId }),
  adminProject: (projectId: string) => to('admin.projects.detail')({ projectId }),
  adminCustomParameterTemplate: (customParameterTemplateId: string) =>
    to('admin.custom-parameter-templates.detail')({ customParameterTemplateId }),
  adminImportJobConfig: (importJobConfigId: string) => to('admin.import-job-configs.detail')({ importJobConfigId }),
  adminUploadTemplate: (uploadTemplateId: string) => to('admin.upload-templates.detail')({ uploadTemplateId }),
  adminLookupTable: (lookupTableName: string) => to('admin.lookup-tables.detail')({ lookupTableName }),
  adminLookupCreate: (lookupTableName: string) => to('admin.lookup.create')({ lookupTableName }),
  adminLookup: (lookupTableName: string, lookupId: string) => to('admin.lookup')({ lookupTableName, lookupId }),
  adminImportJobStatus: (correlationId: string) => to('admin.import-job-status')({ correlationId }),
} as const;

/**
 * The lookup tables of the admin area (spec §2), their URL names and the resource each one edits
 * (decisions.md §2), from the one list in src/shared/lookup-tables.ts.
 */
export const LOOKUP_TABLES = (Object.entries(LOOKUP_TABLE_TITLES) as [LookupResource, string][]).map(
  ([resource, title]) => ({ name: lookupTableName(title), title, resource }),
);

/** The admin sidebar (spec §2): the Account Admin Menu, and the Global Admin Menu for root users. */
export const ADMIN_MENUS = {
  account: ADMIN_SECTIONS.filter((section) => section.menu === 'account').map((section) => section.id),
  global: ADMIN_SECTIONS.filter((section) => section.menu === 'global').map((section) => section.id),
} as const;

/** The detail page of the admin section that edits a resource, if one has a detail page. */
export function adminDetailPath(resource: string, id: string): string | null {
  const section = ADMIN_SECTIONS.find((s) => s.resource === resource && s.detailParam && s.menu === 'global');
  const any = section ?? ADMIN_SECTIONS.find((s) => s.resource === resource && s.detailParam);
  return any ? `/admin/${any.id}/${encodeURIComponent(id)}` : null;
}

/**
 * The record a path parameter names, for the breadcrumb's name lookup (spec §2 "Breadcrumbs"). By
 * convention `<resource>Id` names the registry resource (importJobId → import-job); only the
 * spec's renames are listed: labels, "correlation → import-job-status", and Spotlight's own names
 * (assets are stims and studies are briefs in that service).
 */
const PARAM_ALIASES: Readonly<Record<string, { resource: string; service: 'api' | 'spotlight' } | null>> = {
  categoryId: { resource: 'label-category', service: 'api' },
  labelId: { resource: 'label-value', service: 'api' },
  /**
   * A correlation id names itself: it is an import-job-status's title, and no record has it as its
   * id, so a lookup by id could only be refused.
   */
  correlationId: null,
  /** "assets → stims". */
  assetId: { resource: 'stim', service: 'spotlight' },
  /** "studies → briefs". */
  studyId: { resource: 'brief', service: 'spotlight' },
};

export function paramResource(param: string): { resource: string; service: 'api' | 'spotlight' } | null {
  const alias = PARAM_ALIASES[param];
  if (alias !== undefined) return alias;
  if (!param.endsWith('Id') || param.length <= 2) return null;
  return { resource: param.slice(0, -2).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), service: 'api' };
}

/** 'third-party-macros' → 'Third Party Macros'. */
export function capitalise(segment: string): string {
  return segment
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The default resolver: Home, then one crumb per path segment. */
export function segmentCrumbs(pathname: string, entry: RouteEntry): Crumb[] {
  const pattern = entry.path.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: segments.length ? '/' : null }];
  let prefix = '';
  segments.forEach((raw, index) => {
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // keep the raw segment
    }
    prefix += `/${raw}`;
    const last = index === segments.length - 1;
    const href = !last && findRoute(prefix).route !== notFoundRoute ? prefix : null;
    const part = pattern[index] ?? '*';
    const param = part.startsWith(':') ? part.slice(1) : part === '*' ? '*' : null;
    const crumb: Crumb = { label: capitalise(segment), href };
    if (param === 'lookupTableName') {
      crumb.label = LOOKUP_TABLES.find((t) => t.name === segment)?.title ?? capitalise(segment);
    } else if (param === 'lookupId') {
      // "lookups → the lookup resource": the table named one segment earlier.
      const table = LOOKUP_TABLES.find((t) => t.name === segments[index - 1]);
      if (table) crumb.lookup = { resource: table.resource, id: segment, service: 'api' };
    } else if (param === 'name') {
      crumb.label = segment;
    } else if (param === '*' && OBJECT_ID.test(segment)) {
      crumb.lookup = {
        resource: entry.id.startsWith('reports') ? 'report' : 'measurement',
        id: segment,
        service: 'api',
      };
    } else if (param && paramResource(param)) {
      crumb.lookup = { ...(paramResource(param) as { resource: string; service: 'api' | 'spotlight' }), id: segment };
    } else if (param && PARAM_ALIASES[param] === null) {
      crumb.label = segment;
    }
    if (crumb.lookup) crumb.label = segment;
    crumbs.push(crumb);
  });
  return crumbs;
}
