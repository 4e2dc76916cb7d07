import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { errorResponse } from '../../../src/shared/schemas/index.ts';
import { UpdateCurrentUserBodySchema } from '../../../src/shared/schemas/self-service.ts';
import { announceEmailChange, emailInUse, stageEmailChange } from '../../auth/email-change.ts';
import { signedInUser, updateUser } from '../../auth/self-service-users.ts';
import { emailTaken, parseOr400, unauthorized } from '../../http-errors.ts';
import { publicUser } from '../../plugins/session.ts';
import { messages } from '../../../src/shared/messages.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/**
 * POST /api/v1/user/update-current-user (spec §7): the signed-in user's own names, e-mail and
 * marketing-consent answers. Any other field is refused with 400 (strict schema), so nobody can
 * grant themselves a role or another account through this call.
 */
export function profileRoutes(app: FastifyInstance) {
  const options = {
    config: { access: 'authenticated' as const },
    responses: { 409: errorResponse },
    handlerParses: true,
  };
  routeFrom(app, endpoints.updateCurrentUser, options, async (request) => {
    const user = signedInUser(request);
    if (!user) throw unauthorized(messages.auth.signInRequired);
    const changes = parseOr400(UpdateCurrentUserBodySchema, request.body ?? {});
    // A new address waits for its confirmation link; the current one stays the login till then.
    const email: { email: string; pending_email?: string | null } = { email: changes.email ?? user.email };
    const pending = stageEmailChange(email, user);
    if (pending && emailInUse(app, pending, user.id)) throw emailTaken();
    const updated = await updateUser(app, user.id, {
      ...changes,
      email: email.email,
      pending_email: email.pending_email,
    });
    if (pending) await announceEmailChange(app, updated, pending);
    return publicUser(updated);
  });
}

export const profilePlugin = routePlugin('profile', profileRoutes);
