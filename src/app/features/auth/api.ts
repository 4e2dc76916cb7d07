/**
 * The self-service calls of lamp-spec.md §7, on the app's API client. Request bodies follow the
 * §7 table (snake_case); the forms hand over their own payloads (currentPassword, newPassword).
 */
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import type { UpdateCurrentUserBody } from '../../../shared/schemas/self-service.ts';
import type { PasswordPayload } from './password/usePasswordForm.ts';

export interface LinkParams {
  m: string;
  u: string;
  t: string;
  e?: string;
}

/** Reads m, u, t (and e) from a page's query; null when one is missing. */
export function readLinkParams(search: string, withEmail: boolean): LinkParams | null {
  const query = new URLSearchParams(search);
  const m = query.get('m');
  const u = query.get('u');
  const t = query.get('t');
  const e = query.get('e');
  if (!m || !u || !t || (withEmail && !e)) return null;
  return withEmail ? { m, u, t, e: e as string } : { m, u, t };
}

export async function changePassword(payload: PasswordPayload): Promise<void> {
  await callEndpoint('resetPassword', {
    // The change form always sends the current password (only the reset-by-link form has none).
    body: { current_password: payload.currentPassword as string, new_password: payload.newPassword },
  });
}

export async function resetPasswordWithLink(link: LinkParams, newPassword: string): Promise<void> {
  await callEndpoint('resetPassword', {
    body: { mac: link.m, time: Number(link.t), user_id: link.u, new_password: newPassword },
  });
}

export async function verifyLoginLink(link: LinkParams): Promise<void> {
  await callEndpoint('loginLink', { query: { m: link.m, u: link.u, t: link.t, e: link.e ?? '' } });
}

export async function updateCurrentUser(changes: UpdateCurrentUserBody): Promise<void> {
  await callEndpoint('updateCurrentUser', { body: changes });
}
