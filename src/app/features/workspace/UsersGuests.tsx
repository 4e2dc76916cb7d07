/**
 * The guests of /users: users of other accounts who hold a role on the selected one (an access
 * grant). The grants endpoint answers the list whole; its search and sort live in the URL under
 * their own prefix, beside the users table's.
 */
import { useMemo } from 'react';
import { ROLE_ORDER } from '../../../shared/constants.ts';
import type { AccountGrant } from '../../../shared/schemas/account-users.ts';
import { messages } from '../../../shared/messages.ts';
import { loadGrants } from '../../../lib/grants.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { useLocalList } from '../../kit/useLocalList.ts';
import type { ResourceListSpec } from '../../kit/useResourceList.ts';
import { Card } from '../../shared/Card.tsx';
import { fullName, roleName } from '../../shared/people.tsx';
import { NameCell, PersonActions } from './UserRows.tsx';

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

const columns: Column<Guest>[] = [
  {
    id: 'name',
    header: 'Name',
    sortField: 'first_name',
    cell: (g) => <NameCell person={g.user} email={g.user.email} />,
  },
  { id: 'email', header: 'E-mail', sortField: 'email', wide: true, cell: (g) => g.user.email },
  { id: 'role', header: 'Role here', sortField: 'role', cell: (g) => roleName(g.role) },
];

/** The account's guests: access grants held by users whose own account is another one. */
export async function loadGuests(account: string): Promise<AccountGrant[]> {
  return (await loadGrants(account)).filter((grant) => grant.kind === 'account' && !grant.own_account);
}

export function Guests({
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
