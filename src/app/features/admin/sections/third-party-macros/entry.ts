/** /admin/third-party-macros: the third-party macros, on the generic pages (declaration.tsx). */
import { adminRoot } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 20;

export default {
  title: 'Third Party Macros',
  singular: 'Third Party Macro',
  access: adminRoot,
  menu: 'global',
  resource: 'third-party-macro',
  create: true,
  detailParam: 'thirdPartyMacroId',
} satisfies AdminSectionEntry;
