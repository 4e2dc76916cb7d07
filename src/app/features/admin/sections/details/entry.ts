/** /admin/details: the selected account's details, where the admin area opens; its page is its own. */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Account Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 10;

export default {
  title: 'Details',
  singular: 'Details',
  access: adminRoot,
  menu: 'account',
  // The admin area opens on the selected account's details.
  nav: { menu: 'top', label: 'Admin', order: 40 },
  pages: { list: 'admin/AccountDetailsPage' },
} satisfies AdminSectionEntry;
