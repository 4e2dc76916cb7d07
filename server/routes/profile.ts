import type { FastifyInstance } from 'fastify';
import { errorResponse } from '../../src/shared/schemas/index.ts';
import { UpdateCurrentUserBodySchema } from '../../src/shared/schemas/self-service.ts';
import { currentUser } from '../../src/shared/schemas/user.ts';
import { findUserByEmail, signedInUser, updateUser } from '../auth/self-service-users.ts';
import { emailTaken, parseOr400, unauthorized } from '../http-errors.ts';
import { sendLinkEmail } from '../mail/outbox.ts';
import { publicUser } from '../plugins/session.ts';
import { messages } from '../../src/shared/messages.ts';

/**
 * POST /api/v1/user/update-current-user (spec §7): the signed-in user's own names, e-mail and
 * marketing-consent answers. Any other field is refused with 400 (strict schema), so nobody can
 * grant themselves a role or another account through this call.
 */
export function profileRoutes(app: FastifyInstance) {
  const schema = { response: { 200: currentUser, 409: errorResponse } };
  app.post('/api/v1/user/update-current-user', { config: { access: 'authenticated' }, schema }, async (request) => {
    const user = signedInUser(request);
    if (!user) throw unauthorized(messages.auth.signInRequired);
    const changes = parseOr400(UpdateCurrentUserBodySchema, request.body ?? {});
    const emailChanged = changes.email !== undefined && changes.email !== user.email;
    if (emailChanged && findUserByEmail(app, changes.email as string)) {
      throw emailTaken();
    }
    // A new address must be confirmed (login link) before it can be used to sign in.
    const updated = await updateUser(app, user.id, emailChanged ? { ...changes, email_verified: false } : changes);
    if (emailChanged) await sendLinkEmail(app, { kind: 'login-link', user: updated });
    return publicUser(updated);
  });
}
