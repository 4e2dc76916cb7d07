/**
 * Roles, the effective role, and the permission table: one source for the server's enforcement
 * and the client's hiding of UI (lamp-spec.md §4, §5, §6; decisions.md §3).
 * The server is the authority; the client only hides what the server would refuse.
 */
import { ROLE_ORDER } from './constants.ts';
import type { AccountPath, ResourceDefinition } from './schemas/index.ts';

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
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return roleAtLeast(role, PERMISSIONS[permission]);
}

/** The higher of two roles. */
export function maxRole(a: Role, b: Role): Role {
  return roleAtLeast(a, b) ? a : b;
}

/**
 * Row rules (spec §6, decisions §3): which rows of the registry a user may see and change. The
 * server enforces them (server/routes/resources.ts, resource-rules.ts); the UI reads the same
 * functions to hide what the server would refuse (the kit's delete and selection).
 */
type RowDefinition = Pick<ResourceDefinition, 'accountPath' | 'writeRole'>;

function readPath(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The account ids that own a row (a contract may have several); null stands for a global row. */
export function ownersOf(row: Record<string, unknown>, path: AccountPath): (string | null)[] {
  switch (path) {
    case null:
      return [null];
    case 'id':
      return [row.id as string];
    case 'accounts':
      return Array.isArray(row.accounts) ? (row.accounts as string[]) : [];
    case 'category.account': {
      const owner = readPath(row, 'category.account');
      return typeof owner === 'string' ? [owner] : [];
    }
    case 'account':
    case 'account?': {
      const owner = row.account;
      return typeof owner === 'string' ? [owner] : [null];
    }
  }
}

/** Accounts whose rows the user may see: null when every account's (root and super). */
export function visibleAccounts(user: AccessSubject): Set<string> | null {
  if (isRootUser(user)) return null;
  return new Set([user.account, ...user.access_grants.map((grant) => grant.id)]);
}

function canSeeOwner(visible: Set<string> | null, owner: string | null, definition: RowDefinition) {
  if (owner === null) return definition.accountPath === null || definition.accountPath === 'account?';
  return visible === null || visible.has(owner);
}

/** Whether the user may see a row: one of its owners is an account they may see, or it is global. */
export function canSeeRow(user: AccessSubject, definition: RowDefinition, row: Record<string, unknown>): boolean {
  const visible = visibleAccounts(user);
  return ownersOf(row, definition.accountPath).some((owner) => canSeeOwner(visible, owner, definition));
}

/**
 * Why the user may not write rows owned by `owner`, or null when they may: a global row (or the
 * account table, or a lookup) needs the write role and root; an account's row needs access to
 * that account ('foreign-account') and the resource's write role there ('role').
 */
export function writeRefusal(
  user: AccessSubject,
  definition: RowDefinition,
  owner: string | null,
): 'foreign-account' | 'role' | null {
  if (owner === null || definition.accountPath === 'id') {
    return roleAtLeast(effectiveRole(user, user.account), maxRole(definition.writeRole, 'root')) ? null : 'role';
  }
  if (!canAccessAccount(user, owner)) return 'foreign-account';
  return roleAtLeast(effectiveRole(user, owner), definition.writeRole) ? null : 'role';
}

/** Whether the user may change (or delete) a row: every owner of it allows the write. */
export function canWriteRow(user: AccessSubject, definition: RowDefinition, row: Record<string, unknown>): boolean {
  const owners = ownersOf(row, definition.accountPath);
  return owners.length > 0 && owners.every((owner) => writeRefusal(user, definition, owner) === null);
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
 * The first rule a route's access fails, as the error state it yields. A user whose own account is
 * not a product owner gets the account access error ('This account does not have the required
 * access', decisions.md §3): it is their account that lacks the feature, whatever their role.
 */
export function checkAccess(rule: AccessRule, context: AccessContext): AccessErrorKind | null {
  if (rule.feature === 'spotlight_access' && !context.account.feature_flags.spotlight_access) return 'spotlight';
  if (rule.feature === 'lamp_access' && !context.account.feature_flags.lamp_access) return 'user';
  if (rule.productOwner && !isProductOwnerUser(context.ownAccountId, context.productOwnerAccountIds)) return 'user';
  if (rule.role && !roleAtLeast(context.role, rule.role)) return 'account';
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
