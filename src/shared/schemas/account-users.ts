/**
 * The users area of an account (spec §2 /users, §6 admin): invite a user, change their role in
 * the account, remove their access. Roles given here are the account roles (read, write, admin);
 * root and super are not account grants.
 */
import { z } from 'zod';
import { objectId } from './common.ts';
import { email, userRow } from './user.ts';

export const ACCOUNT_ROLES = ['read', 'write', 'admin'] as const;
export const accountRole = z.enum(ACCOUNT_ROLES);

export const inviteUserBody = z.strictObject({
  account: objectId,
  first_name: userRow.shape.first_name,
  last_name: userRow.shape.last_name,
  email,
  role: accountRole,
});
export type InviteUserBody = z.infer<typeof inviteUserBody>;

export const accountUserRoleBody = z.strictObject({ user: objectId, account: objectId, role: accountRole });
export const accountUserQuery = z.strictObject({ user: objectId, account: objectId });
