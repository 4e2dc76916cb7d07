/**
 * /users (admin, spec §2, §6): the selected account's users with their role here, last sign-in
 * and status. An admin invites users, changes a role within the grant rules (nobody grants more
 * than they hold) and removes access. Users who outrank the viewer show no actions: the server
 * refuses those edits too. Below them, the guests: users of other accounts who hold a role here
 * (an access grant), changed and removed the same way.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { ROLE_ORDER } from '../../../shared/constants.ts';
import { accountOwners } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { $role, $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { $currentUser } from '../../../stores/session.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { effectiveRole, grantableRoles, mayGrant, type Role } from '../../../shared/access.ts';
import { userCreate, type User } from '../../../shared/schemas/user.ts';
import { accountRole, type AccountGrant } from '../../../shared/schemas/account-users.ts';
import { messages } from '../../../shared/messages.ts';
import { changeRole, grantActions, loadGrants, revokeGrant } from '../../../lib/grants.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { ChoiceInput } from '../../kit/fields.tsx';
import { FormShell } from '../../kit/FormShell.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { useLocalList } from '../../kit/useLocalList.ts';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { useRecord } from '../../kit/useRecord.ts';
import { useResourceList, type ResourceListSpec } from '../../kit/useResourceList.ts';
import { capitalise } from '../../routes/index.ts';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { formatDateTime } from '../../../shared/date-format.ts';
import { Modal } from '../../shared/Modal.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { UserFields, USER_FIELD_LABELS } from '../../shared/UserFields.tsx';
import { PressButton } from '../../shared/PressButton.tsx';
import { Card } from '../../shared/Card.tsx';
import { useAsync } from '../../shared/useAsync.ts';

const userList: ResourceListSpec<'user'> = {
  resource: 'user',
  noun: 'users',
  sortFields: ['first_name', 'last_name', 'email', 'created_at'],
  defaultSort: { id: 'first_name', direction: 'asc' },
};

/** The guests' list: answered whole by the grants endpoint, its state under its own URL prefix. */
const guestList: ResourceListSpec<'user'> = {
  resource: 'user',
  noun: 'guests',
  sortFields: ['first_name', 'last_name', 'email', 'role'],
  defaultSort: { id: 'first_name', direction: 'asc' },
  prefix: 'guests.',
};

/** A guest as a list row: the grant, known by its user's id. */
type Guest = AccountGrant & { id: string };

const guestOptions = {
  searchText: (g: Guest) => `${g.user.first_name} ${g.user.last_name} ${g.user.email}`,
  sortValue: {
    first_name: (g: Guest) => `${g.user.first_name} ${g.user.last_name}`,
    last_name: (g: Guest) => `${g.user.last_name} ${g.user.first_name}`,
    email: (g: Guest) => g.user.email,
    role: (g: Guest) => ROLE_ORDER.indexOf(g.role),
  },
};

/** Roles an account admin hands out here: up to their own, never root or super (those are global). */
const grantable = (actor: Role) => grantableRoles(actor).map((id) => ({ id, name: capitalise(id) }));

/** Who a dialog acts on: a user of the account, or a guest as the grants list names them. */
type Person = Pick<User, 'id' | 'first_name' | 'last_name'>;

const fullName = (u: Person) => `${u.first_name} ${u.last_name}`;
const lastSignIn = (u: User) => (u.last_login_at ? formatDateTime(u.last_login_at) : 'Never');
const status = (u: User) => (u.last_login_at ? 'Active' : u.email_verified ? 'Pending' : 'Invited');

export default function UsersPage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const actorRole = useStore($role) ?? 'read';
  const me = useStore($currentUser);
  const base = useMemo(() => (accountId ? { account: accountOwners(accountId) } : null), [accountId]);
  const list = useResourceList(userList, base);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [editingGuest, setEditingGuest] = useState<AccountGrant | null>(null);
  const [removing, setRemoving] = useState<(Person & { seen?: AccountGrant }) | null>(null);
  const guests = useAsync(() => loadGuests(accountId ?? ''), accountId ? `guests:${accountId}` : null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<Column<User>[]>(() => {
    const here = (u: User) => (accountId ? effectiveRole(u, accountId) : 'read');
    return [
      {
        id: 'name',
        header: 'Name',
        sortField: 'first_name',
        csv: fullName,
        cell: (u) => <NameCell person={u} email={u.email} />,
      },
      { id: 'email', header: 'E-mail', sortField: 'email', wide: true, csv: (u) => u.email, cell: (u) => u.email },
      {
        id: 'role',
        header: 'Role here',
        csv: (u) => here(u),
        // On a phone the status column is hidden: its badge sits under the role.
        cell: (u) => (
          <span className="flex flex-col items-start gap-1">
            {capitalise(here(u))}
            <span className="sm:hidden">
              <StatusBadge user={u} />
            </span>
          </span>
        ),
      },
      {
        id: 'last',
        header: 'Last sign-in',
        wide: true,
        nowrap: true,
        csv: (u) => u.last_login_at ?? 'Never',
        cell: lastSignIn,
      },
      {
        id: 'status',
        header: 'Status',
        wide: true,
        csv: status,
        cell: (u) => <StatusBadge user={u} />,
      },
    ];
  }, [accountId]);
  // Spec §6 and the server's rule: nobody edits a user who outranks them, nor themselves here.
  const editable = (u: User) => u.id !== me?.id && (!accountId || mayGrant(actorRole, effectiveRole(u, accountId)));

  return (
    <div className="space-y-4">
      <PageHeader title="Users">
        <PressButton onPress={() => setInviting(true)}>Invite user</PressButton>
      </PageHeader>
      <p className="-mt-4 text-sm text-slate-600">
        People who work in <strong className="font-semibold text-slate-900">{account?.name}</strong>.
      </p>
      <ListView
        list={list}
        columns={columns}
        rowLabel={fullName}
        search="Search users"
        csv="users"
        caption={`Users of ${account?.name ?? 'this account'}`}
        rowActions={(u) =>
          editable(u) ? (
            <PersonActions person={u} onChangeRole={() => setEditing(u)} onRemove={() => setRemoving(u)} />
          ) : null
        }
        empty={(filtered) => ({ title: filtered ? 'No user matches' : 'No users yet' })}
      />
      <Guests
        accountName={account?.name ?? 'this account'}
        guests={guests}
        editable={(g) => grantActions(g, actorRole, me?.id).revoke}
        onChangeRole={setEditingGuest}
        onRemove={(g) => setRemoving({ ...g.user, seen: g })}
      />
      {inviting && accountId ? (
        <InviteDialog
          accountId={accountId}
          roles={grantable(actorRole)}
          onClose={(done) => {
            setInviting(false);
            if (done) list.reload();
          }}
        />
      ) : null}
      {editingGuest && accountId ? (
        <Modal isOpen onClose={() => setEditingGuest(null)} title={`Change the role of ${fullName(editingGuest.user)}`}>
          <div className="px-5 pt-3 pb-5">
            <RoleForm
              user={editingGuest.user}
              current={editingGuest.role}
              seen={editingGuest}
              onReload={guests.reload}
              accountId={accountId}
              roles={grantable(actorRole)}
              onClose={(done) => {
                setEditingGuest(null);
                if (done) guests.reload();
              }}
            />
          </div>
        </Modal>
      ) : null}
      {editing && accountId ? (
        <RoleDialog
          user={editing}
          accountId={accountId}
          roles={grantable(actorRole)}
          onClose={(done) => {
            setEditing(null);
            if (done) list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={`Remove ${removing ? fullName(removing) : ''}?`}
        confirmLabel="Remove access"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing || !accountId) return;
          setBusy(true);
          revokeGrant(removing.id, accountId, removing.seen ?? null, () => {
            setRemoving(null);
            list.reload();
            guests.reload();
          })
            .then(() => {
              showSuccess(`${fullName(removing)} no longer has access to ${account?.name ?? 'this account'}`);
              setRemoving(null);
              list.reload();
              guests.reload();
            })
            .catch((error: unknown) => showError(error))
            .finally(() => setBusy(false));
        }}
      >
        <p>
          Their role on {account?.name} is taken away and they are signed out. Their measurements, reports and labels
          stay.
        </p>
      </ConfirmDialog>
    </div>
  );
}

const INVITE_LABELS = { ...USER_FIELD_LABELS, role: 'Role' };
const inviteSchema = userCreate.pick({ first_name: true, last_name: true, email: true });
const roleField = z.enum(ROLE_ORDER);

function InviteDialog({
  accountId,
  roles,
  onClose,
}: {
  accountId: string;
  roles: { id: Role; name: string }[];
  onClose: (done: boolean) => void;
}) {
  const form = useResourceForm({
    // The roles an account grants: what the invitation endpoint takes.
    schema: inviteSchema.extend({ role: accountRole }),
    initial: { first_name: '', last_name: '', email: '', role: 'read' },
    labels: INVITE_LABELS,
    // The server creates the user with this account's grant and sends the invitation e-mail.
    submit: (person) => callEndpoint('inviteUser', { body: { account: accountId, ...person } }),
    onSaved: (_result, value) => {
      showSuccess(`Invitation sent to ${value.email}`);
      onClose(true);
    },
  });
  return (
    <Modal isOpen onClose={() => onClose(false)} title="Invite user">
      <div className="px-5 pt-3 pb-5">
        <FormShell form={form} label="Invite user" saveLabel="Send invitation" onCancel={() => onClose(false)}>
          <UserFields form={form} autoFocus />
          <ChoiceInput label="Role" value={form.values.role} onChange={(v) => form.set('role', v)} options={roles} />
        </FormShell>
      </div>
    </Modal>
  );
}

function RoleDialog({
  user,
  accountId,
  roles,
  onClose,
}: {
  user: User;
  accountId: string;
  roles: { id: Role; name: string }[];
  onClose: (done: boolean) => void;
}) {
  // The stored user: the client then sends its version with the change (a 412 asks reload or overwrite).
  const record = useRecord('user', user.id);
  return (
    <Modal isOpen onClose={() => onClose(false)} title={`Change the role of ${fullName(user)}`}>
      <div className="px-5 pt-3 pb-5">
        {record.version === null && !record.error ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <RoleForm
            key={record.version}
            user={record.data ?? user}
            current={effectiveRole(record.data ?? user, accountId)}
            onReload={record.reload}
            accountId={accountId}
            roles={roles}
            onClose={onClose}
          />
        )}
      </div>
    </Modal>
  );
}

function RoleForm({
  user,
  current,
  seen = null,
  onReload,
  accountId,
  roles,
  onClose,
}: {
  user: Person;
  /** The role the user holds here now. */
  current: Role;
  /** A guest's grant as the guests list showed it (its version); a user read by id needs none. */
  seen?: AccountGrant | null;
  onReload: () => void;
  accountId: string;
  roles: { id: Role; name: string }[];
  onClose: (done: boolean) => void;
}) {
  const form = useResourceForm({
    schema: z.object({ role: roleField }),
    initial: { role: current },
    labels: INVITE_LABELS,
    onReload,
    // A change of the user record: the client sends the user's version and answers a 412.
    submit: ({ role }, write) =>
      changeRole({ user: user.id, account: accountId, role }, seen, write.onReload ?? onReload),
    onSaved: (_result, { role }) => {
      showSuccess(`${fullName(user)} is now ${role} here`);
      onClose(true);
    },
  });
  return (
    <FormShell form={form} label="Change role" onCancel={() => onClose(false)}>
      <ChoiceInput
        label="Role"
        value={form.values.role}
        onChange={(v) => form.set('role', v as Role)}
        options={roles}
        autoFocus
      />
    </FormShell>
  );
}

function StatusBadge({ user }: { user: User }) {
  return <Badge className={user.last_login_at ? STATUS_TONES.success : STATUS_TONES.other}>{status(user)}</Badge>;
}

/** A row's actions on a person: side by side, stacked on a phone; the person's name for screen readers. */
function PersonActions({
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
      <button type="button" className="text-sm font-medium text-primary-strong hover:underline" onClick={onChangeRole}>
        Change role<span className="sr-only"> of {fullName(person)}</span>
      </button>
      <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={onRemove}>
        Remove<span className="sr-only"> {fullName(person)}</span>
      </button>
    </span>
  );
}

/** The name, with the e-mail under it on a phone (where the e-mail column is hidden). */
function NameCell({ person, email }: { person: Person; email: string }) {
  return (
    <span className="block min-w-0">
      <span className="font-medium">{fullName(person)}</span>
      <span className="block text-xs [overflow-wrap:anywhere] text-slate-500 sm:hidden">{email}</span>
    </span>
  );
}

/** The account's guests: access grants held by users whose own account is another one. */
async function loadGuests(account: string): Promise<AccountGrant[]> {
  return (await loadGrants(account)).filter((grant) => grant.kind === 'account' && !grant.own_account);
}

function Guests({
  accountName,
  guests,
  editable,
  onChangeRole,
  onRemove,
}: {
  accountName: string;
  guests: { data: readonly AccountGrant[] | null; loading: boolean; error: unknown; reload: () => void };
  editable: (grant: AccountGrant) => boolean;
  onChangeRole: (grant: AccountGrant) => void;
  onRemove: (grant: AccountGrant) => void;
}) {
  const { data, loading, error, reload } = guests;
  const rows = useMemo(() => data?.map((grant) => ({ ...grant, id: grant.user.id })) ?? null, [data]);
  const list = useLocalList(guestList, { data: rows, loading, error, reload }, guestOptions);
  const columns = useMemo<Column<Guest>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        sortField: 'first_name',
        cell: (g) => <NameCell person={g.user} email={g.user.email} />,
      },
      { id: 'email', header: 'E-mail', sortField: 'email', wide: true, cell: (g) => g.user.email },
      { id: 'role', header: 'Role here', sortField: 'role', cell: (g) => capitalise(g.role) },
    ],
    [],
  );
  return (
    <Card title="Guests from other accounts">
      <p className="-mt-2 mb-3 text-sm text-slate-600">
        People of other accounts who hold a role on{' '}
        <strong className="font-semibold text-slate-900">{accountName}</strong>.
      </p>
      {error ? (
        <p className="text-sm text-red-700">{messages.errors.singleFetchEmpty('guests')}</p>
      ) : (
        <ListView
          list={list}
          columns={columns}
          rowLabel={(g) => fullName(g.user)}
          search="Search guests"
          caption={`Guests of ${accountName}`}
          rowActions={(g) =>
            editable(g) ? (
              <PersonActions person={g.user} onChangeRole={() => onChangeRole(g)} onRemove={() => onRemove(g)} />
            ) : null
          }
          empty={(filtered) =>
            filtered
              ? { title: 'No guest matches', body: 'Change the search to see more.' }
              : { title: 'No guests', body: `Only people of ${accountName} work here.` }
          }
        />
      )}
    </Card>
  );
}
