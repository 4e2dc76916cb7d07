/**
 * Writes the two modules the route table reads about lazily loaded code, from the files that exist:
 *
 * - src/app/routes/lazy-modules.ts: the names of the page modules, as a type. The route table names
 *   pages by string, because importing them (even lazily, with `import()`) would close import
 *   circles (they import the route table) and a static import would pull their code into the first
 *   load; src/app/pages.ts finds them by glob. Typing the strings against the files makes a
 *   misspelt, renamed or missing page fail the typecheck instead of showing "not available yet".
 * - src/app/routes/admin-entries.ts: every admin section, one folder each under
 *   src/app/features/admin/sections/: its `entry.ts` (plain data, imported there, so the route
 *   table has it on first load and in Node) with its slug (the folder's name), in menu order. The
 *   entries' `order` exports are read here, so the first load carries no sorting and no places.
 *   A `declaration.tsx` beside an entry is loaded lazily by src/app/features/admin/sections.ts.
 *
 *   node scripts/lazy-modules.ts           writes both (after adding or renaming a page or section)
 *   node scripts/lazy-modules.ts --check   exits 1 when either is out of date
 *
 * tests/unit/app/page-modules.test.ts runs the check.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AdminSectionEntry } from '../src/app/routes/types.ts';
import { ROOT } from './lib.ts';

/** An entry.ts: the section's data, and its place in its menu. */
type EntryModule = { default: AdminSectionEntry; order: number };

const APP = path.join(ROOT, 'src/app');
export const LAZY_MODULES_FILE = path.join(APP, 'routes/lazy-modules.ts');
export const ADMIN_ENTRIES_FILE = path.join(APP, 'routes/admin-entries.ts');
export const ADMIN_SECTIONS_DIR = path.join(APP, 'features/admin/sections');

const names = (folder: string, pattern: RegExp) =>
  readdirSync(path.join(APP, folder))
    .filter((file) => pattern.test(file))
    .map((file) => file.replace(/\.tsx$/, ''));

/** The same files as pages.ts's glob: `./pages/*Page.tsx` and `./features/*\/*Page.tsx`. */
export function pageNames(): string[] {
  const features = readdirSync(path.join(APP, 'features'), { withFileTypes: true }).filter((d) => d.isDirectory());
  return [
    ...names('pages', /Page\.tsx$/).map((name) => `pages/${name}`),
    ...features.flatMap((feature) =>
      names(`features/${feature.name}`, /Page\.tsx$/).map((name) => `${feature.name}/${name}`),
    ),
  ].sort();
}

const union = (members: readonly string[]) => members.map((name) => `\n  | '${name}'`).join('') + ';';

/** The page names' file, formatted as prettier writes it. */
export function lazyModulesSource(): string {
  return `/**
 * Written by scripts/lazy-modules.ts from the files that exist: run \`node scripts/lazy-modules.ts\`
 * after adding, renaming or removing a page module.
 */

/** A page module (src/app/pages.ts): 'pages/<Name>Page' or '<feature>/<Name>Page'. */
export type PageName =${union(pageNames())}
`;
}

/** An admin section's folder: its slug, and its entry's menu and place in it. */
export interface SectionFolder {
  id: string;
  menu: AdminSectionEntry['menu'];
  order: number;
}

const MENUS: readonly AdminSectionEntry['menu'][] = ['account', 'global'];

/**
 * The folders of src/app/features/admin/sections/, in menu order: the Account Admin Menu's, then
 * the Global Admin Menu's, each by its entry's `order`. Anything else there, a folder without its
 * entry.ts, or two sections in one place is a mistake the generator refuses.
 */
export async function sectionFolders(dir = ADMIN_SECTIONS_DIR): Promise<SectionFolder[]> {
  const found = readdirSync(dir, { withFileTypes: true });
  const strays = found.filter((item) => !item.isDirectory()).map((item) => item.name);
  if (strays.length) throw new Error(`${dir} holds one folder per section, not files: ${strays.join(', ')}`);
  const ids = found.map((item) => item.name);
  const missing = ids.filter((id) => !existsSync(path.join(dir, id, 'entry.ts')));
  if (missing.length) throw new Error(`admin section folders without their entry.ts: ${missing.join(', ')}`);
  const folders = await Promise.all(
    ids.map(async (id) => {
      const entry = (await import(pathToFileURL(path.join(dir, id, 'entry.ts')).href)) as EntryModule;
      return { id, menu: entry.default.menu, order: entry.order };
    }),
  );
  folders.sort((a, b) => MENUS.indexOf(a.menu) - MENUS.indexOf(b.menu) || a.order - b.order);
  const clash = folders.find(
    (folder, index) => folder.menu === folders[index - 1]?.menu && folder.order === folders[index - 1]?.order,
  );
  if (clash) throw new Error(`two admin sections share place ${clash.order} of the ${clash.menu} menu (${clash.id})`);
  return folders;
}

/** 'third-party-macros' → 'thirdPartyMacros', the name an entry is imported by. */
const camel = (slug: string) => slug.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** The admin entries' file, formatted as prettier writes it. */
export async function adminEntriesSource(): Promise<string> {
  const folders = await sectionFolders();
  const imports = [...folders]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(({ id }) => `import ${camel(id)} from '../features/admin/sections/${id}/entry.ts';`);
  return `/**
 * Written by scripts/lazy-modules.ts from the folders of src/app/features/admin/sections/: run
 * \`node scripts/lazy-modules.ts\` after adding, renaming or removing a section, or moving one in its
 * menu. Each is its folder's entry.ts under its slug (the folder's name), in menu order: the
 * Account Admin Menu's, then the Global Admin Menu's, each by the entry file's \`order\`.
 */
${imports.join('\n')}
import type { AdminSectionEntry } from './types.ts';

/** The entries by slug, in menu order (an object keeps its keys' order). */
export const SECTION_ENTRIES: Readonly<Record<string, AdminSectionEntry>> = {
${folders.map(({ id }) => (camel(id) === id ? `  ${id},` : `  '${id}': ${camel(id)},`)).join('\n')}
};
`;
}

if (import.meta.main) {
  const files: [string, string][] = [
    [LAZY_MODULES_FILE, lazyModulesSource()],
    [ADMIN_ENTRIES_FILE, await adminEntriesSource()],
  ];
  for (const [file, source] of files) {
    if (!process.argv.includes('--check')) {
      writeFileSync(file, source);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    } else if (readFileSync(file, 'utf8') !== source) {
      console.error(`${path.relative(ROOT, file)} is out of date: run node scripts/lazy-modules.ts`);
      process.exitCode = 1;
    }
  }
}
