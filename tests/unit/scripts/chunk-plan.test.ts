import { describe, expect, it } from 'vitest';
import { planFromChunks, type PlanChunk } from '../../../scripts/chunk-plan.ts';

const KB = 1024;

/** A first bundle: the page registry, its pages and the chunks they import. */
function bundle(
  pages: Record<string, string[]>,
  shared: Record<string, { size: number; imports?: string[] }>,
  startsAtOnce: string[] = [],
) {
  const chunks: PlanChunk[] = [
    {
      fileName: 'App.js',
      name: 'App',
      moduleIds: ['/src/app/App.tsx'],
      imports: [],
      dynamicImports: ['pages.js', ...startsAtOnce.map((chunk) => `${chunk}.js`)],
      facadeModuleId: '/src/app/App.tsx',
      isEntry: true,
      size: 80 * KB,
    },
    {
      fileName: 'pages.js',
      name: 'pages',
      moduleIds: ['/src/app/pages.ts'],
      imports: [],
      dynamicImports: Object.keys(pages).map((page) => `${page}.js`),
      facadeModuleId: '/src/app/pages.ts',
      isEntry: false,
      size: KB,
    },
    ...Object.entries(pages).map(([page, imports]) => ({
      fileName: `${page}.js`,
      name: page,
      moduleIds: [`/src/${page}.tsx`],
      imports: imports.map((chunk) => `${chunk}.js`),
      dynamicImports: [],
      facadeModuleId: `/src/${page}.tsx`,
      isEntry: false,
      size: 2 * KB,
    })),
    ...Object.entries(shared).map(([chunk, { size, imports = [] }]) => ({
      fileName: `${chunk}.js`,
      name: chunk,
      moduleIds: [`/src/${chunk}.ts`],
      imports: imports.map((other) => `${other}.js`),
      dynamicImports: [],
      facadeModuleId: null,
      isEntry: false,
      size,
    })),
  ];
  return chunks;
}

const plan = (chunks: PlanChunk[], claimed: string[] = []) =>
  planFromChunks(chunks, {
    isPageRegistry: (id) => id.endsWith('/pages.ts'),
    claimed: (id) => claimed.includes(id),
  });

/** The chunks a page's first load asks for once the plan is applied. */
function requests(chunks: PlanChunk[], names: Map<string, string>, page: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk) return;
    for (const id of chunk.moduleIds) seen.add(names.get(id) ?? chunk.name);
    chunk.imports.forEach(visit);
  };
  visit(`${page}.js`);
  return [...seen].sort();
}

describe('the plan of shared chunks', () => {
  it('merges small chunks that the same pages load into one request', () => {
    const chunks = bundle(
      { ListA: ['table', 'pager', 'rows'], ListB: ['table', 'pager', 'rows'] },
      { table: { size: 3 * KB }, pager: { size: KB }, rows: { size: 2 * KB } },
    );
    const names = plan(chunks);
    const shared = names.get('/src/table.ts');
    expect(requests(chunks, names, 'ListA')).toEqual(['ListA', shared]);
    expect(requests(chunks, names, 'ListB')).toEqual(['ListB', shared]);
  });

  it('keeps a large chunk out of the pages that do not use it', () => {
    const chunks = bundle(
      { Dashboard: ['card'], ListA: ['card', 'forms'], ListB: ['card', 'forms'] },
      { card: { size: KB }, forms: { size: 60 * KB } },
    );
    const names = plan(chunks);
    const dashboard = requests(chunks, names, 'Dashboard');
    expect(dashboard).not.toContain(names.get('/src/forms.ts') ?? 'forms');
    // Merging the card into the forms would cost the dashboard 60 KB; the lists load both anyway.
    expect(names.get('/src/card.ts')).not.toBe(names.get('/src/forms.ts'));
  });

  it('counts what a merged chunk imports: a page does not take on a library through a small merge', () => {
    const chunks = bundle(
      { Dashboard: ['format'], ListA: ['format', 'query'], ListB: ['format', 'query'] },
      { format: { size: KB }, query: { size: KB, imports: ['schemas'] }, schemas: { size: 40 * KB } },
    );
    const names = plan(chunks);
    expect(requests(chunks, names, 'Dashboard')).not.toContain(names.get('/src/schemas.ts') ?? 'schemas');
    expect(requests(chunks, names, 'Dashboard')).toHaveLength(2);
  });

  it('leaves alone what the start requests on every page, so that no page code joins it', () => {
    const chunks = bundle(
      { ListA: ['schemas', 'table'], ListB: ['schemas', 'table'] },
      { schemas: { size: KB }, table: { size: 30 * KB }, bundle: { size: KB, imports: ['schemas'] } },
      ['bundle'],
    );
    const names = plan(chunks);
    // Merged with the table, the schemas would bring 30 KB to every page that loads the bundle.
    expect(names.has('/src/schemas.ts')).toBe(false);
  });

  it('leaves alone the chunks already grouped and those only code loaded later imports', () => {
    const chunks = bundle(
      { ListA: ['shell', 'table'], ListB: ['shell', 'table'] },
      {
        shell: { size: KB },
        table: { size: KB },
        filters: { size: KB },
      },
    );
    const names = plan(chunks, ['/src/shell.ts']);
    expect(names.has('/src/shell.ts')).toBe(false);
    expect(names.has('/src/filters.ts')).toBe(false);
  });
});
