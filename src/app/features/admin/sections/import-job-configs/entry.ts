/** /admin/import-job-configs: the import job configs (super), on the generic pages (declaration.tsx). */
import { adminSuper } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 60;

export default {
  title: 'Import Job Configs',
  singular: 'Import Job Config',
  access: adminSuper,
  menu: 'global',
  resource: 'import-job-config',
  create: true,
  detailParam: 'importJobConfigId',
} satisfies AdminSectionEntry;
