import { routePlugin } from '../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../src/shared/messages.ts';
import { errorResponse, type StoredUser } from '../../src/shared/schemas/index.ts';
import {
  ChangePasswordBodySchema,
  ForgottenPasswordBodySchema,
  LinkResetBodySchema,
} from '../../src/shared/schemas/self-service.ts';
import { checkLink, linkState } from '../auth/links.ts';
import { isLinkUsed, markLinkUsed } from '../auth/used-links.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { findUserByEmail, findUserById, signedInUser, updateUser } from '../auth/self-service-users.ts';
import { isStrongEnough } from '../auth/strength.ts';
import { badRequest, parseOr400, unauthorized } from '../http-errors.ts';
import { sendLinkEmail } from '../mail/outbox.ts';
import { endpoints } from '../../src/shared/endpoints/index.ts';
import { routeFrom } from './endpoint-route.ts';

/** The reset page carries its secret link in the URL: never send it on as a referrer. */
export const SELF_SERVICE_PAGE_HEADERS = { '/reset-password': { 'referrer-policy': 'no-referrer' } } as const;

export const resetMessages = {
  invalidLink: 'This reset link is not valid. Please ask for a new one.',
  expiredLink: 'This reset link has expired. Please ask for a new one.',
  usedLink: 'This reset link has already been used. Please ask for a new one.',
} as const;

function strengthInputs(user: StoredUser): string[] {
  return [user.email, user.first_name, user.last_name, user.email.split('@')[0] ?? ''];
}

/** The spec also names the camelCase form (userId, newPassword, currentPassword): accept both. */
function snakeCase(body: unknown): Record<string, unknown> {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const renames: Record<string, string> = {
    userId: 'user_id',
    newPassword: 'new_password',
    currentPassword: 'current_password',
  };
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [renames[key] ?? key, value]));
}

/**
 * POST /api/v1/forgotten-password and POST /api/v1/reset-password (spec §7). The new password
 * must reach zxcvbn score 2 here too, whatever the client did.
 */
export function passwordRoutes(app: FastifyInstance) {
  routeFrom(
    app,
    endpoints.forgottenPassword,
    // The spec's form posts form-encoded; sending a reset e-mail is harmless to a forged form.
    { config: { access: 'public', bodyTypes: ['application/x-www-form-urlencoded'] }, handlerParses: true },
    async (request) => {
      const { email } = parseOr400(ForgottenPasswordBodySchema, request.body);
      const user = findUserByEmail(app, email);
      // Same answer for unknown addresses: the call does not tell who has an account.
      if (user) await sendLinkEmail(app, { kind: 'reset-password', user });
      return { success: true as const, message: messages.auth.forgotPasswordSuccess };
    },
  );

  // Public: a reset link needs no session; changing a known password needs one (401 without).
  const reset = { config: { access: 'public' as const }, responses: { 401: errorResponse }, handlerParses: true };
  routeFrom(app, endpoints.resetPassword, reset, async (request, reply) => {
    const body = snakeCase(request.body);
    if ('mac' in body || 'user_id' in body) {
      const input = parseOr400(LinkResetBodySchema, body);
      const user = findUserById(app, input.user_id);
      // A used link's state no longer matches (the password changed): say it was used, not invalid.
      if (user && isLinkUsed(app, input.mac)) throw badRequest(resetMessages.usedLink);
      const verdict = user
        ? checkLink(app.config.linkSecret, input.mac, {
            purpose: 'reset',
            userId: user.id,
            time: input.time,
            state: linkState(user),
          })
        : 'invalid';
      if (!user || verdict === 'invalid') throw badRequest(resetMessages.invalidLink);
      if (verdict === 'expired') throw badRequest(resetMessages.expiredLink);
      if (!isStrongEnough(input.new_password, strengthInputs(user))) {
        throw badRequest(messages.validation.passwordNotStrongEnough);
      }
      await markLinkUsed(app, user.id, input.mac);
      // The link came by e-mail, so following it also proves the address.
      await updateUser(app, user.id, { password_hash: await hashPassword(input.new_password), email_verified: true });
      // Whoever knew the old password is signed out everywhere; this browser is signed in afresh.
      app.sessions.destroyForUser(user.id);
      reply.startSession(user.id);
      return { success: true as const, message: messages.auth.passwordChanged };
    }

    const user = signedInUser(request);
    if (!user) throw unauthorized(messages.auth.signInRequired);
    const input = parseOr400(ChangePasswordBodySchema, body);
    // 400, not 401: a wrong current password must not sign the app out.
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      throw badRequest(messages.auth.changePasswordFallback);
    }
    if (!isStrongEnough(input.new_password, strengthInputs(user))) {
      throw badRequest(messages.validation.passwordNotStrongEnough);
    }
    await updateUser(app, user.id, { password_hash: await hashPassword(input.new_password) });
    // Other sessions of this user end; this one continues under a fresh id.
    app.sessions.destroyForUser(user.id);
    reply.startSession(user.id);
    return { success: true as const, message: messages.auth.passwordChanged };
  });
}

export const passwordPlugin = routePlugin('password', passwordRoutes);
