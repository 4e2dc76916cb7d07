/**
 * The app's route table: the one place that knows every path (lamp-spec.md §2, §5). Routing,
 * navigation, menus, page titles, breadcrumbs, sidebars, the account switcher, search result
 * links and the access guards all read from it; URLs are built from a route's pattern
 * (`hrefOf`, `paths`), never from inline strings. What lives where: README.md beside this file.
 */
export type * from './types.ts';
export type { PageName } from './lazy-modules.ts';
export { ADMIN_SECTIONS } from './admin-sections.ts';
export { ADMIN_MENUS, LOOKUP_TABLES } from './admin.ts';
export { routes, notFoundRoute, staticPages } from './table.ts';
export { findRoute, matchPath, routeById } from './match.ts';
export { hrefOf, paths, withQuery, type QueryInit } from './href.ts';
export { capitalise, crumbsOf, segmentCrumbs } from './crumbs.ts';
export { menuRoutes, type MenuRoute } from './menus.ts';
