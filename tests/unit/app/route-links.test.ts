import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SECTIONS,
  findRoute,
  menuRoutes,
  notFoundRoute,
  paths,
  routeById,
  routes,
  staticPages,
} from '../../../src/app/routes/index.ts';
import { navItems, userMenuItems } from '../../../src/app/shell/nav.ts';
import { RESULT_ROUTES, resultHref } from '../../../src/app/shell/search-routes.ts';
import { ROLES } from '../../../src/shared/access.ts';
import { DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS } from '../../../src/shared/demo-data.ts';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

/** Each builder, called as the app calls it, and the route (or static page) its URL must open. */
const CALLS: Record<keyof typeof paths, [() => string, string]> = {
  home: [() => paths.home({ account: A }), 'home'],
  login: [() => paths.login('/reports'), 'login'],
  documentation: [() => paths.documentation(), 'documentation'],
  resetPassword: [() => paths.resetPassword({ token: 't' }), 'reset-password'],
  loginLink: [() => paths.loginLink({ token: 't' }), 'login-link'],
  newUser: [() => paths.newUser(), 'new-user'],
  profile: [() => paths.profile(), 'profile'],
  settings: [() => paths.settings(), 'settings'],
  measurements: [() => paths.measurements({ label: A }), 'measurements'],
  measurementCreate: [() => paths.measurementCreate(), 'measurements.create'],
  measurement: [() => paths.measurement(A, { tab: 'x' }), 'measurement'],
  measurementEdit: [() => paths.measurementEdit(A), 'measurement.edit'],
  measurementExportTags: [() => paths.measurementExportTags(A), 'measurement.export-tags'],
  measurementUploadTags: [() => paths.measurementUploadTags(A), 'measurement.upload-tags'],
  measurementDataImports: [() => paths.measurementDataImports(A), 'measurement.data-imports'],
  measurementDataImportCreate: [() => paths.measurementDataImportCreate(A), 'measurement.data-imports.create'],
  measurementDataImport: [() => paths.measurementDataImport(A, B), 'measurement.data-import'],
  reports: [() => paths.reports({ measurement: A }), 'reports'],
  savedReports: [() => paths.savedReports(), 'reports.saved'],
  savedReport: [() => paths.savedReport('Q1 review'), 'reports.saved.detail'],
  report: [() => paths.report(A), 'reports.slug'],
  activations: [() => paths.activations(), 'activations'],
  activationCreate: [() => paths.activationCreate(), 'activations.create'],
  activation: [() => paths.activation(A), 'activation'],
  domainLists: [() => paths.domainLists(), 'domain-lists'],
  spotlight: [() => paths.spotlight(), 'spotlight'],
  spotlightStudies: [() => paths.spotlightStudies(), 'spotlight.studies'],
  spotlightStudyCreate: [() => paths.spotlightStudyCreate(), 'spotlight.study.create'],
  spotlightStudy: [() => paths.spotlightStudy(A), 'spotlight.study'],
  spotlightAssets: [() => paths.spotlightAssets(), 'spotlight.assets'],
  spotlightAsset: [() => paths.spotlightAsset(A), 'spotlight.asset'],
  labels: [() => paths.labels({ labelCategoryId: A }), 'labels'],
  labelEdit: [() => paths.labelEdit(A, B), 'label.edit'],
  users: [() => paths.users({ search: 'ada' }), 'users'],
  billing: [() => paths.billing(), 'billing'],
  purchaseOrder: [() => paths.purchaseOrder(A), 'purchase-order'],
  admin: [() => paths.admin(), 'admin'],
  adminSection: [() => paths.adminSection('third-party-macros'), 'admin.third-party-macros'],
  adminCreate: [() => paths.adminCreate('projects'), 'admin.projects.create'],
  adminUsersBulkCreate: [() => paths.adminUsersBulkCreate(), 'admin.users.bulk-create'],
  adminUser: [() => paths.adminUser(A), 'admin.users.detail'],
  adminAccountContract: [() => paths.adminAccountContract(A), 'admin.account-contracts.detail'],
  adminReport: [() => paths.adminReport(A), 'admin.reports.detail'],
  adminAccount: [() => paths.adminAccount(A), 'admin.accounts.detail'],
  adminThirdPartyMacro: [() => paths.adminThirdPartyMacro(A), 'admin.third-party-macros.detail'],
  adminAllContract: [() => paths.adminAllContract(A), 'admin.all-contracts.detail'],
  adminContract: [() => paths.adminContract(A), 'admin.contract'],
  adminProject: [() => paths.adminProject(A), 'admin.projects.detail'],
  adminCustomParameterTemplate: [
    () => paths.adminCustomParameterTemplate(A),
    'admin.custom-parameter-templates.detail',
  ],
  adminImportJobConfig: [() => paths.adminImportJobConfig(A), 'admin.import-job-configs.detail'],
  adminUploadTemplate: [() => paths.adminUploadTemplate(A), 'admin.upload-templates.detail'],
  adminLookupTable: [() => paths.adminLookupTable('formats'), 'admin.lookup-tables.detail'],
  adminLookupCreate: [() => paths.adminLookupCreate('formats'), 'admin.lookup.create'],
  adminLookup: [() => paths.adminLookup('formats', A), 'admin.lookup'],
  adminImportJobStatus: [() => paths.adminImportJobStatus('abc-1'), 'admin.import-job-status'],
};

/** The route (or static page) a URL opens, by id. */
function opens(href: string): string {
  const pathname = href.split('?')[0] as string;
  const page = staticPages.find((p) => p.path === pathname);
  if (page) return page.id;
  const { route } = findRoute(pathname);
  return route === notFoundRoute ? '(no route)' : route.id;
}

describe('URL builders', () => {
  it('each open the route they are named for', () => {
    for (const [name, [call, id]] of Object.entries(CALLS)) expect(opens(call()), name).toBe(id);
  });

  it('fill every parameter of the pattern and keep the query', () => {
    expect(paths.measurementDataImport(A, B)).toBe(`/measurements/${A}/data-imports/${B}`);
    expect(findRoute(paths.labelEdit(A, B)).params).toEqual({ categoryId: A, labelId: B });
    expect(paths.savedReport('Q1 review', { id: A })).toBe(`/reports/saved/Q1%20review?id=${A}`);
    expect(paths.login('/reports?account=1')).toBe('/login?next=%2Freports%3Faccount%3D1');
    expect(paths.home()).toBe('/');
  });

  it('refuse a route the table does not hold, rather than build a dead link', () => {
    expect(() => paths.adminSection('no-such-section')).toThrow('No route admin.no-such-section');
  });

  it('spell no path: every one is derived from its route pattern', () => {
    const source = readFileSync('src/app/routes/href.ts', 'utf8');
    // The separator '/' aside, no string in it starts a path.
    expect(source.match(/['`]\/[\w:.-][^'`]*['`]/g) ?? []).toEqual([]);
  });
});

describe('menus and search results read the route table', () => {
  it('every top-navigation and user-menu item opens a declared route or static page', () => {
    const items = [...menuRoutes('top'), ...menuRoutes('user')];
    expect(items.map((item) => item.id)).toEqual([
      'measurements',
      'reports',
      'spotlight',
      'admin',
      'documentation',
      'switch-account',
      'billing',
      'profile',
      'users',
      'labels',
    ]);
    for (const item of items) expect(opens(item.href), item.id).toBe(item.routeId);
  });

  it('what the shell shows links only to declared routes, for every role', () => {
    const po = DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS[0] as string;
    const root = { account: po, super_admin: false, access_grants: [], root_account_access_grants: [] };
    const everyone = { ...root, root_account_access_grants: [{ id: po, type: 'account', role: 'root' }] };
    const account = { id: po, feature_flags: { lamp_access: true, spotlight_access: true } };
    const nav = navItems(everyone, account).filter((item) => item.kind !== 'external');
    expect(nav.map((item) => item.id)).toEqual(['measurements', 'reports', 'spotlight', 'admin', 'documentation']);
    for (const item of nav) expect(opens(item.href), item.id).not.toBe('(no route)');
    for (const role of ROLES)
      for (const item of userMenuItems(role, true).filter((i) => i.href && !i.external))
        expect(opens(item.href as string), `${role} ${item.id}`).not.toBe('(no route)');
  });

  it('every search result names routes of the table, and its params fill them', () => {
    const row = { id: A, measurement: B, category_id: B, email: 'ada@northwind.test' };
    const viewer = {
      role: 'super' as const,
      account: { id: A, feature_flags: { lamp_access: true, spotlight_access: true } },
      ownAccountId: DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS[0] as string,
      productOwnerAccountIds: DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS,
    };
    for (const [type, candidates] of Object.entries(RESULT_ROUTES)) {
      for (const candidate of candidates) expect(() => routeById(candidate.route), type).not.toThrow();
      expect(opens(resultHref(type, row, viewer) ?? ''), type).toBe(candidates[0]?.route);
    }
  });

  it('a new admin section is one declaration: its routes and menu item follow', () => {
    for (const section of ADMIN_SECTIONS) {
      expect(routes.some((r) => r.id === `admin.${section.id}` && r.sidebar === 'admin')).toBe(true);
      if (section.detailParam) expect(routeById(`admin.${section.id}.detail`).path).toContain(section.detailParam);
    }
  });
});

describe('the route table', () => {
  it('is split into modules under 400 lines', () => {
    const dir = 'src/app/routes';
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')))
      expect(readFileSync(`${dir}/${file}`, 'utf8').split('\n').length, file).toBeLessThan(400);
  });
});
