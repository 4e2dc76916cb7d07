/**
 * Which admin section a route shows, and its declaration, loaded lazily: each section's
 * ./sections/<slug>/declaration.tsx is its own chunk, so opening Projects never downloads the
 * lookup tables' declaration. The entry.ts beside it is part of the route table (ADMIN_SECTIONS).
 *
 * A section's paths, titles and access come from the route table (ADMIN_SECTIONS); the lookup
 * tables (one section, seven resources) and the correlation page (the import job statuses of one
 * import) are the two places where a route parameter picks what the section shows.
 */
import { ADMIN_SECTIONS, hrefOf, LOOKUP_TABLES, paths, type AdminSection } from '../../routes/index.ts';
import type { AdminDeclaration, SectionContext } from './declaration.ts';

type DeclarationModule = {
  default: AdminDeclaration | ((context: SectionContext) => AdminDeclaration);
};

const modules = import.meta.glob<DeclarationModule>('./sections/*/declaration.tsx');

/** Where a section's pages are, and what it is called, for one route. */
export interface SectionView {
  section: AdminSection;
  /** Plural title ('Third Party Macros', or the lookup table's 'Media Partners'). */
  title: string;
  singular: string;
  listPath: string;
  createPath: string | null;
  detailPath: ((id: string) => string) | null;
  /** Route parameters the declaration reads (a lookup table's name, a correlation id). */
  params: Readonly<Record<string, string>>;
}

const sectionById = (id: string) => ADMIN_SECTIONS.find((section) => section.id === id);

/**
 * The section a route id belongs to: 'admin.projects.create' → projects; the extra admin routes
 * (contracts/{id}, the lookups, the correlation page) → the section that owns them.
 */
export function sectionView(routeId: string, params: Readonly<Record<string, string>>): SectionView | null {
  const table = LOOKUP_TABLES.find((t) => t.name === params.lookupTableName);
  if (routeId.startsWith('admin.lookup')) {
    const section = sectionById('lookup-tables');
    if (!section) return null;
    if (routeId === 'admin.lookup-tables') return base(section, params);
    if (!table) return null;
    return {
      section,
      title: table.title,
      singular: table.title.replace(/s$/, ''),
      listPath: paths.adminLookupTable(table.name),
      createPath: paths.adminLookupCreate(table.name),
      detailPath: (id) => paths.adminLookup(table.name, id),
      params,
    };
  }
  if (routeId === 'admin.contract') {
    const section = sectionById('all-contracts');
    return section ? base(section, params) : null;
  }
  if (routeId === 'admin.import-job-status') {
    const section = sectionById('import-job-statuses');
    return section ? base(section, params) : null;
  }
  const id = routeId.split('.')[1] ?? '';
  const section = sectionById(id);
  return section ? base(section, params) : null;
}

function base(section: AdminSection, params: Readonly<Record<string, string>>): SectionView {
  const param = section.detailParam;
  return {
    section,
    title: section.title,
    singular: section.singular,
    listPath: paths.adminSection(section.id),
    createPath: section.create ? paths.adminCreate(section.id) : null,
    detailPath: param ? (id) => hrefOf(`admin.${section.id}.detail`, { [param]: id }) : null,
    params,
  };
}

/** The declaration of a section, from its own lazily loaded file; null when it has none. */
export async function loadDeclaration(view: SectionView, context: SectionContext): Promise<AdminDeclaration | null> {
  // A section whose pages are all its own has none (tests/unit/app/admin-sections.test.tsx checks
  // that every section a generic page renders has one).
  const load = modules[`./sections/${view.section.id}/declaration.tsx`];
  if (!load) return null;
  const module = await load();
  return typeof module.default === 'function' ? module.default(context) : module.default;
}
