/**
 * /admin/users/create (admin): a new user of the selected account, made as /users invites one:
 * the server creates the user with the role here and puts the invitation e-mail in the outbox.
 * The role is at most the creator's own (the server refuses more).
 */
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { bulkUserRow } from '../../../shared/schemas/account-users.ts';
import { $role, $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { FormShell } from '../../kit/FormShell.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { paths } from '../../routes/index.ts';
import { Card } from '../../shared/Card.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { UserFields, USER_FIELD_LABELS } from '../../kit/UserFields.tsx';
import { roleOptions } from '../../shared/people.tsx';
import { RoleChoice } from '../../kit/RoleChoice.tsx';

const LABELS = { ...USER_FIELD_LABELS, role: 'Role' };

export default function AdminUserCreatePage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const actorRole = useStore($role) ?? 'read';
  const [, navigate] = useLocation();
  const roles = roleOptions(actorRole);
  const form = useResourceForm({
    schema: bulkUserRow,
    initial: { first_name: '', last_name: '', email: '', role: 'read' },
    labels: LABELS,
    submit: (person) => callEndpoint('inviteUser', { body: { account: accountId ?? '', ...person } }),
    onSaved: (result, person) => {
      showSuccess(`${person.first_name} ${person.last_name} created; invitation sent to ${person.email}`);
      const id = (result as { data?: { id?: string } }).data?.id;
      navigate(id ? paths.adminUser(id) : paths.adminSection('users'));
    },
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title="Create User" />
      <p className="-mt-4 mb-4 text-sm text-slate-600">
        A user of <strong className="font-semibold text-slate-900">{account?.name}</strong>. They get an e-mail with a
        link to choose their password.
      </p>
      <Card>
        <FormShell
          form={form}
          label="Create user"
          saveLabel="Create and invite"
          onCancel={() => navigate(paths.adminSection('users'))}
        >
          <UserFields form={form} autoFocus />
          <RoleChoice form={form} roles={roles} />
        </FormShell>
      </Card>
    </div>
  );
}
