/**
 * /admin/users (admin, product-owner account): the users whose own account is the selected one,
 * with their role here, paged, sorted, searched and exported by the kit. Each opens its detail
 * (/admin/users/{userId}); users are created one at a time or in bulk from a file.
 */
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { User } from '../../../shared/schemas/user.ts';
import { formatDate } from '../../../shared/date-format.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { paths } from '../../routes/index.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { fullName, roleName } from '../../shared/people.tsx';
import { useAccountUsers, userColumns, UserListView } from '../../kit/UserList.tsx';

export default function AdminUsersPage() {
  const { accountId, account, list } = useAccountUsers();
  const columns = useMemo<Column<User>[]>(
    () => [
      userColumns.name((u) => (
        <Link href={paths.adminUser(u.id)} className="font-medium text-primary-strong hover:underline">
          {fullName(u)}
        </Link>
      )),
      userColumns.email,
      userColumns.role(accountId, roleName),
      userColumns.lastSignIn,
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
      <UserListView list={list} columns={columns} accountName={account?.name} />
    </div>
  );
}
