/**
 * A changed e-mail address. The address a user signs in with is also where reset and
 * login links go, so whoever sets it could take the account over: a new address therefore waits
 * in `pending_email` until a link sent to it is followed, and until then `email` stays as it was.
 * Signing in, asking a reset or being sent any link at the new address does nothing for it. The
 * link (GET /api/v1/login-link with e = the new address) makes it the e-mail; the old address is
 * told at once. Who may make the change at all is canChangeSignIn (src/shared/access.ts).
 *
 * Chosen over "change it now and mark it unverified": a reset link to an unverified address would
 * still hand the account to whoever holds that address, and a mistyped address would lock the
 * user out; keeping the old address as the login avoids both.
 */
import type { FastifyInstance } from 'fastify';
import type { StoredUser } from '../../src/shared/schemas/index.ts';
import { sendLinkEmail } from '../mail/outbox.ts';

interface EmailFields {
  email: string;
  pending_email?: string | null;
}

/**
 * Moves a newly submitted address of `row` (compared with `current`, the stored user) to
 * `pending_email`, keeping the current e-mail; returns the address now pending, or null when the
 * e-mail did not change. Submitting the current address leaves a pending change as it was.
 */
export function stageEmailChange(row: EmailFields, current: EmailFields): string | null {
  const submitted = row.email;
  row.email = current.email;
  row.pending_email = current.pending_email ?? null;
  if (submitted === current.email) return null;
  row.pending_email = submitted;
  return submitted;
}

/** The two e-mails of a change: the confirmation link to the new address, the notice to the old. */
export async function announceEmailChange(app: FastifyInstance, user: StoredUser, newEmail: string): Promise<void> {
  await sendLinkEmail(app, { kind: 'email-change', user: { ...user, email: newEmail } });
  await sendLinkEmail(app, { kind: 'email-change-notice', user, newEmail });
}

/** Whether another user signs in with this address (a pending address of theirs does not count). */
export function emailInUse(app: FastifyInstance, email: string, self: string): boolean {
  return app.repositories.user.findBy('email', email).some((other) => other.id !== self);
}
