import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../src/shared/schemas/index.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/** GET /api/v1/current-user (spec §3 "Current user"): the signed-in user, never a password hash. */
export function currentUserRoutes(app: FastifyInstance) {
  routeFrom(
    app,
    // The answer's schema shapes it: only the fields it declares go out (server/response-shape.ts).
    endpoints.currentUser,
    { config: { access: 'authenticated' }, description: 'Never a password hash.' },
    (request): CurrentUser => {
      // access 'authenticated' guarantees a user.
      return request.user as CurrentUser;
    },
  );

  // Whether there is a session, without a 401 when there is none: the login page's check.
  routeFrom(
    app,
    endpoints.session,
    {
      config: { access: 'public' },
      description: 'Public; 200 with signed_in false when there is none (no 401), for pages that only need to know.',
    },
    (request) => ({ signed_in: request.user !== null }),
  );
}

export const currentUserPlugin = routePlugin('current-user', currentUserRoutes);
