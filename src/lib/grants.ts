/**
 * Who holds a role on an account, and a role given, changed or revoked: the admin access section
 * and the workspace's /users (its guests) use the same calls and the same rule for what one may do.
 */
import { request, type RequestOptions } from './api.ts';
import { callEndpoint } from './endpoint-call.ts';
import { routeOf } from '../shared/endpoints/routes.ts';
import { IF_MATCH_HEADER } from '../shared/http-headers.ts';
import { mayGrant, type Role } from '../shared/access.ts';
import type { AccountGrant } from '../shared/schemas/account-users.ts';

export async function loadGrants(account: string): Promise<AccountGrant[]> {
  return (await callEndpoint('accountGrants', { query: { account } })).data;
}

const grant = routeOf('grantAccess');
const role = routeOf('setAccountRole');
const revoke = routeOf('removeAccountUser');

export const addGrant = (body: { user: string; account: string; role: string }) =>
  request(grant.path, { method: grant.method, body });

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
) => request(role.path, { method: role.method, body, ...grantWrite(body.user, seen, onReload) });

export const revokeGrant = (
  user: string,
  account: string,
  seen: Pick<AccountGrant, 'version'> | null,
  onReload?: () => void,
) => request(revoke.path, { method: revoke.method, query: { user, account }, ...grantWrite(user, seen, onReload) });

/**
 * Whether the actor may change or revoke this grant here, as the server decides: an access grant
 * (not a root grant), not their own, on someone who does not outrank them. The user's own
 * account may change role but is not revoked.
 */
export function grantActions(grant: AccountGrant, actor: Role, actorId: string | undefined) {
  const allowed = grant.kind === 'account' && grant.user.id !== actorId && mayGrant(actor, grant.role);
  return { changeRole: allowed, revoke: allowed && !grant.own_account };
}
