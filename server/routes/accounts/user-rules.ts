/**
 * The grant rules for users written through the resource engine (the behaviour table's `authorise`
 * for `user`): nobody gives what they do not have, nobody edits a user who outranks them, and
 * nobody changes the e-mail (where reset and login links go) of a user they do not outrank in
 * every account that user works in (canChangeSignIn).
 */
import {
  canAccessAccount,
  canChangeSignIn,
  effectiveRole,
  can,
  isRootUser,
  mayGrant,
  type Role,
} from '../../../src/shared/access.ts';
import type { User } from '../../../src/shared/schemas/index.ts';
import { forbidden, invalidField } from '../../http-errors.ts';
import { messages } from '../../../src/shared/messages.ts';
import type { StoredRow } from '../../store/repositories.ts';

const grantKey = (grant: { id: string; role: string; type: string }) => `${grant.type}:${grant.id}:${grant.role}`;

/**
 * super_admin needs super; root-account grants need root; each added or removed account grant
 * needs admin in that account and at most the actor's own role there; nobody edits (or deletes:
 * `after` null) a user who outranks them; and a new e-mail needs canChangeSignIn.
 */
export function assertUserChangeAllowed(actor: User, before: StoredRow | null, after: StoredRow | null): void {
  const actorRole = (account: string) => effectiveRole(actor, account);
  if (before) {
    const target = before as unknown as User;
    const targetRole = effectiveRole(target, target.account);
    if (!mayGrant(actorRole(target.account), targetRole)) throw forbidden(messages.access.writeRefused);
  }
  if (!after) return;
  if (before && after.email !== before.email && !canChangeSignIn(actor, before as unknown as User)) {
    throw invalidField('email', messages.signIn.emailChangeRefused, 403);
  }
  if (Boolean(after.super_admin) !== Boolean(before?.super_admin ?? false) && !actor.super_admin) {
    throw forbidden('super_admin: only a super admin may change this');
  }
  type G = { id: string; role: Role; type: string };
  const diff = (field: 'access_grants' | 'root_account_access_grants') => {
    const old = ((before?.[field] as G[] | undefined) ?? []).map(grantKey);
    const next = (after[field] as G[]).map(grantKey);
    return [
      ...((before?.[field] as G[] | undefined) ?? []).filter((g) => !next.includes(grantKey(g))),
      ...(after[field] as G[]).filter((g) => !old.includes(grantKey(g))),
    ];
  };
  if (diff('root_account_access_grants').length > 0 && !isRootUser(actor)) {
    throw forbidden('root_account_access_grants: only a root user may change these');
  }
  for (const grant of diff('access_grants')) {
    const role = actorRole(grant.id);
    if (!canAccessAccount(actor, grant.id) || !can(role, 'users.manage') || !mayGrant(role, grant.role)) {
      throw forbidden(`access_grants: you may not grant or remove the ${grant.role} role on account ${grant.id}`);
    }
  }
}
