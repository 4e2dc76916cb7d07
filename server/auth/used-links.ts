import type { FastifyInstance } from 'fastify';
import { newId } from '../store/repositories.ts';
import { nowIso } from '../sandbox/context.ts';

/**
 * MACs of links already followed, so that a reset link and a login link each work once
 * (decisions.md §3, extended to login links). A record outlives its link's expiry harmlessly.
 */
export const USED_LINK_COLLECTION = 'used-link';

function repository(app: FastifyInstance) {
  return app.repositories.collection(USED_LINK_COLLECTION, null);
}

export function isLinkUsed(app: FastifyInstance, mac: string): boolean {
  return repository(app).findBy('mac', mac.toLowerCase()).length > 0;
}

export async function markLinkUsed(app: FastifyInstance, userId: string, mac: string): Promise<void> {
  await repository(app).insert({
    id: newId(),
    created_at: nowIso(),
    account: null,
    user: userId,
    mac: mac.toLowerCase(),
  });
}
