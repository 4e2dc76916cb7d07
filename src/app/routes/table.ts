/**
 * The route table itself: every area's declarations in matching order, the not-found fallback,
 * and the pages outside the app island the app links to.
 */
import { accountRoutes } from './account.ts';
import { activationRoutes } from './activations.ts';
import { adminRoutes } from './admin.ts';
import { route } from './declare.ts';
import { measurementRoutes } from './measurements.ts';
import { reportRoutes } from './reports.ts';
import { spotlightRoutes } from './spotlight.ts';
import type { RouteEntry, StaticPage } from './types.ts';
import { workspaceRoutes } from './workspace.ts';

/**
 * Checked in order, first match wins: within an area a literal segment comes before a parameter
 * in the same place (/measurements/create before /measurements/:measurementId). The areas' order
 * is the order of the guide's page table.
 */
export const routes: readonly RouteEntry[] = [
  ...accountRoutes,
  ...measurementRoutes,
  ...reportRoutes,
  ...activationRoutes,
  ...spotlightRoutes,
  ...workspaceRoutes,
  ...adminRoutes,
];

/** The fallback for paths no route matches; public so that a stray link never bounces to sign-in. */
export const notFoundRoute: RouteEntry = route('not-found', '*', 'Page not found', 'pages/NotFoundPage', {
  audience: 'public',
  switcherLock: null,
});

/** The Astro pages the app links to (server/plugins/static-site.ts serves them). */
export const staticPages: readonly StaticPage[] = [
  /** The sign-in page; `next` is the path to return to. */
  { id: 'login', path: '/login' },
  { id: 'documentation', path: '/documentation', nav: { menu: 'top', label: 'Documentation', order: 50 } },
];
