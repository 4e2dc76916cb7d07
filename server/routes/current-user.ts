import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../src/shared/schemas/index.ts';
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
}
