/**
 * Minted sessions (test control: demo and test modes, this machine or the token; 404 in
 * production, where the route is not registered at all).
 *
 *   POST /api/v1/testing/sessions   {email} or {user_id}: a session for that user, in the sandbox
 *
 * A sign-in verifies the password with scrypt, which is slow on purpose (hundreds of ms, seconds
 * on a loaded machine); a test that only needs to be signed in skips it. The session is an
 * ordinary one of the request's sandbox (same cookie, lifetimes and clock), so it ends with the
 * sandbox. The default state is refused: its sessions are written to the data file, and a demo
 * that hands out sessions without a password is not one anybody should share.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { errorResponse } from '../../../src/shared/schemas/index.ts';
import { SANDBOX_HEADER } from '../../../src/shared/schemas/sandbox.ts';
import { findUserByEmail, findUserById } from '../../auth/self-service-users.ts';
import { isDemoLike } from '../../config.ts';
import { badRequest, notFound } from '../../http-errors.ts';
import { SESSION_COOKIE, SESSION_MAX_MS } from '../../plugins/session.ts';
import { now } from '../../sandbox/context.ts';
import { DEFAULT_SANDBOX } from '../../sandbox/scope.ts';
import { routeFrom } from '../endpoint-route.ts';

export const MINT_NEEDS_SANDBOX = `A minted session lives in a sandbox: name one with the ${SANDBOX_HEADER} header (or the lamp_sandbox cookie)`;

export function testSessionRoutes(app: FastifyInstance): void {
  if (!isDemoLike(app.config)) return;

  routeFrom(
    app,
    endpoints.mintSession,
    {
      description:
        "Signs a user of the request's sandbox in without the password: an ordinary session (cookie, 12 h idle and " +
        '7 days at most, on the sandbox clock), set as the lamp_session cookie and returned in the answer for clients ' +
        'without a cookie jar. Name the user by email or user_id. Refused (400) outside a sandbox; 404 for a user ' +
        'the sandbox does not have.',
      responses: { 400: errorResponse, 404: errorResponse },
    },
    async (request, reply) => {
      if (request.sandbox === DEFAULT_SANDBOX) throw badRequest(MINT_NEEDS_SANDBOX);
      const { email, user_id: id } = request.body;
      const user = id !== undefined ? findUserById(app, id) : findUserByEmail(app, email ?? '');
      if (!user) throw notFound(id !== undefined ? `No user has the id ${id}` : `No user has the e-mail ${email}`);
      reply.startSession(user.id);
      return reply.code(201).send({
        sandbox: request.sandbox,
        user_id: user.id,
        email: user.email,
        cookie: { name: SESSION_COOKIE, value: request.sessionId ?? '' },
        expires_at: new Date(now() + SESSION_MAX_MS).toISOString(),
      });
    },
  );
}

export const testSessionsPlugin = routePlugin('test-sessions', testSessionRoutes);
