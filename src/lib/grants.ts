/**
 * Who holds a role on an account, and a role given, changed or revoked: the admin access section
 * and the workspace's /users (its guests) use the same calls and the same rule for what one may do.
 */
import { z } from 'zod';
import { request } from './api.ts';
import { roleAtLeast, type Role } from '../shared/access.ts';
import { ACCOUNT_ROLES, accountGrantRow, type AccountGrant } from '../shared/schemas/account-users.ts';

const grantsResponse = z.object({ data: z.array(accountGrantRow) });

export async function loadGrants(account: string): Promise<AccountGrant[]> {
  const { body } = await request('/api/v1/account-users/grants', { query: { account } });
  return grantsResponse.parse(body).data;
}

export const addGrant = (body: { user: string; account: string; role: string }) =>
  request('/api/v1/account-users/grant', { method: 'POST', body });

export const changeRole = (body: { user: string; account: string; role: string }) =>
  request('/api/v1/account-users/role', { method: 'PUT', body });

export const revokeGrant = (user: string, account: string) =>
  request('/api/v1/account-users', { method: 'DELETE', query: { user, account } });

/** The account roles someone with `actor` may hand out (never above their own). */
export const grantableRoles = (actor: Role) => ACCOUNT_ROLES.filter((role) => roleAtLeast(actor, role));

/**
 * Whether the actor may change or revoke this grant here, as the server decides: an access grant
 * (not a root grant), not their own, on someone who does not outrank them. The user's own
 * account may change role but is not revoked.
 */
export function grantActions(grant: AccountGrant, actor: Role, actorId: string | undefined) {
  const allowed = grant.kind === 'account' && grant.user.id !== actorId && roleAtLeast(actor, grant.role);
  return { changeRole: allowed, revoke: allowed && !grant.own_account };
}
