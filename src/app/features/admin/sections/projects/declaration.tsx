/** Projects (root): the groups measurements belong to, across accounts. */
import { declare } from '../../declaration.ts';

export default declare({
  resource: 'project',
  noun: 'projects',
  intro: () => 'Projects group an account’s measurements.',
  initial: ({ accountId }) => ({ account: accountId }),
  filters: [{ name: 'account', label: 'Account', kind: 'reference', resource: 'account' }],
  columns: ({ field, reference }) => [
    field('name', 'Name', { sortable: true }),
    reference('account', 'Account', 'account'),
    field('description', 'Description', { wide: true, cell: (p) => p.description || '—' }),
  ],
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'account', label: 'Account' },
    { name: 'description', label: 'Description' },
  ],
  deleteConsequence: 'A project that measurements belong to cannot be deleted: move them to another project first.',
});
