/** /admin/lookup-tables: the seven lookup tables (super): their list is a page of its own, one table's rows the generic list (declaration.tsx serves all seven). */
import { adminSuper } from '../../../../routes/declare.ts';
import type { AdminSectionEntry } from '../../../../routes/types.ts';

/** Its place in the Global Admin Menu, lowest first (admin-entries.ts lists the sections by it). */
export const order = 80;

export default {
  title: 'Lookup Tables',
  singular: 'Lookup Table',
  access: adminSuper,
  menu: 'global',
  detailParam: 'lookupTableName',
  // The seven tables, then one table's rows: a list on both routes (its records are lookups).
  pages: { list: 'admin/LookupTablesPage', detail: 'admin/AdminListPage' },
} satisfies AdminSectionEntry;
