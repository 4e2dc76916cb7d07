/**
 * What the top navigation and the user menu offer (spec §2 "Shell", §6), as plain functions of
 * the user, the selected account and the role, so the persona matrix can test them directly. The
 * items are the routes that declare a `nav` entry (src/app/routes/menus.ts), each shown to whoever
 * may open it by the route's own rule; only the links outside the app (support, feedback) and
 * signing out are written here.
 */
import {
  can,
  checkAccess,
  effectiveRole,
  isRootUser,
  type AccessContext,
  type AccessSubject,
  type Role,
} from '../../shared/access.ts';
import { readPublicConfig } from '../../shared/config.ts';
import { menuRoutes, type MenuRoute, type RouteAccess, type SidebarKind } from '../routes/index.ts';

export const publicConfig = readPublicConfig(import.meta.env ?? {});

export interface AccountLike {
  id: string;
  feature_flags: { lamp_access: boolean; spotlight_access: boolean };
}

export interface NavItem {
  id: string;
  label: string;
  href: string;
  /** Outside the app island: a full page load (documentation) or a new tab (support). */
  kind: 'app' | 'page' | 'external';
  /** The sidebar area whose pages make the item current ('none': never). */
  area: SidebarKind;
  /** Its place in the bar (the routes' `nav.order`). */
  order: number;
}

/**
 * Spotlight access on the client (spec §4): the account has spotlight_access and the user is not in
 * a foreign account without root rights. (The token check belongs to the Spotlight service.)
 */
export function hasSpotlightAccess(user: AccessSubject, account: AccountLike): boolean {
  return account.feature_flags.spotlight_access && (account.id === user.account || isRootUser(user));
}

/** Whether the user may open a route with this rule in the account, as the shell's guard decides. */
function passes(rule: RouteAccess, context: AccessContext, user: AccessSubject): boolean {
  if (checkAccess(rule, context) !== null) return false;
  return !rule.spotlight || hasSpotlightAccess(user, context.account);
}

/** Places in a menu for the links the table does not hold, beside the routes' own `order`. */
const SUPPORT_ORDER = 60;
const FEEDBACK_ORDER = 30;

/** The last answer and what it was for: the top bar renders often with the same user and account. */
let lastNav: { user: AccessSubject; account: AccountLike | null; items: readonly NavItem[] } | null = null;

export function navItems(user: AccessSubject, account: AccountLike | null): readonly NavItem[] {
  if (lastNav?.user === user && lastNav.account === account) return lastNav.items;
  const items = makeNavItems(user, account);
  lastNav = { user, account, items };
  return items;
}

function makeNavItems(user: AccessSubject, account: AccountLike | null): NavItem[] {
  // Before the account loads, nothing that needs one of its features shows.
  const selected = account ?? { id: user.account, feature_flags: { lamp_access: false, spotlight_access: false } };
  const context: AccessContext = {
    role: effectiveRole(user, selected.id),
    account: selected,
    ownAccountId: user.account,
    productOwnerAccountIds: publicConfig.productOwnerAccountIds,
  };
  const items = menuRoutes('top')
    .filter((entry) => entry.access.every((rule) => passes(rule, context, user)))
    .map(navItem);
  items.push({
    id: 'support',
    label: 'Support',
    href: publicConfig.supportUrl,
    kind: 'external',
    area: 'none',
    order: SUPPORT_ORDER,
  });
  return items.sort((a, b) => a.order - b.order);
}

function navItem(entry: MenuRoute): NavItem {
  return {
    id: entry.id,
    label: entry.label,
    href: entry.href,
    kind: entry.staticPage ? 'page' : 'app',
    area: entry.area,
    order: entry.order,
  };
}

export interface UserMenuItem {
  id: string;
  label: string;
  href?: string;
  external?: boolean;
  /** Its place in the menu (the routes' `nav.order`); signing out comes last. */
  order: number;
}

/**
 * The user menu: the routes whose permission the role has; 'Switch account' only on small
 * screens (the switcher is in the bar otherwise). Its routes ask a role only, no feature.
 */
export function userMenuItems(role: Role, smallScreen: boolean): UserMenuItem[] {
  const items: UserMenuItem[] = menuRoutes('user')
    .filter((entry) => smallScreen || !entry.smallScreenOnly)
    .filter((entry) => entry.access.every((rule) => !rule.permission || can(role, rule.permission)))
    .map((entry) => ({ id: entry.id, label: entry.label, href: entry.href, order: entry.order }));
  items.push({
    id: 'feedback',
    label: 'Feedback',
    href: publicConfig.feedbackUrl,
    external: true,
    order: FEEDBACK_ORDER,
  });
  items.sort((a, b) => a.order - b.order);
  items.push({ id: 'sign-out', label: 'Sign out', order: Infinity });
  return items;
}
