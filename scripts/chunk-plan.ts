/**
 * Which of the chunks pages share to merge. The module graph cannot say which page uses which
 * module: libraries (and a few of ours) are imported through modules that re-export everything,
 * and only tree shaking tells what a page really uses. So a quick first bundle of the app, with
 * Rolldown's own splitting (one chunk per set of importers, what each page really loads), is taken
 * as the measure; its shared chunks are then merged where that lowers what the pages pay on a
 * phone, and the real build groups each merged chunk's modules under one name.
 */
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';
import { viteImportGlobPlugin } from 'rolldown/experimental';
import { closure } from './graph.ts';

/**
 * What one more request costs a page, in gzipped bytes it may load for nothing instead. On the
 * slow 4G Lighthouse simulates (150 ms round trips, 1.6 Mbps, six connections), six small requests
 * take a round trip: 25 ms, the time some 5 KB take to arrive.
 */
export const REQUEST_COST = 5 * 1024;

/** Page sets as bit sets, 31 pages a number. */
type Pages = number[];
const union = (a: Pages, b: Pages): Pages => a.map((word, i) => word | (b[i] ?? 0));
const bits = (word: number) => {
  let n = 0;
  for (let w = word; w; w &= w - 1) n++;
  return n;
};
/** How many pages of `a` are not in `b`. */
const without = (a: Pages, b: Pages) => a.reduce((n, word, i) => n + bits(word & ~(b[i] ?? 0)), 0);
const common = (a: Pages, b: Pages) => a.reduce((n, word, i) => n + bits(word & (b[i] ?? 0)), 0);

export type Cluster = {
  name: string;
  /** The pages whose first load includes it. */
  pages: Pages;
  /** Gzipped bytes. */
  size: number;
  modules: string[];
  /** The clusters it imports statically. */
  imports: Set<Cluster>;
  /**
   * Never merged, but counted: code the start may request (see planFromChunks) that a page's
   * chunks import. A merge that makes a page import it makes that page load it.
   */
  fixed?: boolean;
};

const reachable = (from: Cluster): Set<Cluster> => closure([from], (cluster) => cluster.imports);

/**
 * Merges clusters greedily, the merge that lowers the pages' total cost most first, while one
 * does. A page pays the bytes it loads plus `requestCost` per chunk. Merging A and B saves a
 * request to each page that loads both; each page that loads only one now loads the other too,
 * and whatever the other imports.
 */
export function mergeClusters(clusters: Cluster[], requestCost = REQUEST_COST): Cluster[] {
  const live = [...clusters];
  const gain = (a: Cluster, b: Cluster) => {
    if (a.fixed || b.fixed) return 0;
    const both = common(a.pages, b.pages);
    if (!both) return 0;
    const pages = union(a.pages, b.pages);
    let cost = a.size * without(b.pages, a.pages) + b.size * without(a.pages, b.pages);
    for (const reached of new Set([...reachable(a), ...reachable(b)])) {
      if (reached !== a && reached !== b) cost += without(pages, reached.pages) * (reached.size + requestCost);
    }
    return both * requestCost - cost;
  };
  for (;;) {
    let best = { gain: 0, a: -1, b: -1 };
    for (let a = 0; a < live.length; a++) {
      for (let b = a + 1; b < live.length; b++) {
        const g = gain(live[a] as Cluster, live[b] as Cluster);
        if (g > best.gain) best = { gain: g, a, b };
      }
    }
    if (best.a < 0) return live;
    const a = live[best.a] as Cluster;
    const b = live.splice(best.b, 1)[0] as Cluster;
    const merged: Cluster = {
      // Named after its largest part (Rolldown's helpers name nothing: the build keeps them apart).
      name: (a.size >= b.size && a.name) || b.name || a.name,
      pages: union(a.pages, b.pages),
      size: a.size + b.size,
      modules: [...a.modules, ...b.modules],
      imports: new Set([...a.imports, ...b.imports].filter((c) => c !== a && c !== b)),
    };
    live[best.a] = merged;
    for (const cluster of live) {
      if (cluster.imports.delete(a) || cluster.imports.delete(b)) cluster.imports.add(merged);
      cluster.imports.delete(cluster);
    }
    for (const reached of reachable(merged)) reached.pages = union(reached.pages, merged.pages);
  }
}

/** A chunk of the first bundle. */
export type PlanChunk = {
  fileName: string;
  name: string;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  /** Gzipped bytes. */
  size: number;
};

/**
 * The merged clusters of a first bundle's chunks: those the pages load that hold neither a page's
 * own code, nor code loaded later only, nor code already grouped (`claimed`: the start's, the
 * shell's, the schemas'), nor code the start may request (merged with a page's code, the schema
 * bundle made every page load that code before its largest paint, before chunks.ts grouped it).
 * The last two, and a chunk grouped only in part, are never merged but weigh in the cost of a merge
 * that makes a page import them. Answers each merged module's group name.
 */
export function planFromChunks(
  chunks: PlanChunk[],
  roles: { isPageRegistry: (id: string) => boolean; claimed: (id: string) => boolean },
  requestCost = REQUEST_COST,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (files: string[]) => closure(files, (file) => byFile.get(file)?.imports ?? []);
  const start = staticClosure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const early = staticClosure([...start].flatMap((file) => byFile.get(file)?.dynamicImports ?? []));
  const registry = chunks.find((chunk) => chunk.facadeModuleId && roles.isPageRegistry(chunk.facadeModuleId));
  const pages = registry?.dynamicImports ?? [];
  const words = Math.ceil(pages.length / 31) || 1;
  const clusters = new Map<string, Cluster>();
  pages.forEach((page, i) => {
    for (const file of staticClosure(byFile.get(page)?.imports ?? [])) {
      const chunk = byFile.get(file);
      if (!chunk || chunk.facadeModuleId || chunk.moduleIds.every(roles.claimed)) continue;
      let cluster = clusters.get(file);
      if (!cluster) {
        cluster = {
          name: chunk.name === 'rolldown-runtime' ? '' : chunk.name,
          pages: Array.from({ length: words }, () => 0),
          size: chunk.size,
          modules: chunk.moduleIds,
          imports: new Set(),
          // Left out of merges, it still costs what it weighs: React Aria's button code, reached
          // through a merge of `useAsync` with a button built on it, came to home and the dashboard.
          // So does a chunk part of which is grouped already (React DOM came with React Aria's
          // button code in the first bundle; the build puts it into the app's chunk).
          fixed: early.has(file) || chunk.moduleIds.some(roles.claimed),
        };
        clusters.set(file, cluster);
      }
      cluster.pages[Math.floor(i / 31)] = (cluster.pages[Math.floor(i / 31)] ?? 0) | (1 << (i % 31));
    }
  });
  for (const [file, cluster] of clusters) {
    for (const imported of byFile.get(file)?.imports ?? []) {
      const target = clusters.get(imported);
      if (target) cluster.imports.add(target);
    }
  }
  const plan = new Map<string, string>();
  const names = new Set<string>();
  for (const cluster of mergeClusters([...clusters.values()], requestCost)) {
    if (cluster.fixed) continue;
    const base = `kit-${cluster.name || 'shared'}`;
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}${n}`;
    names.add(name);
    for (const id of cluster.modules) plan.set(id, name);
  }
  return plan;
}

/**
 * The first bundle: the app's island entry with Rolldown's own splitting, minified so that sizes
 * are what a page downloads.
 */
export async function firstBundle(root: string, entry: string): Promise<PlanChunk[]> {
  const bundle = await rolldown({
    input: entry,
    cwd: root,
    platform: 'browser',
    tsconfig: true,
    logLevel: 'silent',
    plugins: [viteImportGlobPlugin({ root })],
    transform: {
      jsx: { runtime: 'automatic' },
      define: {
        'import.meta.env.SSR': 'false',
        'import.meta.env.DEV': 'false',
        'import.meta.env.PROD': 'true',
        'process.env.NODE_ENV': '"production"',
      },
    },
  });
  const { output } = await bundle.generate({ format: 'es', minify: true });
  await bundle.close();
  return output.flatMap((item): PlanChunk[] =>
    item.type === 'chunk'
      ? [
          {
            fileName: item.fileName,
            name: item.name,
            moduleIds: item.moduleIds,
            imports: item.imports,
            dynamicImports: item.dynamicImports,
            facadeModuleId: item.facadeModuleId,
            isEntry: item.isEntry,
            size: gzipSync(item.code).length,
          },
        ]
      : [],
  );
}
