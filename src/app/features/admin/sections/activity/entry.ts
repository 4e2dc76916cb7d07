/** /admin/activity: the selected account's audit trail; the activity page, shared with All Activity. */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Account Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 70;

export default {
  title: 'Activity',
  singular: 'Activity',
  access: adminRoot,
  menu: 'account',
  pages: { list: 'admin/ActivityPage' },
} satisfies AdminSectionEntry;
