/** The shapes of the route table: a route's declaration and what the shell reads from it. */
import type { AccessRule } from '../../shared/access.ts';
import type { PageName } from './lazy-modules.ts';

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

/** A route's access rule: the shared rule, in permission names, plus Spotlight's own check. */
export type RouteAccess = AccessRule & {
  /** Spotlight access (the account's spotlight_access flag; the service checks the token). */
  spotlight?: boolean;
};

/**
 * A place in the top navigation or the user menu that opens the route. It shows for whoever may
 * open the route (its access rule), and, when `access` is given, who passes that rule too.
 */
export interface NavEntry {
  menu: 'top' | 'user';
  label: string;
  /** Place in its menu, lowest first; the links outside the table (shell/nav.ts) slot in by it. */
  order: number;
  /** The home page is everyone's, but its item is the measurements area's, which needs LAMP. */
  access?: RouteAccess;
  /** Only where the bar has no room for what the page offers (the account switcher). */
  smallScreenOnly?: boolean;
}

/** The kinds of page an admin section may have. */
export type AdminPageKind = 'list' | 'create' | 'bulk' | 'detail';

/**
 * An admin section as its folder declares it (src/app/features/admin/sections/<slug>/entry.ts):
 * its titles, the access it needs, its place in a sidebar menu, the registry resource it edits and
 * the pages it has. Plain data, read on first load and by Node, so it imports nothing but access
 * constants and types. Its place in its menu is the file's `order` export, which only
 * scripts/lazy-modules.ts reads: the route table gets the sections in that order.
 */
export interface AdminSectionEntry {
  title: string;
  singular: string;
  access: RouteAccess;
  menu: 'account' | 'global';
  /** The registry resource the section edits, when it edits one. */
  resource?: string;
  create?: boolean;
  bulk?: boolean;
  /** The detail page's parameter, e.g. 'userId' for /admin/users/:userId. */
  detailParam?: string;
  /**
   * The page modules of the section's routes, by page kind ('admin/AdminUsersPage'). A kind left out
   * uses the admin area's generic page for it, which renders the section's declaration.tsx.
   */
  pages?: Partial<Record<AdminPageKind, PageName>>;
  /** Its list page's place in the top navigation, if it has one. */
  nav?: NavEntry;
}

/** An admin section with its slug, the name of its folder (admin-entries.ts, written by scripts/lazy-modules.ts). */
export interface AdminSection extends AdminSectionEntry {
  /** The slug (/admin/<id>): the folder's name. */
  id: string;
}

export interface RouteEntry {
  id: string;
  /** Pattern: `:name` matches one segment, a trailing `*` the rest (possibly empty). */
  path: string;
  title: string;
  /**
   * The page's line on what it holds or does, under its title (a list's ListHeader, the report
   * builder's subtitle). Plain text that needs no data: the app page paints the title and this
   * line from its HTML (scripts/route-preload.ts, shell/frame-slots.ts), before any of the app's
   * code has arrived, and the page shows the same.
   */
  intro?: string;
  /** Module name of the page: 'pages/HomePage' or '<feature>/<Name>Page', one that exists (lazy-modules.ts). */
  page: PageName;
  access: RouteAccess;
  audience: Audience;
  layout: Layout;
  sidebar: SidebarKind;
  switcherLock: SwitcherLock;
  /** Unset: one crumb per path segment (crumbs.ts). */
  breadcrumbs?: BreadcrumbResolver;
  /** A single-column page (a form): the shell narrows its frame, so breadcrumbs line up with it. */
  narrow: boolean;
  nav?: NavEntry;
  /**
   * The API reads (URLs) the page makes first that need only the path, not the selected account:
   * the HTML's route script starts them with the page (scripts/route-preload.ts, a fetch preload),
   * and the app asks for them again as it starts, instead of once the shell and the page have
   * rendered (three round trips later on a phone). The page's own fetch takes the answer.
   */
  firstReads?: (params: PageProps['params']) => readonly string[];
}

/**
 * A page outside the app island (an Astro page the server serves as a file): the app links to it
 * with a full page load, and never matches it.
 */
export interface StaticPage {
  id: string;
  path: string;
  nav?: NavEntry;
}

/** One breadcrumb; `lookup` asks the shell to fetch the name of the record the segment names. */
export interface Crumb {
  label: string;
  /** null for the current page and for path prefixes that are not pages themselves. */
  href: string | null;
  lookup?: { resource: string; id: string; service: 'api' | 'spotlight' };
}

export type BreadcrumbResolver = (pathname: string, route: RouteEntry) => Crumb[];

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}
