/**
 * /admin/users/{userId} (admin): one user. Their name and e-mail are edited in place with the
 * kit's form (the server refuses edits of anyone who outranks the editor); the e-mail is locked,
 * with the reason, unless the editor outranks the user in every account they work in
 * (canChangeSignIn), and a changed address shows as waiting for its confirmation; their grants
 * across accounts are listed, each account by name; the user is deleted behind a confirmation.
 */
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { update } from '../../../lib/api.ts';
import { canChangeSignIn, effectiveRole, mayGrant } from '../../../shared/access.ts';
import { messages } from '../../../shared/messages.ts';
import { userUpdate, type User } from '../../../shared/schemas/user.ts';
import { $accounts, $role, $selectedAccountId } from '../../../stores/account.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $currentUser } from '../../../stores/session.ts';
import { DeleteRecordButton } from '../../kit/DeleteRecordButton.tsx';
import { FormShell } from '../../kit/FormShell.tsx';
import { useRecord } from '../../kit/useRecord.ts';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths } from '../../routes/index.ts';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { HistoryPanel } from '../../shared/HistoryPanel.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { UserFields, USER_FIELD_LABELS } from '../../kit/UserFields.tsx';
import { TableHead } from '../../shared/TableHead.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { fullName, roleName } from '../../shared/people.tsx';
import { userGrantLines } from './account/userGrants.ts';

const LABELS = USER_FIELD_LABELS;
const nameSchema = userUpdate.pick({ first_name: true, last_name: true, email: true }).required();

export default function AdminUserPage({ params }: PageProps) {
  const user = useRecord('user', params.userId);
  if (user.error) return <ErrorPlaceholder name="user" error={user.error} />;
  if (!user.data) return <Skeleton className="h-96 w-full max-w-3xl" />;
  // A saved e-mail change comes back pending: the form starts again from the stored address.
  const { id, email, pending_email } = user.data;
  // So does a reload after someone else's save (a new version).
  return (
    <UserDetail
      key={`${id}:${email}:${pending_email ?? ''}:${user.version ?? ''}`}
      user={user.data}
      onSaved={user.reload}
    />
  );
}

function UserDetail({ user, onSaved }: { user: User; onSaved: () => void }) {
  usePageTitle(`${fullName(user)} | Users | Admin`);
  const [, navigate] = useLocation();
  const accounts = useStore($accounts);
  const accountId = useStore($selectedAccountId) ?? user.account;
  const actorRole = useStore($role) ?? 'read';
  const me = useStore($currentUser);
  const accountName = (id: string) =>
    id === '*' ? 'Every account' : (accounts.find((account) => account.id === id)?.name ?? id);
  // The server's rule: nobody changes a user who outranks them (nor deletes themselves).
  const editable = mayGrant(actorRole, effectiveRole(user, accountId));
  const form = useResourceForm({
    schema: nameSchema,
    initial: { first_name: user.first_name, last_name: user.last_name, email: user.email },
    labels: LABELS,
    submit: (value, write) => update('user', user.id, value, write),
    onReload: onSaved,
    onSaved: (_result, value) => {
      showSuccess(`${value.first_name} ${value.last_name} details updated`);
      onSaved();
    },
  });
  const lines = userGrantLines(user);
  const emailLocked = !me || !canChangeSignIn(me, user);
  const pending = user.pending_email ? messages.signIn.emailPending(user.pending_email) : null;
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader title={fullName(user)}>
        <Badge className={user.last_login_at ? STATUS_TONES.success : STATUS_TONES.other}>
          {user.last_login_at ? 'Active' : user.email_verified ? 'Pending' : 'Invited'}
        </Badge>
      </PageHeader>
      <Card title="Details">
        {editable ? (
          <FormShell
            form={form}
            label={`Details of ${fullName(user)}`}
            onCancel={() => navigate(paths.adminSection('users'))}
            extraActions={
              user.id !== me?.id ? (
                <span className="mr-auto">
                  <DeleteRecordButton
                    resource="user"
                    id={user.id}
                    name={fullName(user)}
                    listPath={paths.adminSection('users')}
                    consequence={
                      <p>
                        {fullName(user)} loses access to every account and is signed out. Their measurements, reports
                        and labels stay.
                      </p>
                    }
                  />
                </span>
              ) : null
            }
          >
            <UserFields
              form={form}
              emailLocked={emailLocked}
              emailHint={[emailLocked ? messages.signIn.emailChangeRefused : null, pending].filter(Boolean).join(' ')}
            />
          </FormShell>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">E-mail</dt>
              <dd className="font-medium text-slate-900">{user.email}</dd>
              {pending ? <dd className="mt-1 text-xs text-slate-600">{pending}</dd> : null}
            </div>
            <div>
              <dt className="text-slate-600">Editing</dt>
              <dd className="text-slate-900">This user outranks you here: only a higher role may change them.</dd>
            </div>
          </dl>
        )}
      </Card>
      <Card title="Grants across accounts">
        <div className="overflow-x-auto" role="region" aria-label="Grants across accounts, scrollable" tabIndex={0}>
          <table className="w-full text-left text-sm" aria-label={`Grants of ${fullName(user)}`}>
            <TableHead columns={['Account', 'Role', 'Held as']} />
            <tbody className="divide-y divide-slate-100">
              {lines.map((line) => (
                <tr key={`${line.source}:${line.account}`}>
                  <td className="px-4 py-2 font-medium text-slate-900 sm:pl-0">{accountName(line.account)}</td>
                  <td className="px-4 py-2">{roleName(line.role)}</td>
                  <td className="px-4 py-2 text-slate-600">{line.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-xs text-slate-600">
          Grants on an account are given and revoked in that account's Access section.
        </p>
      </Card>
      <HistoryPanel recordId={user.id} />
    </div>
  );
}
