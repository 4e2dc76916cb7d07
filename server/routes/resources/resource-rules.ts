/**
 * The row-level rules of the resource engine (resources.ts): which rows a user may see, which
 * accounts have the feature a resource needs (spec §5: /measurements and /reports require
 * lamp_access, and the API refuses what the page would), and whether the ids a body points at
 * name rows the user may use there.
 */
import type { AccountFeature } from '../../../src/shared/access.ts';
import { isRootUser } from '../../../src/shared/access.ts';
import { canSeeRow, makerAllows, visibleAccounts } from '../../../src/shared/row-access.ts';
import { messages } from '../../../src/shared/messages.ts';
import {
  isResourceName,
  resources,
  type ResourceDefinition,
  type ResourceName,
  type User,
} from '../../../src/shared/schemas/index.ts';
import { badRequest, forbidden } from '../../http-errors.ts';
import { ownersOf, type Repositories, type StoredRow } from '../../store/repositories.ts';

/** Which rows a user may see: the shared rules (src/shared/access.ts), which the UI reads too. */
export { canSeeRow, visibleAccounts };

/**
 * A resource with a maker's rule (saved reports) is its maker's own: another user of the account
 * may read it, and only its maker or whoever the rule names may change or delete it. The rule is
 * the shared one (src/shared/row-access.ts), which the UI reads to hide what this refuses.
 */
export function assertCreatorOrAdmin(user: User, definition: ResourceDefinition, row: StoredRow) {
  if (!makerAllows(user, definition, row)) throw forbidden(messages.access.writeRefused);
}

/**
 * What a user may see of a row shared by several accounts (a contract): the ids it holds of rows
 * in accounts the user cannot see are left out. Root sees all (visible: null), and a row with
 * nothing to hide is returned as it is (list bodies cache rows by identity).
 */
export function visibleShare(
  repositories: Repositories,
  user: User,
  definition: ResourceDefinition,
  row: StoredRow,
): StoredRow {
  if (definition.accountPath !== 'accounts' || isRootUser(user)) return row;
  let shown: StoredRow | null = null;
  for (const { field, target, ids } of rowReferences(definition, row)) {
    if (!target || target === 'account' || ids.length === 0) continue;
    const kept = ids.filter((id) => {
      const found = repositories[target].byId(id);
      return found !== undefined && canSeeRow(user, resources[target], found);
    });
    if (kept.length !== ids.length) (shown ??= { ...row })[field] = kept;
  }
  return shown ?? row;
}

export class FeatureRules {
  readonly #repositories: Repositories;

  constructor(repositories: Repositories) {
    this.#repositories = repositories;
  }

  /** Whether rows of this resource may live in `accountId` (global rows need no flag). */
  allows(definition: ResourceDefinition, accountId: string | null): boolean {
    if (!definition.feature || accountId === null) return true;
    return this.#hasFeature(accountId, definition.feature);
  }

  #hasFeature(accountId: string, feature: AccountFeature): boolean {
    const account = this.#repositories.account.byId(accountId);
    return account?.feature_flags[feature] === true;
  }

  /**
   * Whether a user who sees these accounts (null: all) may see the global rows of a resource
   * that needs a feature: only with the feature in some account (the admin-defined reports are
   * reporting data, behind lamp_access like the rest).
   */
  allowsGlobal(definition: ResourceDefinition, visible: Set<string> | null): boolean {
    if (!definition.feature || visible === null) return true;
    for (const id of visible) if (this.allows(definition, id)) return true;
    return false;
  }

  /**
   * Refuses, with the 'User Error' text, a row in an account without the resource's feature, and
   * (given the reader's visible accounts) a global row the reader may not see.
   */
  assertRow(definition: ResourceDefinition, row: StoredRow, visible?: Set<string> | null) {
    for (const owner of ownersOf(row, definition.accountPath)) {
      const allowed =
        owner === null && visible !== undefined
          ? this.allowsGlobal(definition, visible)
          : this.allows(definition, owner);
      if (!allowed) throw forbidden(messages.access.userError);
    }
  }

  /**
   * The owners a list without an account filter covers: the visible accounts that have the
   * feature (every such account for root), plus global rows. Undefined: every row.
   */
  listOwners(definition: ResourceDefinition, visible: Set<string> | null): (string | null)[] | undefined {
    if (definition.accountPath === null) return undefined;
    if (!definition.feature) return visible ? [...visible, null] : undefined;
    const accounts = visible ? [...visible] : this.#repositories.account.all().map((account) => account.id);
    const withFeature = accounts.filter((id) => this.allows(definition, id));
    return withFeature.length > 0 ? [...withFeature, null] : [];
  }
}

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  return typeof value === 'string' ? [value] : [];
}

export interface RowReference {
  field: string;
  /** The resource the field points at; null when the row names no resource (a bad type). */
  target: ResourceName | null;
  ids: string[];
}

/** What the reference fields the registry declares hold in this row: field, target, ids. */
export function rowReferences(definition: ResourceDefinition, row: StoredRow): RowReference[] {
  return Object.entries(definition.references ?? {}).map(([field, reference]) => {
    const name = typeof reference === 'string' ? reference : row[reference.resourceFrom];
    return { field, target: typeof name === 'string' && isResourceName(name) ? name : null, ids: idsOf(row[field]) };
  });
}

/**
 * Whether a row owned by `rowOwners` may point at `found` (a row of `target`): a global row, or
 * one of the same accounts. The row's own account field is the write rules' business, and rows
 * outside accounts (lookups, the account table) may point anywhere.
 */
export function staysInAccounts(
  definition: ResourceDefinition,
  target: ResourceName,
  rowOwners: readonly (string | null)[],
  found: StoredRow,
): boolean {
  if (target === 'account' || definition.accountPath === null || definition.accountPath === 'id') return true;
  return ownersOf(found, resources[target].accountPath).some((owner) => owner === null || rowOwners.includes(owner));
}

/**
 * Every id a create or update names in a reference field must be a row that exists, that the
 * user may see, and that belongs to the same account as the row being written (or is global).
 * An update checks the ids it adds to the fields it sets, and every id when it moves the row to
 * other accounts. A 400 names the field, so the form can show it; nothing is written.
 */
export function assertReferences(
  repositories: Repositories,
  user: User,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
  row: StoredRow,
  current: StoredRow | null,
) {
  const rowOwners = ownersOf(row, definition.accountPath);
  const moved = current !== null && ownersOf(current, definition.accountPath).join() !== rowOwners.join();
  for (const { field, target, ids } of rowReferences(definition, row)) {
    if ((!(field in input) && !moved) || !target) continue;
    // Ids the row already had were checked when they were set; one may since have been deleted,
    // and an edit that keeps it must not fail on what the user did not add. A move checks all.
    const kept = current && !moved ? new Set(idsOf(current[field])) : null;
    const singular = resources[target].title.replace(/ies$/, 'y').replace(/s$/, '').toLowerCase();
    for (const id of ids) {
      if (kept?.has(id)) continue;
      const found = repositories[target].byId(id);
      if (!found || !canSeeRow(user, resources[target], found))
        throw badRequest(`${field}: no ${singular} with id ${id}`);
      if (!staysInAccounts(definition, target, rowOwners, found))
        throw badRequest(`${field}: ${singular} ${id} belongs to another account`);
    }
  }
}
