import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../src/shared/schemas/index.ts';

/** GET /api/v1/current-user (spec §3 "Current user"): the signed-in user, never a password hash. */
export function currentUserRoutes(app: FastifyInstance) {
  app.get('/api/v1/current-user', { config: { access: 'authenticated' } }, (request): CurrentUser => {
    // access 'authenticated' guarantees a user.
    return request.user as CurrentUser;
  });
}
