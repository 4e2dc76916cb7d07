/**
 * A person's name and e-mail fields, the same on every user form: /users invite, /admin/users/create
 * and /admin/users/{id}. The labels are also the forms' error labels (USER_FIELD_LABELS). An edit
 * form may lock the e-mail (where the server would refuse a change) and explain why beneath it.
 */
import type { ReactNode } from 'react';
import { TextInput } from './fields.tsx';
import type { ResourceForm } from './useResourceForm.ts';

export const USER_FIELD_LABELS = { first_name: 'First name', last_name: 'Last name', email: 'Email' } as const;

interface PersonValues {
  [key: string]: unknown;
  first_name: string;
  last_name: string;
  email: string;
}

export function UserFields<V extends PersonValues>({
  form,
  autoFocus,
  emailLocked,
  emailHint,
}: {
  form: ResourceForm<V>;
  autoFocus?: boolean;
  /** The e-mail may not be changed by this viewer. */
  emailLocked?: boolean;
  /** Shown under the e-mail field: why it is locked, or a change waiting for confirmation. */
  emailHint?: ReactNode;
}) {
  const text = (name: keyof typeof USER_FIELD_LABELS) => ({
    label: USER_FIELD_LABELS[name],
    value: form.values[name],
    onChange: (value: string) => form.set(name, value),
    error: form.errors[name],
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput {...text('first_name')} autoFocus={autoFocus} />
        <TextInput {...text('last_name')} />
      </div>
      <TextInput {...text('email')} type="email" isDisabled={emailLocked} hint={emailHint} />
    </>
  );
}
