import { can, canAccessAccount, effectiveRole, isRootUser, type AccessSubject } from './access.ts';
import type { AccountPath, ResourceDefinition } from './schemas/index.ts';

/**
 * Row rules (spec §6, decisions §3): which rows of the registry a user may see and change. They
 * live apart from access.ts because they read the registry, which itself names access.ts's
 * permissions (no import circle). The
 * server enforces them (server/routes/resources/resources.ts, resource-rules.ts); the UI reads the same
 * functions to hide what the server would refuse (the kit's delete and selection).
 */
type RowDefinition = Pick<ResourceDefinition, 'accountPath' | 'writePermission' | 'creator'>;

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
 * account table, or a lookup) needs the write permission and the root admin area's; an account's
 * row needs access to that account ('foreign-account') and the write permission there ('role').
 */
export function writeRefusal(
  user: AccessSubject,
  definition: RowDefinition,
  owner: string | null,
): 'foreign-account' | 'role' | null {
  if (owner === null || definition.accountPath === 'id') {
    const role = effectiveRole(user, user.account);
    return can(role, definition.writePermission) && can(role, 'admin.root') ? null : 'role';
  }
  if (!canAccessAccount(user, owner)) return 'foreign-account';
  return can(effectiveRole(user, owner), definition.writePermission) ? null : 'role';
}

/**
 * Whether the maker's rule lets the user change a row: a row that is its maker's own (a saved
 * report; the definition's `creator`) is changed by its maker, or by someone with the rule's
 * permission in every account that owns it. Rows without a maker's rule always pass.
 */
export function makerAllows(
  user: AccessSubject & { id: string },
  definition: Pick<RowDefinition, 'accountPath' | 'creator'>,
  row: Record<string, unknown>,
): boolean {
  const rule = definition.creator;
  if (!rule || row[rule.field] === user.id) return true;
  const owners = ownersOf(row, definition.accountPath);
  return owners.every((owner) => owner !== null && can(effectiveRole(user, owner), rule.othersPermission));
}

/**
 * Whether the user may change (or delete) a row: every owner of it allows the write, and so does
 * the maker's rule.
 */
export function canWriteRow(
  user: AccessSubject & { id: string },
  definition: RowDefinition,
  row: Record<string, unknown>,
): boolean {
  const owners = ownersOf(row, definition.accountPath);
  return (
    owners.length > 0 &&
    owners.every((owner) => writeRefusal(user, definition, owner) === null) &&
    makerAllows(user, definition, row)
  );
}
