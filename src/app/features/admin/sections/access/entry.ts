/** /admin/access: who holds which role on the selected account; a page of its own. */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Account Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 30;

export default {
  title: 'Access',
  singular: 'Access',
  access: adminRoot,
  menu: 'account',
  pages: { list: 'admin/AccountAccessPage' },
} satisfies AdminSectionEntry;
