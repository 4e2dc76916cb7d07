/**
 * Writes src/app/routes/lazy-modules.ts: the names of the modules the route table loads lazily, read
 * from the files that exist. The route table names them by string, because importing them (even
 * lazily, with `import()`) would close import circles (they import the route table) and a static
 * import would pull their code into the first load; src/app/pages.ts and
 * src/app/features/admin/sections.ts find them by glob. Typing the strings against the files makes
 * a misspelt, renamed or missing module fail the typecheck instead of showing "not available yet".
 *
 *   node scripts/lazy-modules.ts           writes the file (after adding or renaming a page or section)
 *   node scripts/lazy-modules.ts --check   exits 1 when it is out of date
 *
 * tests/unit/app/page-modules.test.ts runs the check.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.ts';

const APP = path.join(ROOT, 'src/app');
export const LAZY_MODULES_FILE = path.join(APP, 'routes/lazy-modules.ts');

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

/** The same files as admin/sections.ts's glob: `./sections/*.tsx`, one per declared section. */
export function declarationNames(): string[] {
  return names('features/admin/sections', /\.tsx$/).sort();
}

const union = (members: readonly string[]) => members.map((name) => `\n  | '${name}'`).join('') + ';';

/** The file's text, formatted as prettier writes it. */
export function lazyModulesSource(): string {
  return `/**
 * Written by scripts/lazy-modules.ts from the files that exist: run \`node scripts/lazy-modules.ts\`
 * after adding, renaming or removing a page module or an admin section's declaration.
 */

/** A page module (src/app/pages.ts): 'pages/<Name>Page' or '<feature>/<Name>Page'. */
export type PageName =${union(pageNames())}

/** An admin section's declaration (src/app/features/admin/sections/<name>.tsx). */
export type AdminDeclarationName =${union(declarationNames())}
`;
}

if (import.meta.main) {
  const source = lazyModulesSource();
  if (process.argv.includes('--check')) {
    const current = readFileSync(LAZY_MODULES_FILE, 'utf8');
    if (current !== source) {
      console.error(`${path.relative(ROOT, LAZY_MODULES_FILE)} is out of date: run node scripts/lazy-modules.ts`);
      process.exit(1);
    }
  } else {
    writeFileSync(LAZY_MODULES_FILE, source);
    console.log(`wrote ${path.relative(ROOT, LAZY_MODULES_FILE)}`);
  }
}
