/**
 * The admin area's sections (spec §2 "Admin area", §6), in menu order: admin.ts derives their
 * routes and the two admin menus (the sidebar and the admin home page's cards) from this list.
 *
 * A section is one folder, src/app/features/admin/sections/<slug>/: `entry.ts` (titles, access,
 * menu and its place there, resource, pages: plain data, read on first load and by Node) and, when
 * a generic page renders it, `declaration.tsx` (columns, filters, fields: a lazily loaded chunk).
 * `node scripts/lazy-modules.ts` collects the entries, in menu order, into admin-entries.ts; their
 * page names are typed against the page modules there are (PageName, lazy-modules.ts).
 */
import { SECTION_ENTRIES } from './admin-entries.ts';
import type { AdminSection } from './types.ts';

export const ADMIN_SECTIONS: readonly AdminSection[] = Object.entries(SECTION_ENTRIES).map(([id, entry]) => ({
  ...entry,
  id,
}));
