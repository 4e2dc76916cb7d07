/**
 * The top navigation's and the user menu's items, read from the `nav` field of the routes and
 * static pages that declare one. Who sees an item, and the links outside the table (support,
 * feedback), are the shell's (src/app/shell/nav.ts).
 */
import { hrefOf } from './href.ts';
import { routes, staticPages } from './table.ts';
import type { NavEntry, RouteAccess, SidebarKind } from './types.ts';

export interface MenuRoute {
  /** 'Switch account' → 'switch-account'. */
  id: string;
  label: string;
  href: string;
  order: number;
  /** Who may open it: the route's rule and the entry's own. */
  access: readonly RouteAccess[];
  smallScreenOnly: boolean;
  /** A page outside the app island (a full page load). */
  staticPage: boolean;
  /** The route's sidebar: the item is current on every page of that area. */
  area: SidebarKind;
  /** The route (or static page) it opens. */
  routeId: string;
}

export const menuId = (label: string) => label.toLowerCase().replace(/\s+/g, '-');

function item(routeId: string, nav: NavEntry, access: RouteAccess | null, area: SidebarKind, staticPage: boolean) {
  return {
    id: menuId(nav.label),
    label: nav.label,
    href: hrefOf(routeId),
    order: nav.order,
    access: [access, nav.access].filter((rule): rule is RouteAccess => !!rule),
    smallScreenOnly: nav.smallScreenOnly ?? false,
    staticPage,
    area,
    routeId,
  } satisfies MenuRoute;
}

const madeMenus = new Map<NavEntry['menu'], readonly MenuRoute[]>();

/**
 * A menu's items from the table, in their declared order. Made once per menu: the tables do not
 * change, and the top bar asks on every render (a few ms of a phone's first screen each time).
 */
export function menuRoutes(menu: NavEntry['menu']): readonly MenuRoute[] {
  let made = madeMenus.get(menu);
  if (!made) {
    const app = routes.flatMap((r) => (r.nav?.menu === menu ? [item(r.id, r.nav, r.access, r.sidebar, false)] : []));
    const pages = staticPages.flatMap((p) => (p.nav?.menu === menu ? [item(p.id, p.nav, null, 'none', true)] : []));
    made = [...app, ...pages].sort((a, b) => a.order - b.order);
    madeMenus.set(menu, made);
  }
  return made;
}
