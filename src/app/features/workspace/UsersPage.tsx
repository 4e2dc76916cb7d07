/**
 * /users (admin, spec §2, §6): the selected account's users with their role here, last sign-in
 * and status. An admin invites users, changes a role within the grant rules (nobody grants more
 * than they hold) and removes access. Users who outrank the viewer show no actions: the server
 * refuses those edits too. Below them, the guests: users of other accounts who hold a role here
 * (an access grant), changed and removed the same way (UsersGuests.tsx).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { $role } from '../../../stores/account.ts';
import { $currentUser } from '../../../stores/session.ts';
import { effectiveRole, mayGrant } from '../../../shared/access.ts';
import type { User } from '../../../shared/schemas/user.ts';
import { grantActions } from '../../../lib/grants.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Button } from '../../shared/Button.tsx';
import { fullName, roleName, roleOptions } from '../../shared/people.tsx';
import { RevokeAccessDialog, type Revoking } from '../../kit/RevokeAccessDialog.tsx';
import { useAccountUsers, userColumns, UserListView } from '../../kit/UserList.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { InviteDialog, RoleDialog, type RoleTarget } from './UserRoleDialogs.tsx';
import { NameCell, PersonActions, StatusBadge, userStatus } from './UserRows.tsx';
import { Guests, loadGuests } from './UsersGuests.tsx';

export default function UsersPage() {
  const { accountId, account, list } = useAccountUsers();
  const actorRole = useStore($role) ?? 'read';
  const me = useStore($currentUser);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<RoleTarget | null>(null);
  const [removing, setRemoving] = useState<Revoking | null>(null);
  const guests = useAsync(() => loadGuests(accountId ?? ''), accountId ? `guests:${accountId}` : null);
  const roles = roleOptions(actorRole);

  const columns = useMemo<Column<User>[]>(
    () => [
      userColumns.name((u) => <NameCell person={u} email={u.email} />),
      userColumns.email,
      // On a phone the status column is hidden: its badge sits under the role.
      userColumns.role(accountId, (role, u) => (
        <span className="flex flex-col items-start gap-1">
          {roleName(role)}
          <span className="sm:hidden">
            <StatusBadge user={u} />
          </span>
        </span>
      )),
      userColumns.lastSignIn,
      { id: 'status', header: 'Status', wide: true, csv: userStatus, cell: (u) => <StatusBadge user={u} /> },
    ],
    [accountId],
  );
  // Spec §6 and the server's rule: nobody edits a user who outranks them, nor themselves here.
  const editable = (u: User) => u.id !== me?.id && (!accountId || mayGrant(actorRole, effectiveRole(u, accountId)));

  return (
    <div className="space-y-4">
      <PageHeader title="Users">
        <Button onClick={() => setInviting(true)}>Invite user</Button>
      </PageHeader>
      <p className="-mt-4 text-sm text-slate-600">
        People who work in <strong className="font-semibold text-slate-900">{account?.name}</strong>.
      </p>
      <UserListView
        list={list}
        columns={columns}
        accountName={account?.name}
        rowActions={(u) =>
          editable(u) ? (
            <PersonActions
              person={u}
              onChangeRole={() => setEditing({ user: u })}
              onRemove={() => setRemoving({ person: u, seen: null })}
            />
          ) : null
        }
      />
      <Guests
        accountName={account?.name ?? 'this account'}
        guests={guests}
        editable={(g) => grantActions(g, actorRole, me?.id).revoke}
        onChangeRole={(grant) => setEditing({ grant, onReload: guests.reload })}
        onRemove={(g) => setRemoving({ person: g.user, seen: g })}
      />
      {inviting && accountId ? (
        <InviteDialog
          accountId={accountId}
          roles={roles}
          onClose={(done) => {
            setInviting(false);
            if (done) list.reload();
          }}
        />
      ) : null}
      {editing && accountId ? (
        <RoleDialog
          target={editing}
          accountId={accountId}
          roles={roles}
          onClose={(done) => {
            setEditing(null);
            if (!done) return;
            if ('user' in editing) list.reload();
            else guests.reload();
          }}
        />
      ) : null}
      <RevokeAccessDialog
        revoking={removing}
        accountId={accountId}
        accountName={account?.name}
        title={(person) => `Remove ${fullName(person)}?`}
        confirmLabel="Remove access"
        onCancel={() => setRemoving(null)}
        onDone={() => {
          setRemoving(null);
          list.reload();
          guests.reload();
        }}
      >
        <p>
          Their role on {account?.name} is taken away and they are signed out. Their measurements, reports and labels
          stay.
        </p>
      </RevokeAccessDialog>
    </div>
  );
}
