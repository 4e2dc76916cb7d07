/**
 * The admin area's account sections beyond the resource engine (spec §2 /admin/users and
 * /admin/access; the users routes of account-users.ts do the rest):
 *
 * - POST /api/v1/account-users/bulk: creates many users of an account from rows (a CSV file or
 *   pasted lines). Every row is checked first; when any row has an error the answer is a 400
 *   whose issues name row and field (`rows.3.email`), and nobody is created. Otherwise all are
 *   created and each gets the invitation e-mail of /users invite.
 * - GET /api/v1/account-users/grants?account: who holds which role on the account.
 * - POST /api/v1/account-users/grant: gives an existing user (of another account) a role here.
 *
 * The grant rules are those of account-users.ts: admin in the account, nobody grants above their
 * own role, nobody changes a user who outranks them, nobody changes their own access.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { canAccessAccount, effectiveRole, isRootUser, mayGrant } from '../../../src/shared/access.ts';
import { messages } from '../../../src/shared/messages.ts';
import {
  bulkIssuePath,
  checkBulkUserRows,
  type AccountGrant,
  type BulkRowIssue,
} from '../../../src/shared/schemas/account-users.ts';
import { errorResponse, type StoredUser, type User } from '../../../src/shared/schemas/index.ts';
import { findUserByEmail, findUserById } from '../../auth/self-service-users.ts';
import { badRequest, HttpError, invalidField } from '../../http-errors.ts';
import { sendLinkEmail } from '../../mail/outbox.ts';
import { publicUser } from '../../plugins/session.ts';
import { ADMIN_OF_NAMED_ACCOUNT, assertManages, invitedUser } from './account-users.ts';
import { etagOf } from '../resources/concurrency.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/** The account's grants: access grants on it, and root-account grants of its own users. */
export function accountGrants(users: readonly StoredUser[], account: string): AccountGrant[] {
  const out: AccountGrant[] = [];
  for (const user of users) {
    const person = {
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      account: user.account,
    };
    const own_account = user.account === account;
    const grant = user.access_grants.find((g) => g.id === account);
    if (own_account && isRootUser(user))
      out.push({ user: person, role: 'root', kind: 'root', own_account, version: etagOf(user) });
    else if (grant) out.push({ user: person, role: grant.role, kind: 'account', own_account, version: etagOf(user) });
  }
  return out.sort(
    (a, b) =>
      a.user.first_name.localeCompare(b.user.first_name) ||
      a.user.last_name.localeCompare(b.user.last_name) ||
      a.user.id.localeCompare(b.user.id),
  );
}

export function accountAccessRoutes(app: FastifyInstance) {
  const users = app.repositories.user;

  routeFrom(
    app,
    endpoints.bulkCreateUsers,
    {
      ...ADMIN_OF_NAMED_ACCOUNT,
      description:
        'Admin in the account. Rows of first_name, last_name, email and role (each role at most your own there). ' +
        'Every row is checked first: any bad row, an e-mail used twice or already taken, answers 400 with one issue ' +
        'per row and field (path rows.{row}.{field}, rows counted from 1) and creates nobody. Otherwise every user ' +
        'is created with the grant and gets the invitation e-mail (outbox).',
      responses: { 400: errorResponse, 403: errorResponse },
    },
    async (request, reply) => {
      const actor = request.user as User;
      const { account, rows } = request.body;
      assertManages(actor, account);
      const own = effectiveRole(actor, account);
      const { valid, issues } = checkBulkUserRows(rows);
      valid.forEach((row, index) => {
        if (!row) return;
        const issue = (field: BulkRowIssue['field'], message: string) =>
          issues.push({ row: index + 1, field, message });
        if (!mayGrant(own, row.role)) issue('role', `You may not grant the ${row.role} role on this account`);
        if (findUserByEmail(app, row.email)) issue('email', messages.api.emailTaken);
      });
      if (issues.length) {
        issues.sort((a, b) => a.row - b.row);
        const bad = new Set(issues.map((i) => i.row)).size;
        throw badRequest(
          `${bad} of ${rows.length} ${rows.length === 1 ? 'row has' : 'rows have'} errors; nobody was created`,
          issues.map((i) => ({ path: bulkIssuePath(i), message: i.message })),
        );
      }
      // Every row is valid: all of them are written, then the invitations go out.
      const created = valid.map((row) => invitedUser({ ...(row as NonNullable<typeof row>), account }));
      for (const user of created) await users.insert(user);
      for (const user of created) await sendLinkEmail(app, { kind: 'invitation', user });
      return reply.code(201).send({ data: created.map(publicUser), count: created.length });
    },
  );

  routeFrom(
    app,
    endpoints.accountGrants,
    {
      ...ADMIN_OF_NAMED_ACCOUNT,
      description:
        "Admin in the account. Each user with an access grant on it (kind 'account'), and the root users who " +
        "belong to it (kind 'root', global: not changed here); own_account marks the users whose own account it is. " +
        "version is the holder's ETag: send it as If-Match with a change of role or a revoke (412 when stale).",
      responses: { 403: errorResponse },
    },
    (request) => {
      assertManages(request.user as User, request.query.account, undefined, messages.access.accountError);
      const data = accountGrants(users.all(), request.query.account);
      return { data, count: data.length };
    },
  );

  routeFrom(
    app,
    endpoints.grantAccess,
    {
      ...ADMIN_OF_NAMED_ACCOUNT,
      description:
        'Admin in the account; the role at most your own there; a user you may see who does not outrank you. ' +
        '409 when the user already has access here (change the role instead) or is yourself.',
      responses: { 400: errorResponse, 403: errorResponse, 409: errorResponse },
    },
    async (request, reply) => {
      const actor = request.user as User;
      const { user: userId, account, role } = request.body;
      assertManages(actor, account, role);
      const target = findUserById(app, userId);
      if (!target || !canAccessAccount(actor, target.account)) throw invalidField('user', 'no such user');
      if (target.id === actor.id) throw invalidField('user', 'You cannot change your own access', 409);
      if (target.account === account || target.access_grants.some((g) => g.id === account))
        throw invalidField('user', 'already has access to this account; change their role instead', 409);
      if (!mayGrant(effectiveRole(actor, account), effectiveRole(target, account)))
        throw new HttpError(403, messages.access.writeRefused);
      const next = {
        ...target,
        access_grants: [...target.access_grants, { id: account, type: 'account' as const, role }],
      };
      await users.replace(next);
      return reply.code(201).send({ data: publicUser(next), count: 1 as const });
    },
  );
}

export const accountAccessPlugin = routePlugin('account-access', accountAccessRoutes);
