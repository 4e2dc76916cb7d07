/**
 * /admin/users (admin, product-owner account): the users whose own account is the selected one,
 * with their role here, paged, sorted, searched and exported by the kit. Each opens its detail
 * (/admin/users/{userId}); users are created one at a time or in bulk from a file.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { accountOwners } from '../../../lib/api.ts';
import { effectiveRole } from '../../../shared/access.ts';
import type { User } from '../../../shared/schemas/user.ts';
import { $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { formatDate, formatDateTime } from '../../../shared/date-format.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { useResourceList, type ResourceListSpec } from '../../kit/useResourceList.ts';
import { paths } from '../../routes/index.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { fullName, roleName } from './account/people.ts';

const userList: ResourceListSpec<'user'> = {
  resource: 'user',
  noun: 'users',
  sortFields: ['first_name', 'last_name', 'email', 'created_at'],
  defaultSort: { id: 'first_name', direction: 'asc' },
};

const lastSignIn = (u: User) => (u.last_login_at ? formatDateTime(u.last_login_at) : 'Never');

export default function AdminUsersPage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const base = useMemo(() => (accountId ? { account: accountOwners(accountId) } : null), [accountId]);
  const list = useResourceList(userList, base);
  const columns = useMemo<Column<User>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        sortField: 'first_name',
        csv: fullName,
        cell: (u) => (
          <Link href={paths.adminUser(u.id)} className="font-medium text-primary-strong hover:underline">
            {fullName(u)}
          </Link>
        ),
      },
      { id: 'email', header: 'E-mail', sortField: 'email', csv: (u) => u.email, cell: (u) => u.email, wide: true },
      {
        id: 'role',
        header: 'Role here',
        csv: (u) => (accountId ? effectiveRole(u, accountId) : ''),
        cell: (u) => (accountId ? roleName(effectiveRole(u, accountId)) : ''),
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
        id: 'created',
        header: 'Created',
        sortField: 'created_at',
        wide: true,
        nowrap: true,
        csv: (u) => u.created_at.slice(0, 10),
        cell: (u) => formatDate(u.created_at),
      },
    ],
    [accountId],
  );
  return (
    <div className="space-y-4">
      <PageHeader title="Users">
        <Link href={paths.adminUsersBulkCreate()} className={buttonClass('secondary')}>
          Bulk create
        </Link>
        <Link href={paths.adminCreate('users')} className={buttonClass('primary')}>
          Create user
        </Link>
      </PageHeader>
      <p className="-mt-4 text-sm text-slate-600">
        People whose own account is <strong className="font-semibold text-slate-900">{account?.name}</strong>. Who else
        works here is under Access.
      </p>
      <ListView
        list={list}
        columns={columns}
        rowLabel={fullName}
        search="Search users"
        csv="users"
        caption={`Users of ${account?.name ?? 'this account'}`}
        empty={(filtered) => ({ title: filtered ? 'No user matches' : 'No users yet' })}
      />
    </div>
  );
}
