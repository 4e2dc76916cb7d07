/** A user's grants across accounts, as the user detail page lists them. */
import type { User } from '../../../../shared/schemas/user.ts';

export interface UserGrantLine {
  account: string;
  role: string;
  /** How the role is held. */
  source: 'Own account' | 'Access grant' | 'Root grant' | 'Super admin';
}

export function userGrantLines(user: User): UserGrantLine[] {
  const lines: UserGrantLine[] = [];
  if (user.super_admin) lines.push({ account: '*', role: 'super', source: 'Super admin' });
  for (const grant of user.root_account_access_grants)
    lines.push({ account: grant.id, role: 'root', source: 'Root grant' });
  const own = user.access_grants.find((grant) => grant.id === user.account);
  lines.push({ account: user.account, role: own?.role ?? 'read', source: 'Own account' });
  for (const grant of user.access_grants)
    if (grant.id !== user.account) lines.push({ account: grant.id, role: grant.role, source: 'Access grant' });
  return lines;
}
