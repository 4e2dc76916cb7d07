/**
 * GET /api/spotlight-auth (spec §3, §7; decisions.md §5), for the signed-in LAMP user:
 *
 *   ?id={user id}&company={account id}
 *       → {success: true, token} when the user's Spotlight user is a member of the account's
 *         company (root users need only a Spotlight user), else {success: false, error_type,
 *         message} with the onboarding error ids: 4 no company, 1 no Spotlight user, 3 not a member.
 *   ?username&external_id&company_name&company_id
 *       → 'Create Spotlight Account': creates the Spotlight user and, where the account has none,
 *         the company, makes the user a member, and answers a token. A user who already has a
 *         Spotlight user outside an existing company (error 3) is not let in this way: an account
 *         manager links them.
 *
 * A query for another user, or for an account the user may not work in, is 403; a malformed one
 * is 400. Onboarding answers are 200: they are the service's normal word, not a fault. A token
 * works for an hour, and only while the session that asked for it lasts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { canAccessAccount, isRootUser } from '../../../src/shared/access.ts';
import { messages } from '../../../src/shared/messages.ts';
import type { User } from '../../../src/shared/schemas/index.ts';
import { errorResponse } from '../../../src/shared/schemas/auth.ts';
import { SPOTLIGHT_ERROR } from '../../../src/shared/spotlight-words.ts';
import {
  spotlightAuthCreateQuery,
  spotlightAuthLinkQuery,
  spotlightAuthResponse,
} from '../../../src/shared/schemas/spotlight.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { badRequest, issuesMessage } from '../../http-errors.ts';
import { routeFrom } from '../endpoint-route.ts';
import { newId, type StoredRow } from '../../store/repositories.ts';
import { SessionStore } from '../../plugins/session.ts';
import { spotlightStore } from './store.ts';
import { spotlightRoleIn } from './guard.ts';
import { isMember, withRole } from './memberships.ts';
import { signSpotlightToken } from './token.ts';
import { nowIso } from '../../sandbox/context.ts';

type Failure = { success: false; error_type: number; message: string };
const failure = (error_type: number, message: string): Failure => ({ success: false, error_type, message });

export function spotlightAuthRoutes(app: FastifyInstance) {
  const store = spotlightStore(app.repositories);

  routeFrom(
    app,
    endpoints.spotlightAuth,
    {
      // A GET that creates accounts (the spec's shape): pages on other sites may not send it.
      config: { access: 'authenticated', sameSiteOnly: true },
      description:
        'Link form (id, company) or create form (username, external_id, company_name, company_id). Onboarding errors answer 200 with success false and error_type 1 (no Spotlight user), 3 (not a member of the company) or 4 (no company yet); another user or a foreign account is 403; bad input 400. The token goes in Authorization: Bearer and expires after 1 hour.',
      responses: { 400: errorResponse, 403: spotlightAuthResponse },
      // The union is checked by hand below, so that the message names the fields of the form used.
      handlerParses: true,
    },
    async (request, reply) => {
      const user = request.user as User;
      const query = request.query as Record<string, unknown>;
      const creating = 'username' in query || 'external_id' in query;
      const parsed = (creating ? spotlightAuthCreateQuery : spotlightAuthLinkQuery).safeParse(query);
      if (!parsed.success) throw badRequest(issuesMessage(parsed.error) || 'Invalid Spotlight auth query');
      const userId = 'external_id' in parsed.data ? parsed.data.external_id : parsed.data.id;
      const accountId = 'company_id' in parsed.data ? parsed.data.company_id : parsed.data.company;
      if (userId !== user.id) return deny(reply, failure(SPOTLIGHT_ERROR.foreign, messages.spotlight.otherUser));
      const root = isRootUser(user);
      if (!canAccessAccount(user, accountId) || (!root && accountId !== user.account))
        return deny(reply, failure(SPOTLIGHT_ERROR.foreign, messages.spotlight.foreignCompany));
      const account = app.repositories.account.byId(accountId);
      if (!account) return deny(reply, failure(SPOTLIGHT_ERROR.foreign, messages.spotlight.foreignCompany));
      if (!account.feature_flags.spotlight_access) return failure(SPOTLIGHT_ERROR.noAccess, messages.access.userError);

      let company = store.companyOfAccount(account.id);
      const spotlightUser = store.userOf(user.id);
      const member = (row: StoredRow | undefined) => !!company && isMember(row, company.id);
      // Tied to this session: signing out (or the session ending) revokes the token.
      const session = SessionStore.reference(request.sessionId as string);
      const token = () => ({
        success: true as const,
        token: signSpotlightToken(app.config.linkSecret, user.id, session),
        role: spotlightRoleIn(store.userOf(user.id), company?.id ?? '', root) ?? undefined,
      });

      if (!creating) {
        if (!company) return failure(SPOTLIGHT_ERROR.noCompany, messages.spotlight.noCompany);
        if (!spotlightUser) return failure(SPOTLIGHT_ERROR.noUser, messages.spotlight.noUser);
        if (!member(spotlightUser) && !root) {
          request.log.warn({ user: user.id, account: account.id }, messages.spotlight.notMemberWarning(account.name));
          return failure(SPOTLIGHT_ERROR.notMember, messages.spotlight.notMember);
        }
        return token();
      }

      const input = spotlightAuthCreateQuery.parse(query);
      if (member(spotlightUser)) return token();
      if (company && spotlightUser && !root) {
        request.log.warn({ user: user.id, account: account.id }, messages.spotlight.notMemberWarning(account.name));
        return failure(SPOTLIGHT_ERROR.notMember, messages.spotlight.notMember);
      }
      const at = nowIso();
      // Whoever opens the company for the account manages it; later members start as editors.
      const opening = !company;
      if (!company) {
        company = await store.companies.insert({
          id: newId(),
          account: account.id,
          name: input.company_name,
          created_at: at,
        });
      }
      const companyId = company.id;
      const role = opening ? 'manager' : 'editor';
      if (spotlightUser) {
        await store.users.update(spotlightUser.id, {
          memberships: withRole(spotlightUser, companyId, role),
          updated_at: at,
        });
      } else {
        await store.users.insert({
          id: newId(),
          username: input.username,
          external_id: user.id,
          memberships: [{ company: companyId, role }],
          created_at: at,
        });
      }
      return { ...token(), message: messages.spotlight.userCreated };
    },
  );
}

function deny(reply: FastifyReply, body: Failure) {
  return reply.code(403).send(body);
}
