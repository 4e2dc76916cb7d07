/** Projects (root): the groups measurements belong to, across accounts. */
import { declare } from '../declaration.ts';
import { RefName } from '../RefName.tsx';

export default declare({
  resource: 'project',
  noun: 'projects',
  intro: () => 'Projects group an account’s measurements.',
  initial: ({ accountId }) => ({ account: accountId }),
  filters: [{ name: 'account', label: 'Account', kind: 'reference', resource: 'account' }],
  columns: [
    { id: 'name', header: 'Name', sortField: 'name', csv: (p) => p.name, cell: (p) => p.name },
    {
      id: 'account',
      header: 'Account',
      csv: (p) => p.account,
      cell: (p) => <RefName resource="account" id={p.account} />,
    },
    {
      id: 'description',
      header: 'Description',
      wide: true,
      csv: (p) => p.description,
      cell: (p) => p.description || '—',
    },
  ],
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'account', label: 'Account' },
    { name: 'description', label: 'Description' },
  ],
  deleteConsequence: 'A project that measurements belong to cannot be deleted: move them to another project first.',
});
