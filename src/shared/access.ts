/**
 * Roles, the effective role, and the permission table: one source for the server's enforcement
 * and the client's hiding of UI (lamp-spec.md §4, §5, §6; decisions.md §3).
 * The server is the authority; the client only hides what the server would refuse.
 */
import { ROLE_ORDER } from './constants.ts';

export type Role = (typeof ROLE_ORDER)[number];
export const ROLES: readonly Role[] = ROLE_ORDER;

/** True when `role` includes `required` (each role includes all lower ones). */
export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

export interface Grant {
  /** The account the grant is for. */
  id: string;
  type: string;
  role: string;
}

/** The parts of a user that decide access. */
export interface AccessSubject {
  account: string;
  super_admin: boolean;
  access_grants: readonly Grant[];
  root_account_access_grants: readonly Grant[];
}

/** Root: a root-account grant whose id is the user's own account (decisions.md §3). */
export function isRootUser(user: AccessSubject): boolean {
  return user.super_admin || user.root_account_access_grants.some((grant) => grant.id === user.account);
}

/**
 * The effective role against the selected account: super if super_admin; else root if a
 * root-account grant matches the user's own account; else admin or write if the grant for the
 * selected account has that role; else read.
 */
export function effectiveRole(user: AccessSubject, selectedAccountId: string): Role {
  if (user.super_admin) return 'super';
  if (isRootUser(user)) return 'root';
  const grant = user.access_grants.find((g) => g.id === selectedAccountId);
  if (grant?.role === 'admin') return 'admin';
  if (grant?.role === 'write') return 'write';
  return 'read';
}

/**
 * Whether the user may work in an account at all: root and super everywhere; others in their own
 * account and in accounts they hold a grant for.
 */
export function canAccessAccount(user: AccessSubject, accountId: string): boolean {
  return isRootUser(user) || user.account === accountId || user.access_grants.some((g) => g.id === accountId);
}

/** What each role may do (spec §6). Read any entry as "at least this role". */
export const PERMISSIONS = {
  /** Create and edit measurements, their tags and imports. */
  'measurement.write': 'write',
  /** Create, change, pause, resume and end activations; create, edit and delete domain lists. */
  'activation.write': 'write',
  'billing.view': 'write',
  'labels.manage': 'admin',
  'users.manage': 'admin',
  /** The Admin nav item, the Global Admin Menu, and the root admin sections. */
  'admin.root': 'root',
  /** custom-parameter-templates, import-job-configs, upload-templates, lookup-tables. */
  'admin.super': 'super',
  'version.view': 'root',
  'search.write-sections': 'write',
  'search.root-sections': 'root',
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return roleAtLeast(role, PERMISSIONS[permission]);
}

export type AccountFeature = 'lamp_access' | 'spotlight_access';

/** A route's access rule (spec §5 "Access rules on routes"). */
export interface AccessRule {
  /** The selected account must have this feature flag on. */
  feature?: AccountFeature;
  /**
   * The user's OWN account must be a product-owner account (/admin, decisions.md §3): the people
   * who run the platform belong to one, and from there administer whichever account is selected.
   */
  productOwner?: boolean;
  /** The user's effective role must be at least this. */
  role?: Role;
}

/**
 * The error states a failed rule yields. Spec §2 pairs the texts with the names this way:
 * 'user' (title 'User Error') when the account lacks a feature, 'account' (title 'Account Error')
 * when the user's role is too low, 'spotlight' for Spotlight access.
 */
export type AccessErrorKind = 'user' | 'account' | 'spotlight';

export interface AccessContext {
  /** The effective role in the selected account. */
  role: Role;
  /** The selected account. */
  account: { id: string; feature_flags: { lamp_access: boolean; spotlight_access: boolean } };
  /** The user's own account (not the selected one): the product-owner rule reads it. */
  ownAccountId: string;
  productOwnerAccountIds: readonly string[];
}

/** Whether a user belongs to a product-owner account (decisions.md §3), whatever account they view. */
export function isProductOwnerUser(ownAccountId: string, productOwnerAccountIds: readonly string[]): boolean {
  return productOwnerAccountIds.includes(ownAccountId);
}

/**
 * The first rule a route's access fails, as the error state it yields. A user outside the
 * product-owner accounts gets the account error ('You do not have the required access'): the
 * rule is about who they are, not about the account they view.
 */
export function checkAccess(rule: AccessRule, context: AccessContext): AccessErrorKind | null {
  if (rule.feature === 'spotlight_access' && !context.account.feature_flags.spotlight_access) return 'spotlight';
  if (rule.feature === 'lamp_access' && !context.account.feature_flags.lamp_access) return 'user';
  if (rule.productOwner && !isProductOwnerUser(context.ownAccountId, context.productOwnerAccountIds)) return 'account';
  if (rule.role && !roleAtLeast(context.role, rule.role)) return 'account';
  return null;
}
