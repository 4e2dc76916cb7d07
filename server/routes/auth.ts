/**
 * Sign-in and sign-out (spec §7): POST /api/v1/auth and GET /api/v1/unauth.
 * An unknown e-mail and a wrong password answer the same (status, body) after the same work
 * (one scrypt), so neither the answer nor its timing tells whether an account exists.
 */
import { routePlugin } from '../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../src/shared/messages.ts';
import { errorResponse, loginRequest, loginResponse, type LoginResponse } from '../../src/shared/schemas/index.ts';
import { SuccessResponseSchema } from '../../src/shared/schemas/self-service.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../auth/password.ts';
import type { LoginThrottle } from '../auth/throttle.ts';
import { HttpError, parseOr400, unauthorized } from '../http-errors.ts';
import { asServerWork } from '../store/database.ts';
import type { Repositories } from '../store/repositories.ts';
import { nowIso } from '../sandbox/context.ts';

export function authRoutes(app: FastifyInstance, options: { repositories: Repositories; throttle: LoginThrottle }) {
  const { repositories, throttle } = options;

  const signIn = {
    config: { access: 'public' as const },
    schema: { response: { 200: loginResponse, 401: errorResponse, 429: errorResponse } },
  };
  app.post('/api/v1/auth', signIn, async (request, reply): Promise<LoginResponse> => {
    const { email, password } = parseOr400(loginRequest, request.body);
    const address = request.ip;
    const wait = throttle.retryAfterMs(email, address);
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60_000));
      throw new HttpError(429, messages.auth.tooManyAttempts(minutes), {
        'retry-after': String(Math.ceil(wait / 1000)),
      });
    }
    const user = repositories.user.findBy('email', email)[0];
    // Always one scrypt: against the user's hash, or against a dummy one.
    const hash = user?.password_hash ?? (await DUMMY_HASH_PROMISE);
    const matches = await verifyPassword(password, hash);
    if (!user?.password_hash || !matches) {
      throttle.fail(email, address);
      throw unauthorized(messages.auth.emailOrPasswordInvalid);
    }
    throttle.succeed(email, address);
    if (!user.email_verified) return { success: false, action_required: 'email_verification' };
    // The server's record of the visit, not a change to the data: a demo store stays re-seedable.
    await asServerWork(() => repositories.user.update(user.id, { last_login_at: nowIso() }));
    reply.startSession(user.id);
    return { success: true };
  });

  const signOut = { config: { access: 'public' as const }, schema: { response: { 200: SuccessResponseSchema } } };
  app.get('/api/v1/unauth', signOut, (_request, reply) => {
    reply.endSession();
    return { success: true };
  });
}

export const authPlugin = routePlugin('auth', (app) =>
  authRoutes(app, { repositories: app.repositories, throttle: app.loginThrottle }),
);
