import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { LoginLinkQuerySchema } from '../../../src/shared/schemas/self-service.ts';
import { checkLink, linkState } from '../../auth/links.ts';
import { isLinkUsed, markLinkUsed } from '../../auth/used-links.ts';
import { emailInUse } from '../../auth/email-change.ts';
import { findUserById, updateUser } from '../../auth/self-service-users.ts';
import { badRequest } from '../../http-errors.ts';
import { nowIso } from '../../sandbox/context.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/**
 * GET /api/v1/login-link?m&u&t&e: the link of a verification or invitation e-mail. A valid link
 * (24 hours; MAC over user, time, e-mail and the user's state, server/auth/links.ts) marks the
 * address verified and signs the user in, once: a followed link is spent.
 * A link to the user's pending address (an e-mail change, server/auth/email-change.ts) makes that
 * address their e-mail first. Every failure gives the same message: the page shows the spec's
 * text anyway.
 */
export function loginLinkRoutes(app: FastifyInstance) {
  // The handler parses the link itself: any bad part gets the same message.
  // A GET that writes (the spec's shape): its changes go into the audit trail (changesState).
  const options = { config: { access: 'public' as const, changesState: true }, handlerParses: true };
  routeFrom(app, endpoints.loginLink, options, async (request, reply) => {
    const parsed = LoginLinkQuerySchema.safeParse(request.query);
    if (!parsed.success) throw badRequest(messages.auth.loginLinkFailed);
    const { m, u, t, e } = parsed.data;
    const user = findUserById(app, u);
    const email = e.trim().toLowerCase();
    const confirmsChange = Boolean(user?.pending_email) && user?.pending_email === email;
    if (!user || (user.email !== email && !confirmsChange)) throw badRequest(messages.auth.loginLinkFailed);
    const claims = { purpose: 'login' as const, userId: u, time: t, email, state: linkState(user) };
    if (checkLink(app.config.linkSecret, m, claims) !== 'valid' || isLinkUsed(app, m)) {
      throw badRequest(messages.auth.loginLinkFailed);
    }
    if (confirmsChange && emailInUse(app, email, user.id)) throw badRequest(messages.signIn.emailNoLongerFree);
    // The link's user made these changes (the audit trail's actor).
    request.linkUser = user;
    await markLinkUsed(app, user.id, m);
    const change = confirmsChange ? { email, pending_email: null } : {};
    await updateUser(app, user.id, { ...change, email_verified: true, last_login_at: nowIso() });
    reply.startSession(user.id);
    return { success: true as const };
  });
}

export const loginLinkPlugin = routePlugin('login-link', loginLinkRoutes);
