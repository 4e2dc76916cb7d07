/** /admin/account-contracts: the selected account's contracts, on the generic pages (declaration.tsx). */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Account Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 40;

export default {
  title: 'Account Contracts',
  singular: 'Contract',
  access: adminRoot,
  menu: 'account',
  resource: 'contract',
  create: true,
  detailParam: 'contractId',
} satisfies AdminSectionEntry;
