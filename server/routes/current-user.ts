import { routePlugin } from '../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../src/shared/schemas/index.ts';
import { sessionState } from '../../src/shared/schemas/auth.ts';
import { currentUser } from '../../src/shared/schemas/user.ts';

/** GET /api/v1/current-user (spec §3 "Current user"): the signed-in user, never a password hash. */
export function currentUserRoutes(app: FastifyInstance) {
  app.get(
    '/api/v1/current-user',
    // The schema shapes the answer: only the fields it declares go out (server/response-shape.ts).
    { config: { access: 'authenticated' }, schema: { response: { 200: currentUser } } },
    (request): CurrentUser => {
      // access 'authenticated' guarantees a user.
      return request.user as CurrentUser;
    },
  );

  // Whether there is a session, without a 401 when there is none: the login page's check.
  app.get(
    '/api/v1/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionState } } },
    (request) => ({ signed_in: request.user !== null }),
  );
}

export const currentUserPlugin = routePlugin('current-user', currentUserRoutes);
