/** All Contracts (root): every account's contracts; /admin/contracts/{id} opens one too. */
import { contractColumns, contractFields } from '../../contracts.tsx';
import { declare } from '../../declaration.ts';

export default declare({
  resource: 'contract',
  noun: 'contracts',
  intro: () => 'Contracts across every account. A contract is active while it has measurements attached.',
  columns: contractColumns,
  fields: contractFields,
  deleteConsequence:
    'Its accounts lose this contract; an account left without an active one shows the contract banner.',
});
