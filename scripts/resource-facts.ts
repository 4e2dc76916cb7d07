/**
 * Writes src/shared/resource-facts.ts: the plain facts of each registry resource that the browser
 * reads on a page's first load (what a list may sort by, how a record is named, who may change a
 * row), taken from the registry (src/shared/schemas/index.ts). The registry itself is zod schemas:
 * importing it for these few strings made every list page load zod and make its schemas in the
 * main thread (src/lib/parse-jobs.ts says what that cost a phone). The facts stay derived: this
 * script writes them, and a test fails when the file and the registry differ.
 *
 *   node scripts/resource-facts.ts           writes the file (after changing the registry)
 *   node scripts/resource-facts.ts --check   exits 1 when it is out of date
 *
 * tests/unit/shared/resource-facts.test.ts runs the check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'prettier';
import { RESOURCE_NAMES, resources, type ResourceDefinition } from '../src/shared/schemas/index.ts';
import { ROOT } from './lib.ts';

export const RESOURCE_FACTS_FILE = path.join(ROOT, 'src/shared/resource-facts.ts');

/** The registry fields the file carries (ResourceFacts in the file names the same). */
const FACTS = ['title', 'sortFields', 'titleFields', 'accountPath', 'writePermission', 'creator'] as const;

/** The file's text, formatted as the repository's prettier writes it. */
export async function resourceFactsSource(): Promise<string> {
  const table = Object.fromEntries(
    RESOURCE_NAMES.map((name) => {
      const entry: ResourceDefinition = resources[name];
      return [name, Object.fromEntries(FACTS.filter((fact) => entry[fact] !== undefined).map((f) => [f, entry[f]]))];
    }),
  );
  const text = `/**
 * Written by scripts/resource-facts.ts from the registry (src/shared/schemas/index.ts): run
 * \`node scripts/resource-facts.ts\` after changing a resource's entry. The plain facts the browser
 * needs on a first load, without zod (the script says why).
 */
import type { ResourceDefinition, ResourceName } from './schemas/index.ts';

/** What this table carries of a registry entry. */
export type ResourceFacts = Pick<ResourceDefinition, ${FACTS.map((fact) => `'${fact}'`).join(' | ')}>;

export const RESOURCE_FACTS: { readonly [Name in ResourceName]: ResourceFacts } = ${JSON.stringify(table)};

/** Whether a name is a registry resource's. */
export const isResource = (name: string): name is ResourceName => Object.hasOwn(RESOURCE_FACTS, name);
`;
  const options = JSON.parse(readFileSync(path.join(ROOT, '.prettierrc.json'), 'utf8')) as object;
  return format(text, { ...options, filepath: RESOURCE_FACTS_FILE });
}

if (import.meta.main) {
  const source = await resourceFactsSource();
  if (process.argv.includes('--check')) {
    if (readFileSync(RESOURCE_FACTS_FILE, 'utf8') !== source) {
      console.error(`${path.relative(ROOT, RESOURCE_FACTS_FILE)} is out of date: run node scripts/resource-facts.ts`);
      process.exit(1);
    }
  } else writeFileSync(RESOURCE_FACTS_FILE, source);
}
