/**
 * Roles, the effective role, and the permission table: one source for the server's enforcement
 * and the client's hiding of UI (lamp-spec.md §4, §5, §6; decisions.md §3).
 * The server is the authority; the client only hides what the server would refuse.
 */
import { ACCOUNT_ROLES, ROLE_ORDER } from './constants.ts';

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

/**
 * What each role may do (spec §6): every permission the code asks, by name. Read any entry as
 * "at least this role". Routes, the resource registry and pages ask `can(role, name)`, never a
 * role word, so moving a permission to another role is one change here.
 */
export const PERMISSIONS = {
  /** Global search over import jobs, measurements, reports and users ("always", spec §6). */
  'search.basic': 'read',
  /** Save reports and schedule their delivery to the account's users: anyone who reads the account. */
  'reports.save': 'read',
  /** Create and edit measurements, their tags and imports. */
  'measurement.write': 'write',
  /** Create, change, pause, resume and end activations; create, edit and delete domain lists. */
  'activation.write': 'write',
  /** The Billing menu: contracts and purchase orders. */
  'billing.view': 'write',
  /** Global search adds label categories, labels and purchase orders. */
  'search.workspace': 'write',
  /** The Labels page and menu item: the account's label categories and labels. */
  'labels.manage': 'admin',
  /** The Users page and menu item: invite users, grant and revoke roles in the account. */
  'users.manage': 'admin',
  /** Change or delete another user's saved report; send a report to addresses outside the account. */
  'reports.manage': 'admin',
  /** Rename the account's Spotlight company. */
  'spotlight.company.edit': 'admin',
  /** Add, change and remove the Spotlight users of the account's company. */
  'spotlight.users.manage': 'admin',
  /**
   * The Admin nav item, the Global Admin Menu, and the root admin sections with what they write
   * (accounts, contracts, purchase orders, projects, reports, name mappings, macros, import job
   * statuses); also every global row.
   */
  'admin.root': 'root',
  /** Global search adds accounts, contracts, custom parameter templates, projects and macros. */
  'search.global': 'root',
  /** Create and delete Spotlight companies (onboarding creates an account's first). */
  'spotlight.companies.manage': 'root',
  /** custom-parameter-templates, import-job-configs, upload-templates, lookup-tables. */
  'admin.super': 'super',
  /** The version label at the bottom of the sidebar. */
  'version.view': 'root',
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return roleAtLeast(role, PERMISSIONS[permission]);
}

/**
 * Whether a permission is the admin area's (root and above): writing with it also needs a
 * product-owner account (decisions.md §3).
 */
export function isAdminAreaPermission(permission: Permission): boolean {
  return roleAtLeast(PERMISSIONS[permission], PERMISSIONS['admin.root']);
}

/**
 * The grant rule, "nobody grants more than they hold": someone who may manage users gives a role,
 * or changes or removes a person holding it, only up to their own role. The server's users,
 * account-users and access-grant routes and the pages' role choices all ask this.
 */
export function mayGrant(granter: Role, role: Role): boolean {
  return roleAtLeast(granter, role);
}

/** The account roles `granter` may hand out, lowest first (root and super are never account grants). */
export function grantableRoles(granter: Role): AccountRole[] {
  return ACCOUNT_ROLES.filter((role) => mayGrant(granter, role));
}

export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * Spotlight's roles, one per membership (a Spotlight user in one company; decisions.md §5), beside
 * the LAMP role: a viewer reads, an editor prepares draft studies and their assets, a manager also
 * launches, closes and deletes studies. A root user who is not a member acts as a manager (they run
 * the platform).
 */
export const SPOTLIGHT_ROLES = ['viewer', 'editor', 'manager'] as const;
export type SpotlightRole = (typeof SPOTLIGHT_ROLES)[number];

/** What each Spotlight role may do, read as "at least this Spotlight role". */
export const SPOTLIGHT_PERMISSIONS = {
  'spotlight.study.create': 'editor',
  /** A study's fields, as its state allows (spotlight-rules.ts). */
  'spotlight.study.edit': 'editor',
  /** Move a study on: start fielding, mark complete. */
  'spotlight.study.status': 'manager',
  'spotlight.study.delete': 'manager',
  /** Add, change, reorder and remove a draft study's assets and their areas of interest. */
  'spotlight.asset.write': 'editor',
} as const satisfies Record<string, SpotlightRole>;

export type SpotlightPermission = keyof typeof SPOTLIGHT_PERMISSIONS;

export function canSpotlight(role: SpotlightRole | null | undefined, permission: SpotlightPermission): boolean {
  return !!role && SPOTLIGHT_ROLES.indexOf(role) >= SPOTLIGHT_ROLES.indexOf(SPOTLIGHT_PERMISSIONS[permission]);
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
  /** The user's effective role must have this permission. */
  permission?: Permission;
}

/** Whether a role meets a rule's role and permission (the feature and product-owner parts aside). */
export function roleMeets(rule: Pick<AccessRule, 'role' | 'permission'>, role: Role): boolean {
  return (!rule.role || roleAtLeast(role, rule.role)) && (!rule.permission || can(role, rule.permission));
}

/** The lowest role that meets a rule's role and permission: what a guide or a badge names. */
export function lowestRole(rule: Pick<AccessRule, 'role' | 'permission'>): Role {
  return ROLES.find((role) => roleMeets(rule, role)) ?? 'super';
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
 * The first rule a route's access fails, as the error state it yields. A user whose own account is
 * not a product owner gets the account access error ('This account does not have the required
 * access', decisions.md §3): it is their account that lacks the feature, whatever their role.
 */
export function checkAccess(rule: AccessRule, context: AccessContext): AccessErrorKind | null {
  if (rule.feature === 'spotlight_access' && !context.account.feature_flags.spotlight_access) return 'spotlight';
  if (rule.feature === 'lamp_access' && !context.account.feature_flags.lamp_access) return 'user';
  if (rule.productOwner && !isProductOwnerUser(context.ownAccountId, context.productOwnerAccountIds)) return 'user';
  if (!roleMeets(rule, context.role)) return 'account';
  return null;
}

/** The accounts a user works in: their own, and each account they hold a grant on. */
export function accountsOf(user: AccessSubject): string[] {
  return [...new Set([user.account, ...user.access_grants.map((grant) => grant.id)])];
}

/**
 * Whether `actor` may change what lets someone sign in as `target`: their e-mail address (and so
 * where reset and login links go), or their password or links on their behalf. Such a change
 * hands over everything the target can do, in every account they work in, so the actor must
 * outrank them (a strictly higher role) in each of those accounts, not only where the two meet:
 * an admin of one account must not become, through a shared user, a reader or admin of another
 *. Super users may change anyone; root users outrank everyone but root and super;
 * everyone may change their own.
 */
export function canChangeSignIn(actor: AccessSubject & { id: string }, target: AccessSubject & { id: string }) {
  if (actor.id === target.id || actor.super_admin) return true;
  return accountsOf(target).every(
    (account) =>
      canAccessAccount(actor, account) &&
      ROLES.indexOf(effectiveRole(actor, account)) > ROLES.indexOf(effectiveRole(target, account)),
  );
}
