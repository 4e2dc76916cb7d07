/** /admin/name-mapping: raw import names to clean names, by type; a page of its own. */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Account Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 60;

export default {
  title: 'Name Mapping',
  singular: 'Name Mapping',
  access: adminRoot,
  menu: 'account',
  resource: 'name-mapping',
  pages: { list: 'admin/NameMappingPage' },
} satisfies AdminSectionEntry;
