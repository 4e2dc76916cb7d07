import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StoredUser } from '../../src/shared/schemas/index.ts';

/**
 * The user rows the self-service routes read and write, through the user repository (which keeps
 * its indexes right). E-mails are stored in lower case (the user schema lowers them).
 */
export function findUserById(app: FastifyInstance, id: string): StoredUser | undefined {
  return app.repositories.user.byId(id);
}

export function findUserByEmail(app: FastifyInstance, email: string): StoredUser | undefined {
  return app.repositories.user.findBy('email', email.trim().toLowerCase())[0];
}

export async function updateUser(app: FastifyInstance, id: string, patch: Partial<StoredUser>): Promise<StoredUser> {
  const updated = await app.repositories.user.update(id, patch);
  if (!updated) throw new Error(`No user ${id}`);
  return updated;
}

/** The stored row of the signed-in user (request.user is a copy without the hash), or null. */
export function signedInUser(request: FastifyRequest): StoredUser | null {
  return request.user ? (findUserById(request.server, request.user.id) ?? null) : null;
}
