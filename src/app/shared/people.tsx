/**
 * How the user pages name people and roles, and the parts their rows share: /users, /admin/users,
 * /admin/users/create and /admin/access (their forms' role field is RoleChoice.tsx, apart, so that
 * a list of people does not load the form controls' code). The roles a form offers are the ones
 * the viewer may grant (src/shared/access.ts); the server refuses any other.
 */
import { grantableRoles, type AccountRole, type Role } from '../../shared/access.ts';
import { capitalise } from '../routes/index.ts';

export interface Person {
  first_name: string;
  last_name: string;
}

export const fullName = (person: Person) => `${person.first_name} ${person.last_name}`;

export const roleName = (role: string) => capitalise(role);

export interface RoleOption {
  id: AccountRole;
  name: string;
}

/** The roles a viewer hands out here: up to their own, never root or super (those are global). */
export const roleOptions = (actor: Role): RoleOption[] =>
  grantableRoles(actor).map((id) => ({ id, name: roleName(id) }));

/**
 * A text button on a person's row ('Change role', 'Remove'); `what` follows the label for screen
 * readers ('of Ada Lovelace'), since the label alone does not say whose row it acts on.
 */
export function RowAction({
  label,
  what,
  danger = false,
  onPress,
}: {
  label: string;
  what: string;
  danger?: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      className={`text-sm font-medium ${danger ? 'text-red-700' : 'text-primary-strong'} hover:underline`}
      onClick={onPress}
    >
      {label}
      <span className="sr-only"> {what}</span>
    </button>
  );
}
