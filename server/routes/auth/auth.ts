/**
 * Sign-in and sign-out (spec §7): POST /api/v1/auth, and POST /api/v1/unauth (the app's) beside the
 * spec's GET /api/v1/unauth.
 * An unknown e-mail and a wrong password answer the same (status, body) after the same work
 * (one scrypt), so neither the answer nor its timing tells whether an account exists.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { errorResponse, loginRequest, type LoginResponse } from '../../../src/shared/schemas/index.ts';
import { dummyHash, verifyPassword } from '../../auth/password.ts';
import { InFlightLimit } from '../../auth/in-flight.ts';
import type { LoginThrottle } from '../../auth/throttle.ts';
import { HttpError, parseOr400, unauthorized } from '../../http-errors.ts';
import { asServerWork } from '../../store/database.ts';
import { StoreFullError } from '../../store/disk-errors.ts';
import type { Repositories } from '../../store/repositories.ts';
import { nowIso } from '../../sandbox/context.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

export function authRoutes(app: FastifyInstance, options: { repositories: Repositories; throttle: LoginThrottle }) {
  const { repositories, throttle } = options;
  const inFlight = new InFlightLimit();
  // Ready before the first sign-in with an unknown e-mail, which must not cost two hashes.
  dummyHash().catch((error: unknown) => app.log.error({ err: error }, 'the dummy password hash failed'));

  const signIn = {
    config: { access: 'public' as const },
    description:
      'Sets the lamp_session cookie (HttpOnly, SameSite=Lax, Secure over HTTPS). Throttled: 429 with a message and Retry-After (repeated failures, or too many sign-ins at once from one address); 503 with Retry-After when password hashing is busy.',
    responses: { 401: errorResponse, 429: errorResponse, 503: errorResponse },
    handlerParses: true,
  };
  routeFrom(app, endpoints.signIn, signIn, async (request, reply): Promise<LoginResponse> => {
    const { email, password } = parseOr400(loginRequest, request.body);
    const address = request.ip;
    const wait = throttle.retryAfterMs(email, address);
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60_000));
      throw new HttpError(429, messages.auth.tooManyAttempts(minutes), {
        'retry-after': String(Math.ceil(wait / 1000)),
      });
    }
    // Per address (and sandbox, so parallel test workers on one machine never meet), before any
    // hashing and before the e-mail is looked up: the same answer whether the account exists.
    const place = `${request.sandbox}\u0000${address}`;
    const turn = inFlight.enter(place);
    if (!turn) throw new HttpError(429, messages.auth.tooManyAtOnce, { 'retry-after': '1' });
    await turn;
    const { user, matches } = await inFlight.holding(place, async () => {
      const found = repositories.user.findBy('email', email)[0];
      // Always one scrypt: against the user's hash, or against a dummy one.
      const hash = found?.password_hash ?? (await dummyHash());
      return { user: found, matches: await verifyPassword(password, hash) };
    });
    if (!user?.password_hash || !matches) {
      throttle.fail(email, address);
      throw unauthorized(messages.auth.emailOrPasswordInvalid);
    }
    throttle.succeed(email, address);
    if (!user.email_verified) return { success: false, action_required: 'email_verification' };
    // The server's record of the visit, not a change to the data: a demo store stays re-seedable.
    // A full disk does not keep people out: the stamp is left for the next sign-in (the session
    // itself is kept and written once there is space: server/store/store-file.ts).
    await asServerWork(() => repositories.user.update(user.id, { last_login_at: nowIso() })).catch((error: unknown) => {
      if (!(error instanceof StoreFullError)) throw error;
      request.log.warn('sign-in: the last-login time was not saved, the disk is full');
    });
    reply.startSession(user.id);
    return { success: true };
  });

  const endSession = (_request: unknown, reply: FastifyReply) => {
    reply.endSession();
    return { success: true as const };
  };
  const signOut = {
    config: { access: 'public' as const },
    description:
      'Ends the session; the old cookie then gets 401. A request from a page on another site (its Origin) is refused with 403.',
    responses: { 403: errorResponse },
  };
  routeFrom(app, endpoints.signOut, signOut, endSession);
  // The spec's GET stays for clients that follow it, but a link or an image on any site would
  // sign the user out with it: a cross-site navigation (Sec-Fetch-Site, or a foreign Origin) is
  // refused. Scripts, which send neither header, still sign out with it.
  const signOutByGet = {
    config: { access: 'public' as const, sameSiteOnly: true },
    description:
      'Ends the session, as POST does; kept for compatibility. Refused (403) from a page on another site: a link or an image there must not sign anyone out.',
    responses: { 403: errorResponse },
  };
  routeFrom(app, endpoints.signOutByGet, signOutByGet, endSession);
}

export const authPlugin = routePlugin('auth', (app) =>
  authRoutes(app, { repositories: app.repositories, throttle: app.loginThrottle }),
);
