/**
 * Test control (demo and test modes only; 404 in production):
 *
 *   POST /api/v1/testing/reset   restores every collection to the fixtures, forgets login
 *                                throttling, and answers {success: true}. Sessions survive (the
 *                                personas' ids are stable), so a signed-in test can reset and go on.
 *
 * Browser tests that change data call it first (or create their own rows).
 */
import type { FastifyInstance } from 'fastify';
import { SuccessResponseSchema } from '../../src/shared/schemas/self-service.ts';

export function testingRoutes(app: FastifyInstance) {
  const schema = { response: { 200: SuccessResponseSchema } };
  app.post('/api/v1/testing/reset', { config: { access: 'test-control' }, schema }, async () => {
    await app.db.reset();
    app.loginThrottle.clear();
    return { success: true };
  });
}
