/** /admin/upload-templates: the upload templates (super), on the generic pages (declaration.tsx). */
import { adminSuper } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 70;

export default {
  title: 'Upload Templates',
  singular: 'Upload Template',
  access: adminSuper,
  menu: 'global',
  resource: 'upload-template',
  create: true,
  detailParam: 'uploadTemplateId',
} satisfies AdminSectionEntry;
