/** /admin/reports: the admin-defined reports of the selected account, on the generic pages (declaration.tsx). */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Account Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 50;

export default {
  title: 'Reports',
  singular: 'Report',
  access: adminRoot,
  menu: 'account',
  resource: 'report',
  create: true,
  detailParam: 'reportId',
} satisfies AdminSectionEntry;
