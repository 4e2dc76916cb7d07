/** /admin/all-activity: every account's audit trail (super); the activity page, shared with Activity. */
import { adminSuper } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 100;

export default {
  title: 'All Activity',
  singular: 'Activity',
  access: adminSuper,
  menu: 'global',
  pages: { list: 'admin/ActivityPage' },
} satisfies AdminSectionEntry;
