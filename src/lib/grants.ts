/**
 * Who holds a role on an account, and a role given, changed or revoked: the admin access section
 * and the workspace's /users (its guests) use the same calls and the same rule for what one may do.
 */
import { z } from 'zod';
import { request, type RequestOptions } from './api.ts';
import { IF_MATCH_HEADER } from '../shared/http-headers.ts';
import { mayGrant, type Role } from '../shared/access.ts';
import { accountGrantRow, type AccountGrant } from '../shared/schemas/account-users.ts';

const grantsResponse = z.object({ data: z.array(accountGrantRow) });

export async function loadGrants(account: string): Promise<AccountGrant[]> {
  const { body } = await request('/api/v1/account-users/grants', { query: { account } });
  return grantsResponse.parse(body).data;
}

export const addGrant = (body: { user: string; account: string; role: string }) =>
  request('/api/v1/account-users/grant', { method: 'POST', body });

/**
 * A change of a grant is a write of its holder's row, sent with the version the page showed: when
 * someone else changed the user since, the server answers 412 and the conflict dialog asks
 * (Reload runs `onReload`). A page that read the user by id may pass no version: the client then
 * sends the one it remembers.
 */
function grantWrite(
  user: string,
  seen: Pick<AccountGrant, 'version'> | null,
  onReload?: () => void,
): Pick<RequestOptions, 'record' | 'headers' | 'onReload'> {
  return {
    record: { resource: 'user' as const, id: user },
    headers: seen?.version ? { [IF_MATCH_HEADER]: seen.version } : {},
    onReload,
  };
}

export const changeRole = (
  body: { user: string; account: string; role: string },
  seen: Pick<AccountGrant, 'version'> | null,
  onReload?: () => void,
) => request('/api/v1/account-users/role', { method: 'PUT', body, ...grantWrite(body.user, seen, onReload) });

export const revokeGrant = (
  user: string,
  account: string,
  seen: Pick<AccountGrant, 'version'> | null,
  onReload?: () => void,
) =>
  request('/api/v1/account-users', { method: 'DELETE', query: { user, account }, ...grantWrite(user, seen, onReload) });

/**
 * Whether the actor may change or revoke this grant here, as the server decides: an access grant
 * (not a root grant), not their own, on someone who does not outrank them. The user's own
 * account may change role but is not revoked.
 */
export function grantActions(grant: AccountGrant, actor: Role, actorId: string | undefined) {
  const allowed = grant.kind === 'account' && grant.user.id !== actorId && mayGrant(actor, grant.role);
  return { changeRole: allowed, revoke: allowed && !grant.own_account };
}
