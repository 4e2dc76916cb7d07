/**
 * The users of the selected account as both user pages list them (/users for the account's admins,
 * /admin/users for the platform's): one list state, the columns they share and one ListView
 * set-up. Each page adds its own name cell, role cell and actions.
 */
import { useStore } from '@nanostores/react';
import { useMemo, type ReactNode } from 'react';
import { accountOwners } from '../../lib/api.ts';
import { effectiveRole, type Role } from '../../shared/access.ts';
import { formatDateTime } from '../../shared/date-format.ts';
import type { User } from '../../shared/schemas/user.ts';
import { $selectedAccount, $selectedAccountId } from '../../stores/account.ts';
import type { Column } from './DataTable.tsx';
import { ListView } from './ListView.tsx';
import { useResourceList, type ResourceListSpec } from './useResourceList.ts';
import { fullName } from '../shared/people.tsx';

const userList: ResourceListSpec<'user'> = {
  resource: 'user',
  noun: 'users',
  sortFields: ['first_name', 'last_name', 'email', 'created_at'],
  defaultSort: { id: 'first_name', direction: 'asc' },
};

/** The users whose own account is the selected one, paged, sorted and searched in the URL. */
export function useAccountUsers() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const base = useMemo(() => (accountId ? { account: accountOwners(accountId) } : null), [accountId]);
  const list = useResourceList(userList, base);
  return { accountId, account, list };
}

/** The columns both pages show, each around the cell the page draws (a link, a badge). */
export const userColumns = {
  name: (cell: (user: User) => ReactNode): Column<User> => ({
    id: 'name',
    header: 'Name',
    sortField: 'first_name',
    csv: fullName,
    cell,
  }),
  email: { id: 'email', header: 'E-mail', sortField: 'email', wide: true, csv: (u) => u.email, cell: (u) => u.email },
  role: (accountId: string | null, cell: (role: Role, user: User) => ReactNode): Column<User> => {
    const here = (u: User) => (accountId ? effectiveRole(u, accountId) : 'read');
    return { id: 'role', header: 'Role here', csv: here, cell: (u) => cell(here(u), u) };
  },
  lastSignIn: {
    id: 'last',
    header: 'Last sign-in',
    wide: true,
    nowrap: true,
    csv: (u) => u.last_login_at ?? 'Never',
    cell: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : 'Never'),
  },
} satisfies Record<string, Column<User> | ((...args: never[]) => Column<User>)>;

export function UserListView({
  list,
  columns,
  accountName,
  rowActions,
}: {
  list: ReturnType<typeof useAccountUsers>['list'];
  columns: readonly Column<User>[];
  accountName: string | undefined;
  rowActions?: (user: User) => ReactNode;
}) {
  return (
    <ListView
      list={list}
      columns={columns}
      rowLabel={fullName}
      search="Search users"
      csv="users"
      caption={`Users of ${accountName ?? 'this account'}`}
      rowActions={rowActions}
      empty={(filtered) => ({ title: filtered ? 'No user matches' : 'No users yet' })}
    />
  );
}
