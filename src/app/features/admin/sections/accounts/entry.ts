/** /admin/accounts: every account, on the generic pages (declaration.tsx). */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 10;

export default {
  title: 'Accounts',
  singular: 'Account',
  access: adminRoot,
  menu: 'global',
  resource: 'account',
  create: true,
  detailParam: 'accountId',
} satisfies AdminSectionEntry;
