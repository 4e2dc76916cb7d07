/**
 * What the top navigation and the user menu offer (spec §2 "Shell", §6), as plain functions of
 * the user, the selected account and the role, so the persona matrix can test them directly.
 */
import { can, isProductOwnerUser, isRootUser, type AccessSubject, type Role } from '../../shared/access.ts';
import { readPublicConfig } from '../../shared/config.ts';
import { paths } from '../routes.ts';

export const publicConfig = readPublicConfig(import.meta.env ?? {});

export interface AccountLike {
  id: string;
  feature_flags: { lamp_access: boolean; spotlight_access: boolean };
}

export interface NavItem {
  id: 'measurements' | 'reports' | 'spotlight' | 'admin' | 'documentation' | 'support';
  label: string;
  href: string;
  /** Outside the app island: a full page load (documentation) or a new tab (support). */
  kind: 'app' | 'page' | 'external';
}

/**
 * Spotlight access on the client (spec §4): the account has spotlight_access and the user is not in
 * a foreign account without root rights. (The token check belongs to the Spotlight service.)
 */
export function hasSpotlightAccess(user: AccessSubject, account: AccountLike): boolean {
  return account.feature_flags.spotlight_access && (account.id === user.account || isRootUser(user));
}

export function navItems(user: AccessSubject, account: AccountLike | null): NavItem[] {
  const items: NavItem[] = [];
  if (account?.feature_flags.lamp_access) {
    // The measurements area starts at home, whose sidebar lists the account's measurements.
    items.push({ id: 'measurements', label: 'Measurements', href: paths.home(), kind: 'app' });
    items.push({ id: 'reports', label: 'Reports', href: paths.reports(), kind: 'app' });
  }
  if (account && hasSpotlightAccess(user, account))
    items.push({ id: 'spotlight', label: 'Spotlight', href: paths.spotlight(), kind: 'app' });
  // Root users of a product-owner account administer whichever account they view (decisions.md §3).
  if (isRootUser(user) && isProductOwnerUser(user.account, publicConfig.productOwnerAccountIds))
    items.push({ id: 'admin', label: 'Admin', href: paths.adminSection('details'), kind: 'app' });
  items.push({ id: 'documentation', label: 'Documentation', href: paths.documentation(), kind: 'page' });
  items.push({ id: 'support', label: 'Support', href: publicConfig.supportUrl, kind: 'external' });
  return items;
}

export interface UserMenuItem {
  id: 'switch-account' | 'billing' | 'feedback' | 'profile' | 'users' | 'labels' | 'sign-out';
  label: string;
  href?: string;
  external?: boolean;
}

/** The user menu; 'Switch account' only on small screens (the switcher is in the bar otherwise). */
export function userMenuItems(role: Role, smallScreen: boolean): UserMenuItem[] {
  const items: UserMenuItem[] = [];
  if (smallScreen) items.push({ id: 'switch-account', label: 'Switch account', href: paths.settings() });
  if (can(role, 'billing.view')) items.push({ id: 'billing', label: 'Billing', href: paths.billing() });
  items.push({ id: 'feedback', label: 'Feedback', href: publicConfig.feedbackUrl, external: true });
  items.push({ id: 'profile', label: 'Profile', href: paths.profile() });
  if (can(role, 'users.manage')) items.push({ id: 'users', label: 'Users', href: paths.users() });
  if (can(role, 'labels.manage')) items.push({ id: 'labels', label: 'Labels', href: paths.labels() });
  items.push({ id: 'sign-out', label: 'Sign out' });
  return items;
}
