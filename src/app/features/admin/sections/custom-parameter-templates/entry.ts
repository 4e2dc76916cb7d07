/** /admin/custom-parameter-templates: the custom parameter templates (super), on the generic pages (declaration.tsx). */
import { adminSuper } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 50;

export default {
  title: 'Custom Parameter Templates',
  singular: 'Custom Parameter Template',
  access: adminSuper,
  menu: 'global',
  resource: 'custom-parameter-template',
  create: true,
  detailParam: 'customParameterTemplateId',
} satisfies AdminSectionEntry;
