import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { errorResponse, type StoredUser } from '../../../src/shared/schemas/index.ts';
import {
  ChangePasswordBodySchema,
  ForgottenPasswordBodySchema,
  LinkResetBodySchema,
} from '../../../src/shared/schemas/self-service.ts';
import { checkLink, linkState } from '../../auth/links.ts';
import { isLinkUsed, markLinkUsed } from '../../auth/used-links.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { findUserByEmail, findUserById, signedInUser, updateUser } from '../../auth/self-service-users.ts';
import { isStrongEnough } from '../../auth/strength.ts';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from '../../auth/throttle.ts';
import { badRequest, HttpError, parseOr400, unauthorized } from '../../http-errors.ts';
import { currentSandbox, now } from '../../sandbox/context.ts';
import { sendLinkEmail } from '../../mail/outbox.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

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

/** Reset e-mails one address receives in an hour, however many times it is asked for. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * The throttles of this module, kept per test sandbox (a reset forgets them) with the login
 * throttle's mechanism (server/auth/throttle.ts), each in its own table: reset e-mails sent per
 * address, counted over an hour; wrong current passwords per user, and per user and client address,
 * with the sign-in limits (a stolen session must not guess the password faster than the sign-in
 * form lets anyone).
 */
function throttles(app: FastifyInstance) {
  const table = () => {
    const tables = app.sandboxScope.perSandbox(() => new Map<string, number[]>());
    return () => tables.get(currentSandbox());
  };
  const perAddress = RESET_MAILS_PER_HOUR;
  return {
    resetMails: new LoginThrottle(
      {
        windowMs: 60 * 60 * 1000,
        perEmail: perAddress,
        perEmailAndAddress: perAddress,
        perAddress: Infinity,
        perAddressCeiling: Infinity,
      },
      now,
      table(),
    ),
    currentPassword: new LoginThrottle(DEFAULT_THROTTLE_LIMITS, now, table()),
  };
}

/** A 429 with the wait in Retry-After (seconds) and the message in minutes, as sign-in answers it. */
function tooMany(wait: number, message: (minutes: number) => string): HttpError {
  return new HttpError(429, message(Math.max(1, Math.ceil(wait / 60_000))), {
    'retry-after': String(Math.ceil(wait / 1000)),
  });
}

/**
 * POST /api/v1/forgotten-password and POST /api/v1/reset-password (spec §7). The new password
 * must reach zxcvbn score 2 here too, whatever the client did.
 */
export function passwordRoutes(app: FastifyInstance) {
  const throttle = throttles(app);
  routeFrom(
    app,
    endpoints.forgottenPassword,
    {
      // The spec's form posts form-encoded; a form from a page on another site is refused
      // (server/plugins/access.ts), as a JSON post from one is by the browser's preflight.
      config: { access: 'public', bodyTypes: ['application/x-www-form-urlencoded'] },
      description: `Answers the same whether or not the address has an account. An address gets at most ${RESET_MAILS_PER_HOUR} reset e-mails an hour; past that the answer stays the same and no e-mail is sent.`,
      handlerParses: true,
    },
    async (request) => {
      const { email } = parseOr400(ForgottenPasswordBodySchema, request.body);
      const user = findUserByEmail(app, email);
      // Same answer for unknown addresses, and for an address that has had its e-mails this hour:
      // the call tells neither who has an account nor who is being flooded.
      if (user && throttle.resetMails.retryAfterMs(user.email, '') === 0) {
        throttle.resetMails.fail(user.email, '');
        await sendLinkEmail(app, { kind: 'reset-password', user });
      }
      return { success: true as const, message: messages.auth.forgotPasswordSuccess };
    },
  );

  // Public: a reset link needs no session; changing a known password needs one (401 without).
  const reset = {
    config: { access: 'public' as const },
    description:
      'A signed-in change of password: wrong current passwords are throttled per user as sign-in is (429 with Retry-After).',
    responses: { 401: errorResponse, 429: errorResponse },
    handlerParses: true,
  };
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
      // The link's user makes these changes (the audit trail's actor).
      request.linkUser = user;
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
    const address = request.ip;
    const wait = throttle.currentPassword.retryAfterMs(user.id, address);
    if (wait > 0) throw tooMany(wait, messages.auth.tooManyPasswordGuesses);
    // 400, not 401: a wrong current password must not sign the app out.
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      throttle.currentPassword.fail(user.id, address);
      throw badRequest(messages.auth.changePasswordFallback);
    }
    throttle.currentPassword.succeed(user.id, address);
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
