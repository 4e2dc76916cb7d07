/** /admin/import-job-statuses: the status events of imports, on the generic list (declaration.tsx). */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 90;

export default {
  title: 'Import Job Statuses',
  singular: 'Import Job Status',
  access: adminRoot,
  menu: 'global',
  resource: 'import-job-status',
} satisfies AdminSectionEntry;
