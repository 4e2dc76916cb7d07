/**
 * /admin/access (root, product-owner account): who holds which role on the selected account.
 * Access is given to an existing user of any account, a role changed, or a grant revoked, within
 * the server's grant rules (nobody grants above their own role nor changes someone who outranks
 * them). Root grants are global and shown for completeness; a user's own account is not revoked.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { z } from 'zod';
import { grantableRoles } from '../../../shared/access.ts';
import { objectId } from '../../../shared/schemas/index.ts';
import { accountRole, type AccountGrant } from '../../../shared/schemas/account-users.ts';
import { $role, $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $currentUser } from '../../../stores/session.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { ChoiceInput, ReferencePicker } from '../../kit/fields.tsx';
import { FormShell } from '../../kit/FormShell.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { PressButton } from '../../shared/PressButton.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { addGrant, changeRole, grantActions, loadGrants, revokeGrant } from '../../../lib/grants.ts';
import { fullName, roleName } from './account/people.ts';
import { ResponsiveTableHead, WIDE_CELL } from './account/TableParts.tsx';

const LABELS = { user: 'User', role: 'Role' };
type Dialog = { kind: 'add' } | { kind: 'role'; grant: AccountGrant } | null;

export default function AccountAccessPage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const actorRole = useStore($role) ?? 'read';
  const me = useStore($currentUser);
  const grants = useAsync(() => (accountId ? loadGrants(accountId) : Promise.resolve([])), accountId ?? '');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [revoking, setRevoking] = useState<AccountGrant | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = grantableRoles(actorRole).map((id) => ({ id, name: roleName(id) }));
  const done = (message: string) => {
    showSuccess(message);
    setDialog(null);
    grants.reload();
  };

  return (
    <div className="max-w-5xl space-y-4">
      <PageHeader title="Access">
        <PressButton onPress={() => setDialog({ kind: 'add' })}>Add access</PressButton>
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
          <div className="overflow-x-auto" role="region" aria-label="Access, scrollable" tabIndex={0}>
            <table className="w-full text-left text-sm" aria-label={`Access to ${account?.name ?? 'the account'}`}>
              <ResponsiveTableHead
                columns={[
                  { label: 'Name' },
                  { label: 'E-mail', wide: true },
                  { label: 'Role' },
                  { label: 'Held as', wide: true },
                  { label: 'Actions' },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
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
                        {grant.kind === 'root' ? (
                          <Badge className={STATUS_TONES.queued}>Root grant</Badge>
                        ) : grant.own_account ? (
                          <Badge className={STATUS_TONES.other}>Own account</Badge>
                        ) : (
                          <Badge className={STATUS_TONES.success}>Access grant</Badge>
                        )}
                      </td>
                      <td className="px-4 py-2">
                        <span className="inline-flex gap-3 whitespace-nowrap">
                          {can.changeRole ? (
                            <button
                              type="button"
                              className="text-sm font-medium text-primary-strong hover:underline"
                              onClick={() => setDialog({ kind: 'role', grant })}
                            >
                              Change role<span className="sr-only"> of {name}</span>
                            </button>
                          ) : null}
                          {can.revoke ? (
                            <button
                              type="button"
                              className="text-sm font-medium text-red-700 hover:underline"
                              onClick={() => setRevoking(grant)}
                            >
                              Revoke<span className="sr-only"> access of {name}</span>
                            </button>
                          ) : null}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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
      <ConfirmDialog
        isOpen={revoking !== null}
        title={`Revoke the access of ${revoking ? fullName(revoking.user) : ''}?`}
        confirmLabel="Revoke access"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking || !accountId) return;
          setBusy(true);
          // At the version the list showed: changed since, the conflict dialog asks; Reload shows the list again.
          revokeGrant(revoking.user.id, accountId, revoking, () => {
            setRevoking(null);
            grants.reload();
          })
            .then(() => {
              setRevoking(null);
              done(`${fullName(revoking.user)} no longer has access to ${account?.name ?? 'this account'}`);
            })
            .catch((error: unknown) => showError(error))
            .finally(() => setBusy(false));
        }}
      >
        <p>
          Their {revoking ? roleName(revoking.role).toLowerCase() : ''} role on {account?.name} is taken away. Their own
          account and what they made here stay.
        </p>
      </ConfirmDialog>
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
  roles: { id: string; name: string }[];
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
    <Modal isOpen onClose={onClose} title="Add access">
      <div className="px-5 pt-3 pb-5">
        <FormShell form={form} label="Add access" saveLabel="Add access" onCancel={onClose}>
          <ReferencePicker
            label="User"
            value={form.values.user}
            onChange={(v) => form.set('user', v)}
            error={form.errors.user}
            hint="Anyone you may see, from any account: search by name or e-mail"
            autoFocus
            source={{
              resource: 'user',
              label: (row) => `${String(row.first_name)} ${String(row.last_name)} (${String(row.email)})`,
            }}
          />
          <ChoiceInput
            label="Role"
            value={form.values.role}
            onChange={(v) => form.set('role', v)}
            options={roles}
            error={form.errors.role}
          />
        </FormShell>
      </div>
    </Modal>
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
  roles: { id: string; name: string }[];
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
    <Modal isOpen onClose={onClose} title={`Change the role of ${fullName(grant.user)}`}>
      <div className="px-5 pt-3 pb-5">
        <FormShell form={form} label="Change role" onCancel={onClose}>
          <ChoiceInput
            label="Role"
            value={form.values.role}
            onChange={(v) => form.set('role', v as z.infer<typeof accountRole>)}
            options={roles}
            autoFocus
          />
        </FormShell>
      </div>
    </Modal>
  );
}
