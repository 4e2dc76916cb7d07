/** /admin/projects: the projects measurements belong to, on the generic pages (declaration.tsx). */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 40;

export default {
  title: 'Projects',
  singular: 'Project',
  access: adminRoot,
  menu: 'global',
  resource: 'project',
  create: true,
  detailParam: 'projectId',
} satisfies AdminSectionEntry;
