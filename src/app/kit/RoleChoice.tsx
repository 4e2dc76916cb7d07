/**
 * The role field of the user forms (invite, create, add access, change role), apart from people.tsx
 * so that the lists that name people and roles do not load the form controls' code (React Aria's
 * select, 55 KB on a phone's first load of /admin/users).
 */
import { ChoiceInput } from './fields.tsx';
import type { ResourceForm } from './useResourceForm.ts';
import type { RoleOption } from '../shared/people.tsx';

/** The role field of every user form: invite, create, add access, change role. */
export function RoleChoice<V extends { [key: string]: unknown; role: string }>({
  form,
  roles,
  autoFocus,
}: {
  form: ResourceForm<V>;
  roles: readonly RoleOption[];
  autoFocus?: boolean;
}) {
  return (
    <ChoiceInput
      label="Role"
      value={form.values.role}
      onChange={(value) => form.set('role', value)}
      options={roles}
      error={form.errors.role}
      autoFocus={autoFocus}
    />
  );
}
