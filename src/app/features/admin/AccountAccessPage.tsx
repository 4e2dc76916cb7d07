/**
 * /admin/access (root, product-owner account): who holds which role on the selected account.
 * Access is given to an existing user of any account, a role changed, or a grant revoked, within
 * the server's grant rules (nobody grants above their own role nor changes someone who outranks
 * them). Root grants are global and shown for completeness; a user's own account is not revoked.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { z } from 'zod';
import { objectId } from '../../../shared/schemas/index.ts';
import { accountRole, type AccountGrant } from '../../../shared/schemas/account-users.ts';
import { $role, $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $currentUser } from '../../../stores/session.ts';
import { ReferencePicker } from '../../kit/fields.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Button } from '../../shared/Button.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { addGrant, changeRole, grantActions, loadGrants } from '../../../lib/grants.ts';
import { fullName, roleName, roleOptions, RowAction, type RoleOption } from '../../shared/people.tsx';
import { RoleChoice } from '../../kit/RoleChoice.tsx';
import { RevokeAccessDialog, type Revoking } from '../../kit/RevokeAccessDialog.tsx';
import { bindField } from './account/bindField.ts';
import { ScrollTable, WIDE_CELL } from './account/TableParts.tsx';

const LABELS = { user: 'User', role: 'Role' };
/** How a grant is held, and its badge's tone. */
const HELD_AS = {
  'Root grant': STATUS_TONES.queued,
  'Own account': STATUS_TONES.other,
  'Access grant': STATUS_TONES.success,
} as const;
const heldAs = (grant: AccountGrant): keyof typeof HELD_AS =>
  grant.kind === 'root' ? 'Root grant' : grant.own_account ? 'Own account' : 'Access grant';
type Dialog = { kind: 'add' } | { kind: 'role'; grant: AccountGrant } | null;

export default function AccountAccessPage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const actorRole = useStore($role) ?? 'read';
  const me = useStore($currentUser);
  const grants = useAsync(() => (accountId ? loadGrants(accountId) : Promise.resolve([])), accountId ?? '');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [revoking, setRevoking] = useState<(Revoking & { role: AccountGrant['role'] }) | null>(null);
  const roles = roleOptions(actorRole);
  const done = (message: string) => {
    showSuccess(message);
    setDialog(null);
    grants.reload();
  };

  return (
    <div className="max-w-5xl space-y-4">
      <PageHeader title="Access">
        <Button onClick={() => setDialog({ kind: 'add' })}>Add access</Button>
      </PageHeader>
      <p className="-mt-4 text-sm text-slate-600">
        Who holds which role on <strong className="font-semibold text-slate-900">{account?.name}</strong>.
      </p>
      <Card>
        {grants.error ? (
          <ErrorPlaceholder name="access" error={grants.error} />
        ) : !grants.data ? (
          <Skeleton className="h-48 w-full" />
        ) : grants.data.length === 0 ? (
          <EmptyState title="Nobody holds a role here yet" />
        ) : (
          <ScrollTable
            region="Access"
            label={`Access to ${account?.name ?? 'the account'}`}
            columns={['Name', 'E-mail', 'Role', 'Held as', 'Actions']}
            wide={['E-mail', 'Held as']}
          >
            {grants.data.map((grant) => {
              const can = grantActions(grant, actorRole, me?.id);
              const name = fullName(grant.user);
              return (
                <tr key={grant.user.id} data-testid="grant-row">
                  <td className="px-4 py-2 sm:pl-0">
                    <span className="font-medium text-slate-900">{name}</span>
                    <span className="block text-xs break-all text-slate-600 sm:hidden">{grant.user.email}</span>
                  </td>
                  <td className={`px-4 py-2 break-all text-slate-700 ${WIDE_CELL}`}>{grant.user.email}</td>
                  <td className="px-4 py-2">{roleName(grant.role)}</td>
                  <td className={`px-4 py-2 ${WIDE_CELL}`}>
                    <Badge className={HELD_AS[heldAs(grant)]}>{heldAs(grant)}</Badge>
                  </td>
                  <td className="px-4 py-2">
                    <span className="inline-flex gap-3 whitespace-nowrap">
                      {can.changeRole ? (
                        <RowAction
                          label="Change role"
                          what={`of ${name}`}
                          onPress={() => setDialog({ kind: 'role', grant })}
                        />
                      ) : null}
                      {can.revoke ? (
                        <RowAction
                          label="Revoke"
                          what={`access of ${name}`}
                          danger
                          onPress={() => setRevoking({ person: grant.user, seen: grant, role: grant.role })}
                        />
                      ) : null}
                    </span>
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        )}
      </Card>
      {dialog?.kind === 'add' && accountId ? (
        <AddAccessDialog
          accountId={accountId}
          roles={roles}
          onClose={() => setDialog(null)}
          onDone={(message) => done(message)}
        />
      ) : null}
      {dialog?.kind === 'role' && accountId ? (
        <RoleDialog
          grant={dialog.grant}
          accountId={accountId}
          roles={roles}
          onClose={() => setDialog(null)}
          onDone={(message) => done(message)}
          onReload={() => {
            setDialog(null);
            grants.reload();
          }}
        />
      ) : null}
      {/* At the version the list showed: changed since, the conflict dialog asks; Reload shows the list again. */}
      <RevokeAccessDialog
        revoking={revoking}
        accountId={accountId}
        accountName={account?.name}
        title={(person) => `Revoke the access of ${fullName(person)}?`}
        confirmLabel="Revoke access"
        onCancel={() => setRevoking(null)}
        onDone={() => {
          setRevoking(null);
          grants.reload();
        }}
      >
        <p>
          Their {revoking ? roleName(revoking.role).toLowerCase() : ''} role on {account?.name} is taken away. Their own
          account and what they made here stay.
        </p>
      </RevokeAccessDialog>
    </div>
  );
}

const addSchema = z.object({ user: z.string({ error: 'Choose a user' }).pipe(objectId), role: accountRole });

function AddAccessDialog({
  accountId,
  roles,
  onClose,
  onDone,
}: {
  accountId: string;
  roles: readonly RoleOption[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const form = useResourceForm({
    schema: addSchema,
    initial: { user: null as string | null, role: 'read' },
    labels: LABELS,
    submit: (value) => addGrant({ ...value, account: accountId }),
    onSaved: (result, value) => {
      const user = (result as { body?: { data?: { first_name: string; last_name: string } } }).body?.data;
      onDone(`${user ? fullName(user) : 'The user'} now has the ${value.role} role here`);
    },
  });
  return (
    <FormDialog title="Add access" form={form} label="Add access" saveLabel="Add access" onClose={onClose}>
      <ReferencePicker
        {...bindField(form, LABELS, 'user')}
        hint="Anyone you may see, from any account: search by name or e-mail"
        autoFocus
        source={{
          resource: 'user',
          label: (row) => `${String(row.first_name)} ${String(row.last_name)} (${String(row.email)})`,
        }}
      />
      <RoleChoice form={form} roles={roles} />
    </FormDialog>
  );
}

function RoleDialog({
  grant,
  accountId,
  roles,
  onClose,
  onDone,
  onReload,
}: {
  grant: AccountGrant;
  accountId: string;
  roles: readonly RoleOption[];
  onClose: () => void;
  onDone: (message: string) => void;
  onReload: () => void;
}) {
  const form = useResourceForm({
    schema: z.object({ role: accountRole }),
    initial: { role: grant.role as z.infer<typeof accountRole> },
    labels: LABELS,
    onReload,
    submit: ({ role }, write) =>
      changeRole({ user: grant.user.id, account: accountId, role }, grant, write.onReload ?? onReload),
    onSaved: (_result, { role }) => onDone(`${fullName(grant.user)} is now ${role} here`),
  });
  return (
    <FormDialog title={`Change the role of ${fullName(grant.user)}`} form={form} label="Change role" onClose={onClose}>
      <RoleChoice form={form} roles={roles} autoFocus />
    </FormDialog>
  );
}
