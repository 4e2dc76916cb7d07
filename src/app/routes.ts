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
import type { AccessRule } from '../shared/access.ts';
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

/** Spec §2: create, dynamic-route and upload pages disable the switcher; worked out from the path. */
function lockFor(path: string): SwitcherLock {
  const last = path.split('/').at(-1) ?? '';
  if (last === 'create' || last === 'bulk-create') return 'create';
  if (last.startsWith('upload')) return 'upload';
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
const notYet = 'pages/NotAvailablePage';

/** One admin section with its list, create and detail pages. */
function adminSection(
  id: string,
  title: string,
  singular: string,
  access: AccessRule,
  extra: { create?: boolean; detailParam?: string; bulk?: boolean } = {},
): RouteEntry[] {
  const base = `/admin/${id}`;
  const options = { access, sidebar: 'admin' as const };
  const list = [route(`admin.${id}`, base, `${title} | Admin`, notYet, options)];
  if (extra.create)
    list.push(route(`admin.${id}.create`, `${base}/create`, `Create ${singular} | Admin`, notYet, options));
  if (extra.bulk)
    list.push(route(`admin.${id}.bulk-create`, `${base}/bulk-create`, `Bulk Create ${title} | Admin`, notYet, options));
  if (extra.detailParam)
    list.push(route(`admin.${id}.detail`, `${base}/:${extra.detailParam}`, `${singular} | Admin`, notYet, options));
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

  // Reports (no issue yet).
  route('reports', '/reports', 'Reports', notYet, { access: lamp, sidebar: 'reports' }),
  route('reports.saved', '/reports/saved', 'Saved Reports', notYet, { access: lamp, sidebar: 'reports' }),
  route('reports.saved.detail', '/reports/saved/:name', 'Saved Report', notYet, { access: lamp, sidebar: 'reports' }),
  route('reports.slug', '/reports/*', 'Reports', notYet, { access: lamp, sidebar: 'reports', switcherLock: null }),

  // Activations (no issue yet).
  route('activations', '/activations/activations', 'Activations', notYet, { access: lamp, sidebar: 'activations' }),
  route('activations.create', '/activations/activations/create', 'Create Activation', notYet, {
    access: { ...lamp, role: 'write' },
    sidebar: 'activations',
  }),
  route('domain-lists', '/activations/domain-lists', 'Domain Lists', notYet, { access: lamp, sidebar: 'activations' }),

  // Spotlight (no issue yet).
  route('spotlight', '/spotlight', 'Spotlight', notYet, {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.studies', '/spotlight/studies', 'Studies', notYet, {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.assets', '/spotlight/assets', 'Assets', notYet, {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),
  route('spotlight.asset', '/spotlight/assets/:assetId', 'Asset', notYet, {
    access: spotlight,
    sidebar: 'spotlight',
    switcherLock: 'spotlight',
  }),

  // Account administration (no issue yet).
  route('labels', '/labels', 'Labels', notYet, { access: { role: 'admin' } }),
  route('label.edit', '/labels/:categoryId/:labelId/edit', 'Edit Label', notYet, { access: { role: 'admin' } }),
  route('users', '/users', 'Users', notYet, { access: { role: 'admin' } }),
  route('billing', '/billing', 'Billing', notYet, { access: { role: 'write' } }),
  route('purchase-order', '/billing/purchase-orders/:purchaseOrderId', 'Purchase Order', notYet, {
    access: { role: 'write' },
  }),

  // The admin area (no issue yet): product-owner account, then the role of spec §6.
  route('admin', '/admin', 'Admin', notYet, { access: adminRoot, sidebar: 'admin' }),
  ...adminSection(
    'users',
    'Users',
    'User',
    { productOwner: true, role: 'admin' },
    {
      create: true,
      bulk: true,
      detailParam: 'userId',
    },
  ),
  ...adminSection('details', 'Details', 'Details', adminRoot),
  ...adminSection('access', 'Access', 'Access', adminRoot),
  ...adminSection('account-contracts', 'Account Contracts', 'Contract', adminRoot, {
    create: true,
    detailParam: 'contractId',
  }),
  ...adminSection('reports', 'Reports', 'Report', adminRoot, { create: true, detailParam: 'reportId' }),
  ...adminSection('name-mapping', 'Name Mapping', 'Name Mapping', adminRoot),
  ...adminSection('accounts', 'Accounts', 'Account', adminRoot, { detailParam: 'accountId' }),
  ...adminSection('third-party-macros', 'Third Party Macros', 'Third Party Macro', adminRoot, {
    create: true,
    detailParam: 'thirdPartyMacroId',
  }),
  ...adminSection('all-contracts', 'All Contracts', 'Contract', adminRoot, { create: true, detailParam: 'contractId' }),
  route('admin.contract', '/admin/contracts/:contractId', 'Contract | Admin', notYet, {
    access: adminRoot,
    sidebar: 'admin',
  }),
  ...adminSection('projects', 'Projects', 'Project', adminRoot, { create: true, detailParam: 'projectId' }),
  ...adminSection('custom-parameter-templates', 'Custom Parameter Templates', 'Custom Parameter Template', adminSuper, {
    create: true,
    detailParam: 'customParameterTemplateId',
  }),
  ...adminSection('import-job-configs', 'Import Job Configs', 'Import Job Config', adminSuper, {
    create: true,
    detailParam: 'importJobConfigId',
  }),
  ...adminSection('upload-templates', 'Upload Templates', 'Upload Template', adminSuper, {
    create: true,
    detailParam: 'uploadTemplateId',
  }),
  ...adminSection('lookup-tables', 'Lookup Tables', 'Lookup Table', adminSuper, { detailParam: 'lookupTableName' }),
  route('admin.lookup.create', '/admin/lookup-tables/:lookupTableName/create', 'Create Lookup | Admin', notYet, {
    access: adminSuper,
    sidebar: 'admin',
  }),
  route('admin.lookup', '/admin/lookup-tables/:lookupTableName/:lookupId', 'Lookup | Admin', notYet, {
    access: adminSuper,
    sidebar: 'admin',
  }),
  ...adminSection('import-job-statuses', 'Import Job Statuses', 'Import Job Status', adminRoot),
  route(
    'admin.import-job-status',
    '/admin/import-job-statuses/correlation/:correlationId',
    'Import Job Status | Admin',
    notYet,
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
  domainLists: () => '/activations/domain-lists',

  spotlight: () => '/spotlight',
  spotlightStudies: () => '/spotlight/studies',
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
 * The lookup tables of the admin area (spec §2) and the resource each one edits (decisions.md §2).
 */
export const LOOKUP_TABLES = [
  { name: 'models', title: 'Models', resource: 'model' },
  { name: 'advertising-channels', title: 'Advertising Channels', resource: 'advertising-channel' },
  { name: 'media-partners', title: 'Media Partners', resource: 'media-partner' },
  { name: 'media-types', title: 'Media Types', resource: 'media-type' },
  { name: 'device-types', title: 'Device Types', resource: 'device-type' },
  { name: 'formats', title: 'Formats', resource: 'format' },
  { name: 'third-party-macro-vendors', title: 'Third Party Macro Vendors', resource: 'third-party-macro-vendor' },
] as const;

/** The admin sidebar (spec §2): the Account Admin Menu, and the Global Admin Menu for root users. */
export const ADMIN_MENUS = {
  account: ['details', 'users', 'access', 'account-contracts', 'reports', 'name-mapping'],
  global: [
    'accounts',
    'third-party-macros',
    'all-contracts',
    'projects',
    'custom-parameter-templates',
    'import-job-configs',
    'upload-templates',
    'lookup-tables',
    'import-job-statuses',
  ],
} as const;

/**
 * The record a path parameter names, for the breadcrumb's name lookup (spec §2 "Breadcrumbs").
 * Spotlight's own names apply: assets are stims and studies are briefs in that service.
 */
const PARAM_RESOURCES: Readonly<Record<string, { resource: string; service: 'api' | 'spotlight' }>> = {
  measurementId: { resource: 'measurement', service: 'api' },
  importJobId: { resource: 'import-job', service: 'api' },
  userId: { resource: 'user', service: 'api' },
  contractId: { resource: 'contract', service: 'api' },
  reportId: { resource: 'report', service: 'api' },
  accountId: { resource: 'account', service: 'api' },
  thirdPartyMacroId: { resource: 'third-party-macro', service: 'api' },
  projectId: { resource: 'project', service: 'api' },
  customParameterTemplateId: { resource: 'custom-parameter-template', service: 'api' },
  importJobConfigId: { resource: 'import-job-config', service: 'api' },
  uploadTemplateId: { resource: 'upload-template', service: 'api' },
  purchaseOrderId: { resource: 'purchase-order', service: 'api' },
  categoryId: { resource: 'label-category', service: 'api' },
  labelId: { resource: 'label-value', service: 'api' },
  /** "correlation → import-job-status". */
  correlationId: { resource: 'import-job-status', service: 'api' },
  /** "assets → stims". */
  assetId: { resource: 'stims', service: 'spotlight' },
  /** "studies → briefs". */
  studyId: { resource: 'briefs', service: 'spotlight' },
};

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
    } else if (param && PARAM_RESOURCES[param]) {
      crumb.lookup = { ...PARAM_RESOURCES[param], id: segment };
    }
    if (crumb.lookup) crumb.label = segment;
    crumbs.push(crumb);
  });
  return crumbs;
}
