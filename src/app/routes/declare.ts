/**
 * How a route is declared: `route()` fills in the defaults, and the access rules the areas share
 * are named once here, in the permission names of src/shared/access.ts (never role words).
 */
import type { PageName } from './lazy-modules.ts';
import type { RouteAccess, RouteEntry, SwitcherLock } from './types.ts';

type Options = Partial<Omit<RouteEntry, 'id' | 'path' | 'title' | 'page'>>;

/** The LAMP pages: the selected account has lamp_access. */
export const lamp = { feature: 'lamp_access' } as const satisfies RouteAccess;
/** Spotlight: the account's spotlight_access, and the shell's foreign-account check. */
export const spotlight = { feature: 'spotlight_access', spotlight: true } as const satisfies RouteAccess;
/** Spec §5: /admin needs a product-owner account; §6 names the permission each section needs. */
export const adminRoot = { productOwner: true, permission: 'admin.root' } as const satisfies RouteAccess;
export const adminSuper = { productOwner: true, permission: 'admin.super' } as const satisfies RouteAccess;

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

export function route(id: string, path: string, title: string, page: PageName, options: Options = {}): RouteEntry {
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
    ...(options.breadcrumbs ? { breadcrumbs: options.breadcrumbs } : {}),
    narrow: options.narrow ?? false,
    ...(options.nav ? { nav: options.nav } : {}),
    ...(options.intro ? { intro: options.intro } : {}),
    ...(options.firstReads ? { firstReads: options.firstReads } : {}),
  };
}
