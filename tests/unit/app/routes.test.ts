import { describe, expect, it } from 'vitest';
import { ADMIN_MENUS, findRoute, notFoundRoute, paths, routes, segmentCrumbs } from '../../../src/app/routes/index.ts';
import { checkAccess, type Role } from '../../../src/shared/access.ts';
import { messages } from '../../../src/shared/messages.ts';

const ID = '650000000000000000000003';

describe('the route table', () => {
  it('holds every main route of spec §2', () => {
    const wanted = [
      '/',
      '/measurements/create',
      `/measurements/${ID}`,
      `/measurements/${ID}/edit`,
      `/measurements/${ID}/export-tags`,
      `/measurements/${ID}/upload-tags`,
      `/measurements/${ID}/data-imports`,
      `/measurements/${ID}/data-imports/create`,
      `/measurements/${ID}/data-imports/${ID}`,
      '/reports',
      '/reports/saved',
      '/reports/saved/Weekly',
      '/reports/some/deep/slug',
      '/activations/activations',
      '/activations/activations/create',
      '/activations/domain-lists',
      '/spotlight',
      '/spotlight/studies',
      '/spotlight/assets',
      `/spotlight/assets/${ID}`,
      '/labels',
      `/labels/${ID}/${ID}/edit`,
      '/users',
      '/billing',
      `/billing/purchase-orders/${ID}`,
      '/profile',
      '/settings',
      '/reset-password',
      '/login-link',
      '/new-user',
    ];
    for (const path of wanted) expect(findRoute(path).route, path).not.toBe(notFoundRoute);
  });

  it('holds every admin section, with create and detail pages', () => {
    for (const { id: section } of [...ADMIN_MENUS.account, ...ADMIN_MENUS.global]) {
      expect(findRoute(`/admin/${section}`).route.id, section).toBe(`admin.${section}`);
    }
    expect(findRoute('/admin/users/bulk-create').route.id).toBe('admin.users.bulk-create');
    expect(findRoute(`/admin/users/${ID}`).params).toEqual({ userId: ID });
    expect(findRoute(`/admin/contracts/${ID}`).route.id).toBe('admin.contract');
    expect(findRoute('/admin/lookup-tables/formats/create').route.id).toBe('admin.lookup.create');
    expect(findRoute(`/admin/lookup-tables/formats/${ID}`).params).toEqual({
      lookupTableName: 'formats',
      lookupId: ID,
    });
  });

  it('prefers literal segments: /measurements/create is not a measurement called create', () => {
    expect(findRoute('/measurements/create').route.id).toBe('measurements.create');
    expect(findRoute(`/measurements/${ID}/data-imports/create`).route.id).toBe('measurement.data-imports.create');
  });

  it('carries the access rules of spec §5 and §6, in permission names', () => {
    expect(findRoute('/admin/details').route.access).toMatchObject({ productOwner: true, permission: 'admin.root' });
    for (const section of ['custom-parameter-templates', 'import-job-configs', 'upload-templates', 'lookup-tables'])
      expect(findRoute(`/admin/${section}`).route.access.permission, section).toBe('admin.super');
    expect(findRoute('/labels').route.access.permission).toBe('labels.manage');
    expect(findRoute('/users').route.access.permission).toBe('users.manage');
    expect(findRoute('/measurements/create').route.access).toEqual({
      feature: 'lamp_access',
      permission: 'measurement.write',
    });
    expect(findRoute(`/measurements/${ID}/edit`).route.access.permission).toBe('measurement.write');
    expect(findRoute('/reports').route.access.feature).toBe('lamp_access');
    expect(findRoute('/spotlight').route.access.feature).toBe('spotlight_access');
    // No role words: every rule of the table names a permission of src/shared/access.ts.
    for (const route of routes) expect(route.access, route.id).not.toHaveProperty('role');
  });

  it('lets in exactly the roles its permission names (the shell and search check it)', () => {
    const context = (role: Role) => ({
      role,
      account: { id: 'a', feature_flags: { lamp_access: true, spotlight_access: true } },
      ownAccountId: 'a',
      productOwnerAccountIds: [],
    });
    const create = findRoute('/measurements/create').route.access;
    expect(checkAccess(create, context('read'))).toBe('account');
    expect(checkAccess(create, context('write'))).toBeNull();
    expect(checkAccess(findRoute('/labels').route.access, context('write'))).toBe('account');
    expect(checkAccess(findRoute('/labels').route.access, context('admin'))).toBeNull();
  });

  it('locks the account switcher on create, dynamic-route, upload and Spotlight pages', () => {
    expect(findRoute('/measurements/create').route.switcherLock).toBe('create');
    expect(findRoute(`/measurements/${ID}`).route.switcherLock).toBe('dynamic');
    expect(findRoute(`/measurements/${ID}/upload-tags`).route.switcherLock).toBe('upload');
    // A list whose name starts with "upload" is no upload page: its switcher stays on.
    expect(findRoute('/admin/upload-templates').route.switcherLock).toBeNull();
    expect(findRoute('/spotlight/studies').route.switcherLock).toBe('spotlight');
    expect(findRoute('/reports').route.switcherLock).toBeNull();
    expect(findRoute('/').route.switcherLock).toBeNull();
  });

  it('uses the special titles of spec §2', () => {
    expect(findRoute('/reset-password').route.title).toBe(messages.titles.resetPassword);
    expect(findRoute('/login-link').route.title).toBe(messages.titles.loginLink);
    expect(findRoute('/new-user').route.title).toBe(messages.titles.newUser);
  });

  it('has unique ids and builds every path it matches', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(paths.measurement(ID)).toBe(`/measurements/${ID}`);
    expect(paths.measurementDataImport(ID, 'x')).toBe(`/measurements/${ID}/data-imports/x`);
    expect(paths.labelEdit('c', 'l')).toBe('/labels/c/l/edit');
    expect(paths.login('/reports?account=1')).toBe('/login?next=%2Freports%3Faccount%3D1');
    expect(paths.savedReport('Q1 review', { id: ID })).toBe(`/reports/saved/Q1%20review?id=${ID}`);
    for (const build of [
      paths.adminUser,
      paths.adminAccount,
      paths.adminContract,
      paths.adminProject,
      paths.purchaseOrder,
    ])
      expect(findRoute(build(ID)).route).not.toBe(notFoundRoute);
  });
});

describe('breadcrumbs', () => {
  it('are Home then the capitalised segments, linking the prefixes that are pages', () => {
    const { route } = findRoute('/activations/domain-lists');
    expect(segmentCrumbs('/activations/domain-lists', route)).toEqual([
      { label: 'Home', href: '/' },
      // A prefix that only groups pages leads to its first page.
      { label: 'Activations', href: '/activations/activations' },
      { label: 'Domain Lists', href: null },
    ]);
    const admin = findRoute('/admin/third-party-macros/create').route;
    expect(segmentCrumbs('/admin/third-party-macros/create', admin).map((c) => [c.label, c.href])).toEqual([
      ['Home', '/'],
      ['Admin', '/admin'],
      ['Third Party Macros', '/admin/third-party-macros'],
      ['Create', null],
    ]);
  });

  it('say a group named like its first page once, and lead a group with no page beneath to the page above', () => {
    const crumbsOf = (path: string) => segmentCrumbs(path, findRoute(path).route).map((c) => [c.label, c.href]);
    expect(crumbsOf('/activations/activations')).toEqual([
      ['Home', '/'],
      ['Activations', null],
    ]);
    expect(crumbsOf('/activations/activations/create')).toEqual([
      ['Home', '/'],
      ['Activations', '/activations/activations'],
      ['Create', null],
    ]);
    expect(crumbsOf(`/billing/purchase-orders/${ID}`).slice(0, 3)).toEqual([
      ['Home', '/'],
      ['Billing', '/billing'],
      ['Purchase Orders', '/billing'],
    ]);
  });

  it('ask for the names of ids, with the spec mappings', () => {
    const path = `/measurements/${ID}/data-imports/${ID}`;
    const crumbs = segmentCrumbs(path, findRoute(path).route);
    expect(crumbs[2]?.lookup).toEqual({ resource: 'measurement', id: ID, service: 'api' });
    expect(crumbs[4]?.lookup).toEqual({ resource: 'import-job', id: ID, service: 'api' });
    const asset = `/spotlight/assets/${ID}`;
    expect(segmentCrumbs(asset, findRoute(asset).route)[3]?.lookup?.resource).toBe('stim');
    const lookup = `/admin/lookup-tables/media-partners/${ID}`;
    const lookupCrumbs = segmentCrumbs(lookup, findRoute(lookup).route);
    expect(lookupCrumbs[3]?.label).toBe('Media Partners');
    expect(lookupCrumbs[4]?.lookup?.resource).toBe('media-partner');
    // A correlation id names itself: shown as it is, with no lookup (no record has it as its id).
    const correlation = '/admin/import-job-statuses/correlation/abc-1';
    const correlationCrumb = segmentCrumbs(correlation, findRoute(correlation).route)[4];
    expect(correlationCrumb?.lookup).toBeUndefined();
    expect(correlationCrumb?.label).toBe('abc-1');
  });
});
