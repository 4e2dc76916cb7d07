/**
 * The row-level rules of the resource engine (resources.ts): which rows a user may see, which
 * accounts have the feature a resource needs (spec §5: /measurements and /reports require
 * lamp_access, and the API refuses what the page would), and whether the ids a body points at
 * name rows the user may use there.
 */
import type { AccountFeature } from '../../src/shared/access.ts';
import { isRootUser } from '../../src/shared/access.ts';
import { messages } from '../../src/shared/messages.ts';
import {
  isResourceName,
  resources,
  type Account,
  type ResourceDefinition,
  type User,
} from '../../src/shared/schemas/index.ts';
import { badRequest, forbidden } from '../http-errors.ts';
import { ownersOf, type Repositories, type StoredRow } from '../store/repositories.ts';

/** Accounts whose rows the user may see: null when every account's (root and super). */
export function visibleAccounts(user: User): Set<string> | null {
  if (isRootUser(user)) return null;
  return new Set([user.account, ...user.access_grants.map((grant) => grant.id)]);
}

function canSeeOwner(visible: Set<string> | null, owner: string | null, definition: ResourceDefinition) {
  if (owner === null) return definition.accountPath === null || definition.accountPath === 'account?';
  return visible === null || visible.has(owner);
}

export function canSeeRow(user: User, definition: ResourceDefinition, row: StoredRow): boolean {
  const visible = visibleAccounts(user);
  return ownersOf(row, definition.accountPath).some((owner) => canSeeOwner(visible, owner, definition));
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
    const account = this.#repositories.account.byId(accountId) as Account | undefined;
    return account?.feature_flags[feature] === true;
  }

  /** Refuses, with the 'User Error' text, a row in an account without the resource's feature. */
  assertRow(definition: ResourceDefinition, row: StoredRow) {
    for (const owner of ownersOf(row, definition.accountPath))
      if (!this.allows(definition, owner)) throw forbidden(messages.access.userError);
  }

  /**
   * The owners a list without an account filter covers: the visible accounts that have the
   * feature (every such account for root), plus global rows. Undefined: every row.
   */
  listOwners(definition: ResourceDefinition, visible: Set<string> | null): (string | null)[] | undefined {
    if (definition.accountPath === null) return undefined;
    if (!definition.feature) return visible ? [...visible, null] : undefined;
    const accounts = visible
      ? [...visible]
      : (this.#repositories.account.all() as StoredRow[]).map((account) => account.id);
    return [...accounts.filter((id) => this.allows(definition, id)), null];
  }
}

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  return typeof value === 'string' ? [value] : [];
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
  const rowOwners = new Set(ownersOf(row, definition.accountPath));
  const moved =
    current !== null &&
    ownersOf(current, definition.accountPath).join() !== ownersOf(row, definition.accountPath).join();
  const scoped = definition.accountPath !== null && definition.accountPath !== 'id';
  for (const [field, reference] of Object.entries(definition.references ?? {})) {
    if (!(field in input) && !moved) continue;
    const targetName = typeof reference === 'string' ? reference : row[reference.resourceFrom];
    if (typeof targetName !== 'string' || !isResourceName(targetName)) continue;
    const target = resources[targetName];
    // Ids the row already had were checked when they were set; one may since have been deleted,
    // and an edit that keeps it must not fail on what the user did not add. A move checks all.
    const kept = current && !moved ? new Set(idsOf(current[field])) : null;
    const singular = target.title.replace(/ies$/, 'y').replace(/s$/, '').toLowerCase();
    for (const id of idsOf(row[field])) {
      if (kept?.has(id)) continue;
      const found = repositories[targetName].byId(id);
      if (!found || !canSeeRow(user, target, found)) throw badRequest(`${field}: no ${singular} with id ${id}`);
      // The row's own account (account: X) is checked by the write rules; other references
      // must stay inside the row's accounts.
      if (!scoped || targetName === 'account') continue;
      const targetOwners = ownersOf(found, target.accountPath);
      if (!targetOwners.some((owner) => owner === null || rowOwners.has(owner)))
        throw badRequest(`${field}: ${singular} ${id} belongs to another account`);
    }
  }
}
