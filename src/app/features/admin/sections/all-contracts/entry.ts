/** /admin/all-contracts: every account's contracts, on the generic pages (declaration.tsx). */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 30;

export default {
  title: 'All Contracts',
  singular: 'Contract',
  access: adminRoot,
  menu: 'global',
  resource: 'contract',
  create: true,
  detailParam: 'contractId',
} satisfies AdminSectionEntry;
