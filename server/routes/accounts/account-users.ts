/**
 * The users of an account (spec §2 /users; §6: admin in the account):
 *
 * - POST /api/v1/account-users/invite: creates the user with a grant on the account and puts an
 *   invitation e-mail in the outbox; its link leads through /login-link (which verifies the
 *   address and signs the user in) to /new-user, where they choose a password.
 * - PUT /api/v1/account-users/role: sets the user's role on the account.
 * - DELETE /api/v1/account-users?user&account: removes the user's grant on the account.
 *
 * Both writes honour If-Match with the user's ETag (a grant lives in its user's row): the grants
 * list carries it for users an admin cannot read by id (guests).
 *
 * The grant rules are the engine's (nobody gives a role above their own there; nobody changes a
 * user who outranks them). A user's own account is where they live, not a grant: removing
 * access there is refused (409); delete or move the user in the admin area instead.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { can, canAccessAccount, effectiveRole, mayGrant, type Role } from '../../../src/shared/access.ts';
import { messages } from '../../../src/shared/messages.ts';
import { type InviteUserBody } from '../../../src/shared/schemas/account-users.ts';
import { errorResponse, type StoredUser, type User } from '../../../src/shared/schemas/index.ts';
import { findUserByEmail, findUserById } from '../../auth/self-service-users.ts';
import { emailTaken, forbidden, HttpError, notFound } from '../../http-errors.ts';
import { assertIfMatch, etagOf } from '../resources/concurrency.ts';
import { sendLinkEmail } from '../../mail/outbox.ts';
import { publicUser } from '../../plugins/session.ts';
import { newId } from '../../store/repositories.ts';
import { nowIso } from '../../sandbox/context.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/**
 * The actor must be admin in the account, and may give at most their own role there. A refusal
 * says a change was refused unless the caller is only reading (`refusal`).
 */
export function assertManages(
  actor: User,
  account: string,
  role?: Role,
  refusal: string = messages.access.writeRefused,
) {
  if (!canAccessAccount(actor, account)) throw forbidden(messages.access.foreignAccount);
  const own = effectiveRole(actor, account);
  if (!can(own, 'users.manage')) throw forbidden(refusal);
  if (role && !mayGrant(own, role)) throw forbidden(`role: you may not grant the ${role} role on this account`);
}

/** The target must be a user of the account (own or granted) who does not outrank the actor. */
function targetIn(request: FastifyRequest, actor: User, userId: string, account: string): StoredUser {
  const target = findUserById(request.server, userId);
  if (
    !target ||
    !canAccessAccount(target, account) ||
    (target.account !== account && !target.access_grants.some((g) => g.id === account))
  )
    throw notFound(messages.api.notFound('user'));
  if (!mayGrant(effectiveRole(actor, account), effectiveRole(target, account)))
    throw forbidden(messages.access.writeRefused);
  return target;
}

/**
 * Authorisation before validation: whoever is not admin in the account the request names (in the
 * query of a GET or DELETE, else the body) is refused (403) before its body or query is checked;
 * the handler checks the rest once it is valid. A refused read says so, a refused change says that.
 */
const adminOfNamedAccount: preValidationHookHandler = (request, _reply, done) => {
  const inQuery = request.method === 'GET' || request.method === 'DELETE';
  const named = (inQuery ? request.query : request.body) as { account?: unknown } | null;
  const account = named && typeof named === 'object' ? named.account : undefined;
  if (typeof account === 'string' && request.user) {
    const actor = request.user;
    if (!canAccessAccount(actor, account)) return done(forbidden(messages.access.foreignAccount));
    if (!can(effectiveRole(actor, account), 'users.manage'))
      return done(forbidden(request.method === 'GET' ? messages.access.accountError : messages.access.writeRefused));
  }
  done();
};

/** The options every account users route starts from: signed in, and admin in the named account. */
export const ADMIN_OF_NAMED_ACCOUNT = {
  config: { access: 'authenticated' },
  preValidation: adminOfNamedAccount,
} as const;

/** A new user invited to an account: the grant there, no password until they choose one. */
export function invitedUser(body: InviteUserBody): StoredUser {
  return {
    id: newId(),
    created_at: nowIso(),
    account: body.account,
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email,
    super_admin: false,
    access_grants: [{ id: body.account, type: 'account', role: body.role }],
    root_account_access_grants: [],
    viewed_marketing_consent: false,
    marketing_consent: false,
    email_verified: false,
    last_login_at: null,
    password_hash: null,
  };
}

const refusals = { 403: errorResponse, 404: errorResponse, 409: errorResponse };

export function accountUserRoutes(app: FastifyInstance) {
  const users = app.repositories.user;

  routeFrom(
    app,
    endpoints.inviteUser,
    {
      ...ADMIN_OF_NAMED_ACCOUNT,
      description:
        'Admin in the account; the role at most your own there. Creates the user with the grant and puts an invitation e-mail in the outbox (its link leads through /login-link to /new-user). 409 when the e-mail is taken.',
      responses: { 403: errorResponse, 409: errorResponse },
    },
    async (request, reply) => {
      const actor = request.user as User;
      const body = request.body;
      assertManages(actor, body.account, body.role);
      if (findUserByEmail(app, body.email)) throw emailTaken();
      const user = invitedUser(body);
      await users.insert(user);
      await sendLinkEmail(app, { kind: 'invitation', user });
      return reply.code(201).send({ data: publicUser(user), count: 1 as const });
    },
  );

  routeFrom(
    app,
    endpoints.setAccountRole,
    {
      ...ADMIN_OF_NAMED_ACCOUNT,
      description:
        "Admin in the account; the role at most your own there; not on a user who outranks you, nor on yourself (409). With If-Match (the user's ETag from GET /api/v1/user?id=, or the grant's version from GET /api/v1/account-users/grants), a user changed since is refused (412); the answer carries the new ETag.",
      responses: { ...refusals, 412: errorResponse },
    },
    async (request, reply) => {
      const actor = request.user as User;
      const { user: userId, account, role } = request.body;
      assertManages(actor, account, role);
      const target = targetIn(request, actor, userId, account);
      if (target.id === actor.id) throw new HttpError(409, 'You cannot change your own role');
      assertIfMatch(request, target, 'user');
      const grants = [
        ...target.access_grants.filter((grant) => grant.id !== account),
        { id: account, type: 'account' as const, role },
      ];
      const next = { ...target, access_grants: grants };
      await users.replace(next);
      void reply.header('etag', etagOf(next));
      return { data: publicUser(next), count: 1 as const };
    },
  );

  routeFrom(
    app,
    endpoints.removeAccountUser,
    {
      ...ADMIN_OF_NAMED_ACCOUNT,
      description:
        "Admin in the account; removes the user's grant there. Refused (409) on the user's own account and on yourself. " +
        "With If-Match (the user's ETag from GET /api/v1/user?id=, or the grant's version from " +
        'GET /api/v1/account-users/grants), a user changed since is refused (412) and keeps the grant.',
      responses: { 204: z.null().describe('Access removed'), ...refusals, 412: errorResponse },
    },
    async (request, reply) => {
      const actor = request.user as User;
      const { user: userId, account } = request.query;
      assertManages(actor, account);
      const target = targetIn(request, actor, userId, account);
      if (target.id === actor.id) throw new HttpError(409, 'You cannot remove your own access');
      if (target.account === account)
        throw new HttpError(
          409,
          "This is the user's own account: their access cannot be removed here. Delete the user, or move them to another account, in the admin area.",
        );
      assertIfMatch(request, target, 'user');
      await users.replace({ ...target, access_grants: target.access_grants.filter((grant) => grant.id !== account) });
      return reply.code(204).send(null);
    },
  );
}

export const accountUsersPlugin = routePlugin('account-users', accountUserRoutes);
