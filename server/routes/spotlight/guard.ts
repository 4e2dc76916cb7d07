/**
 * What every /api/spotlight call checks, before its body is read (decisions.md §5):
 *
 *   1. the token (`Authorization: Bearer …`): missing, forged, expired, or its session ended → 401;
 *   2. the company: `X-Switched-Company` names a LAMP account (else the user's own account); the
 *      user must be allowed in it, and a non-root user only in their own account (spec §4) → 403;
 *   3. the account has spotlight_access and a Spotlight company → 403;
 *   4. the user's Spotlight user is a member of that company, or the user is root → 403;
 *   5. the route's permission (of the LAMP effective role in that account) → 403;
 *   6. for a study or asset write, the Spotlight permission of the user's role in that company's
 *      membership (a role of another company's membership never counts) → 403
 *      (both tables are src/shared/access.ts).
 *
 * Every failure answers before anything is read or written, so nothing changes.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  canAccessAccount,
  effectiveRole,
  isRootUser,
  roleMeets,
  type Permission,
  type Role,
} from '../../../src/shared/access.ts';
import { messages } from '../../../src/shared/messages.ts';
import { SWITCHED_COMPANY_HEADER } from '../../../src/shared/http-headers.ts';
import type { Account, User } from '../../../src/shared/schemas/index.ts';
import { objectId } from '../../../src/shared/schemas/index.ts';
import { badRequest, forbidden, unauthorized } from '../../http-errors.ts';
import type { StoredRow } from '../../store/repositories.ts';
import { spotlightStore } from './store.ts';
import { checkSpotlightToken } from './token.ts';
import { roleIn } from './memberships.ts';
import { canSpotlight, type SpotlightPermission, type SpotlightRole } from '../../../src/shared/spotlight-rules.ts';

/**
 * What a Spotlight route needs beyond opening the account: a LAMP permission there, and for a
 * study or asset write a Spotlight permission.
 */
export interface SpotlightNeed {
  permission?: Permission;
  spotlight?: SpotlightPermission;
}

export interface SpotlightContext {
  user: User;
  account: Account;
  role: Role;
  root: boolean;
  /** The Spotlight company of the account. */
  company: StoredRow;
  /** The user's Spotlight user (root users may have none). */
  spotlightUser: StoredRow | null;
  /** The user's Spotlight role in this company. */
  spotlightRole: SpotlightRole;
}

/**
 * The user's role in this company: their membership's role there, never one of another company's
 * memberships; a root user who is not a member manages. Null: no way in.
 */
export function spotlightRoleIn(
  spotlightUser: StoredRow | null | undefined,
  companyId: string,
  root: boolean,
): SpotlightRole | null {
  return roleIn(spotlightUser, companyId) ?? (root ? 'manager' : null);
}

declare module 'fastify' {
  interface FastifyRequest {
    spotlight: SpotlightContext | null;
  }
}

export function spotlightContext(request: FastifyRequest): SpotlightContext {
  if (!request.spotlight) throw unauthorized(messages.spotlight.tokenMissing);
  return request.spotlight;
}

export function decorateSpotlight(app: FastifyInstance) {
  app.decorateRequest('spotlight', null);
}

/** The checks above as a route's onRequest hook; `need` is what the route needs beyond the account. */
export function spotlightGuard(app: FastifyInstance, need: SpotlightNeed = {}): onRequestHookHandler {
  const store = spotlightStore(app.repositories);
  return (request, _reply, done) => {
    try {
      const check = checkSpotlightToken(app.config.linkSecret, request.headers.authorization);
      if (check.status === 'missing') throw unauthorized(messages.spotlight.tokenMissing);
      if (check.status !== 'valid') throw unauthorized(messages.spotlight.tokenExpired);
      if (!app.sessions.isLive(check.claims.sid, check.claims.sub)) throw unauthorized(messages.spotlight.tokenExpired);
      const user = app.repositories.user.byId(check.claims.sub) as User | undefined;
      if (!user) throw unauthorized(messages.spotlight.tokenExpired);
      const header = request.headers[SWITCHED_COMPANY_HEADER];
      const requested = (Array.isArray(header) ? header[0] : header)?.trim() || user.account;
      const parsed = objectId.safeParse(requested);
      if (!parsed.success) throw badRequest(`X-Switched-Company: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      const root = isRootUser(user);
      if (!canAccessAccount(user, parsed.data) || (!root && parsed.data !== user.account))
        throw forbidden(messages.spotlight.foreignCompany);
      const account = app.repositories.account.byId(parsed.data);
      if (!account) throw forbidden(messages.spotlight.foreignCompany);
      if (!account.feature_flags.spotlight_access) throw forbidden(messages.access.userError);
      const company = store.companyOfAccount(account.id);
      if (!company) throw forbidden(messages.spotlight.noCompany);
      const spotlightUser = store.userOf(user.id) ?? null;
      const spotlightRole = spotlightRoleIn(spotlightUser, company.id, root);
      if (!spotlightRole) throw forbidden(messages.access.spotlightNoAccess);
      const effective = effectiveRole(user, account.id);
      if (!roleMeets({ permission: need.permission }, effective)) throw forbidden(messages.access.accountError);
      if (need.spotlight && !canSpotlight(spotlightRole, need.spotlight)) throw forbidden(messages.access.writeRefused);
      request.spotlight = { user, account, role: effective, root, company, spotlightUser, spotlightRole };
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}
