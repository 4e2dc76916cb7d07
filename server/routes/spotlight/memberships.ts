/**
 * A Spotlight user's memberships (decisions.md §5): one per company, each with the role the user
 * has in that company. Every read and change of who is in a company, and as what, goes through
 * here, so that a change made in one company can only ever touch that company's membership.
 */
import type { SpotlightMembership } from '../../../src/shared/schemas/spotlight.ts';
import type { SpotlightRole } from '../../../src/shared/spotlight-rules.ts';
import type { StoredRow } from '../../store/repositories.ts';

export function membershipsOf(user: StoredRow | null | undefined): readonly SpotlightMembership[] {
  return (user?.memberships as SpotlightMembership[] | undefined) ?? [];
}

/** The user's role in the company, or null when they are not a member of it. */
export function roleIn(user: StoredRow | null | undefined, companyId: string): SpotlightRole | null {
  return membershipsOf(user).find((membership) => membership.company === companyId)?.role ?? null;
}

export const isMember = (user: StoredRow | null | undefined, companyId: string): boolean =>
  roleIn(user, companyId) !== null;

/** The memberships with the one of `companyId` set to `role` (added when missing); the others as they were. */
export function withRole(user: StoredRow, companyId: string, role: SpotlightRole): SpotlightMembership[] {
  const others = membershipsOf(user).filter((membership) => membership.company !== companyId);
  const at = membershipsOf(user).findIndex((membership) => membership.company === companyId);
  const next = [...others];
  next.splice(at === -1 ? others.length : at, 0, { company: companyId, role });
  return next;
}

/** The memberships without the one of `companyId`. */
export function without(user: StoredRow, companyId: string): SpotlightMembership[] {
  return membershipsOf(user).filter((membership) => membership.company !== companyId);
}

/** How many users are members of the company. */
export const memberCount = (users: readonly StoredRow[], companyId: string): number =>
  users.filter((user) => isMember(user, companyId)).length;
