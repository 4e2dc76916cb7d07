/**
 * The self-service calls of lamp-spec.md §7, on the app's API client. Request bodies follow the
 * §7 table (snake_case); the forms hand over their own payloads (currentPassword, newPassword).
 */
import { call } from '../../../lib/api.ts';
import type { UpdateCurrentUserBody } from '../../../shared/schemas/self-service.ts';
import type { PasswordPayload } from './password/PasswordForm.tsx';

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
  await call('/api/v1/reset-password', {
    method: 'POST',
    body: { current_password: payload.currentPassword, new_password: payload.newPassword },
  });
}

export async function resetPasswordWithLink(link: LinkParams, newPassword: string): Promise<void> {
  await call('/api/v1/reset-password', {
    method: 'POST',
    body: { mac: link.m, time: Number(link.t), user_id: link.u, new_password: newPassword },
  });
}

export async function verifyLoginLink(link: LinkParams): Promise<void> {
  await call('/api/v1/login-link', { query: { m: link.m, u: link.u, t: link.t, e: link.e } });
}

export async function updateCurrentUser(changes: UpdateCurrentUserBody): Promise<void> {
  await call('/api/v1/user/update-current-user', { method: 'POST', body: changes });
}
