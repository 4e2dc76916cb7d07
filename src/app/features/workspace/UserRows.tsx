/** The cells and row actions of /users that its two tables (the account's users, its guests) share. */
import type { User } from '../../../shared/schemas/user.ts';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import { fullName, RowAction, type Person } from '../../shared/people.tsx';

export const userStatus = (u: User) => (u.last_login_at ? 'Active' : u.email_verified ? 'Pending' : 'Invited');

export function StatusBadge({ user }: { user: User }) {
  return <Badge className={user.last_login_at ? STATUS_TONES.success : STATUS_TONES.other}>{userStatus(user)}</Badge>;
}

/** A row's actions on a person: side by side, stacked on a phone; the person's name for screen readers. */
export function PersonActions({
  person,
  onChangeRole,
  onRemove,
}: {
  person: Person;
  onChangeRole: () => void;
  onRemove: () => void;
}) {
  return (
    <span className="inline-flex flex-col items-end gap-1 whitespace-nowrap sm:flex-row sm:gap-3">
      <RowAction label="Change role" what={`of ${fullName(person)}`} onPress={onChangeRole} />
      <RowAction label="Remove" what={fullName(person)} danger onPress={onRemove} />
    </span>
  );
}

/** The name, with the e-mail under it on a phone (where the e-mail column is hidden). */
export function NameCell({ person, email }: { person: Person; email: string }) {
  return (
    <span className="block min-w-0">
      <span className="font-medium">{fullName(person)}</span>
      <span className="block text-xs [overflow-wrap:anywhere] text-slate-500 sm:hidden">{email}</span>
    </span>
  );
}
