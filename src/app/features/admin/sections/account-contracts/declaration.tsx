/** Account Contracts (root): the selected account's contracts; a new one starts with that account. */
import { contractColumns, contractFields } from '../../contracts.tsx';
import { declare } from '../../declaration.ts';

export default declare({
  resource: 'contract',
  noun: 'contracts',
  intro: ({ accountName }) => `Contracts of ${accountName}. A contract is active while it has measurements attached.`,
  base: ({ accountId }) => ({ accounts: [accountId] }),
  initial: ({ accountId }) => ({ accounts: [accountId] }),
  columns: contractColumns,
  fields: contractFields.map((field) =>
    field.name === 'measurements' ? { ...field, referenceBase: ({ accountId }) => ({ account: [accountId] }) } : field,
  ),
  deleteConsequence:
    'Its accounts lose this contract; an account left without an active one shows the contract banner.',
});
