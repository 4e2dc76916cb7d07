/**
 * How the browser build groups modules into chunks. Left to itself, Rolldown gives every set of
 * importers its own chunk: 220 files, most of them 1–2 KB, and a signed-in page's first load asked
 * for 55 to 75 of them. On a phone each request costs (Lighthouse simulates six connections with
 * 150 ms round trips), so the code every signed-in page loads first is grouped by when it is needed:
 *
 * - the login and documentation scripts keep Rolldown's own chunks, split by the pages that use
 *   them: those pages load their own few KB and nothing of the app; what they share with the app's
 *   first load (the guide's part of it) is one chunk, `site-shared`.
 * - `app`: the island's static closure (React, React DOM, the entry, stores, router), preloaded
 *   with the HTML. One chunk instead of twenty, and no more bytes than before: what is preloaded
 *   competes with the CSS for the first paint.
 * - `Shell`: the shell, requested as soon as the app starts and needed by every signed-in page.
 * - `schema-bundle`: zod and the schemas a page makes itself (forms, the search). The API's answers
 *   are parsed in the parse worker (src/lib/parse.ts), so a page that only shows data loads none.
 * - `kit-*`: the chunks several pages share, merged where a page's requests saved are worth more
 *   than the bytes a page then loads for nothing (scripts/chunk-plan.ts).
 *
 * A page's own code stays its own chunk (the route table requests it early), and code loaded later
 * (list filters, a modal's panel, the password meter) keeps Rolldown's own chunks, out of a first
 * load.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModuleInfo } from 'rolldown';
import type { Plugin } from 'vite';
import { firstBundle, planFromChunks, type PlanChunk } from './chunk-plan.ts';
import { closure } from './graph.ts';

type Graph = { getModuleInfo(id: string): ModuleInfo | null };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The app's island (src/pages/app.astro hydrates it). */
const ISLAND = 'src/app/App.tsx';
/** The app's shell, requested as soon as the app starts. */
const SHELL = /[\\/]src[\\/]app[\\/]shell[\\/]Shell\.tsx$/;
/** The schemas a page makes itself (src/lib/schemas.ts says which). */
const SCHEMA_BUNDLE = /[\\/]src[\\/]lib[\\/]schema-bundle\.ts$/;
/** zod's own modules. */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** The page registry: it imports every page. */
const PAGE_REGISTRY = /[\\/]src[\\/]app[\\/]pages\.ts$/;
/** Astro's page scripts (the login form, the documentation's search and tour). */
const PAGE_SCRIPT = /\?astro&type=script/;
/** The guide's page scripts (src/pages/documentation/…): their pages load at most 10 KB of JavaScript. */
const GUIDE_SCRIPT = /[\\/]src[\\/]pages[\\/]documentation[\\/].*\?astro&type=script/;

const baseName = (id: string) => (id.split(/[\\/]/).pop() ?? id).replace(/\..*$/, '');

/**
 * Every module's group (null: left to Rolldown), found once per build from the module graph,
 * starting from any module of the build.
 */
export function chunkNames(graph: Graph, seed: string): Map<string, string | null> {
  const modules = new Map<string, ModuleInfo>();
  for (const id of closure([seed], (id) => {
    const info = graph.getModuleInfo(id);
    return info
      ? [...info.importedIds, ...info.dynamicallyImportedIds, ...info.importers, ...info.dynamicImporters]
      : [];
  })) {
    const info = graph.getModuleInfo(id);
    if (info) modules.set(id, info);
  }
  const staticClosure = (roots: string[]) => closure(roots, (id) => modules.get(id)?.importedIds ?? []);
  const ids = [...modules.keys()];
  // What makes zod schemas as it loads: zod and every module that imports it, directly or not. A
  // schema chunk holds only these: a plain helper the schemas share with the pages (the report
  // dates, the metric names) placed in it made a page load and run every schema with it.
  const makesSchemas = closure(
    ids.filter((id) => ZOD.test(id)),
    (id) => modules.get(id)?.importers ?? [],
  );
  const schemaClosure = (pattern: RegExp) =>
    [...staticClosure(ids.filter((id) => pattern.test(id)))].filter((id) => makesSchemas.has(id));
  const entries = ids.filter((id) => modules.get(id)?.isEntry);
  const site = staticClosure(entries.filter((id) => PAGE_SCRIPT.test(id)));
  const guide = staticClosure(entries.filter((id) => GUIDE_SCRIPT.test(id)));
  const start = staticClosure(entries.filter((id) => !PAGE_SCRIPT.test(id)));
  const shell = staticClosure(ids.filter((id) => SHELL.test(id)));
  // What the entry requests beside the shell and the shell imports too (the page registry, the
  // accounts store) keeps a chunk of its own: the route's page code starts from the registry,
  // without waiting for the shell.
  const beside = [...start]
    .flatMap((id) => modules.get(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => shell.has(id) && !SHELL.test(id));
  const names = new Map<string, string | null>();
  const claim = (name: string | null, group: Iterable<string>) => {
    for (const id of group) if (!names.has(id)) names.set(id, name);
  };
  // The first group that claims a module keeps it. What the login or documentation scripts load is
  // left to Rolldown, which splits it by the pages that use it: one chunk of it all would make each
  // of those pages load what only another uses (the demo script's 10 KB budget), and none of them
  // ever loads the app's chunks. Except what a guide script shares with the app's first load (the
  // config, the number format): Rolldown split it by importers into three chunks, three requests on
  // every signed-in page's first load. As one chunk, the guide's demo page loads exactly what it
  // did, and the login page a few hundred bytes more. (The spec's messages, which the login page
  // shares with the app, stay apart: in that chunk they would take the demo page over its budget.)
  const firstLoad = new Set([...start, ...shell]);
  claim(
    'site-shared',
    [...guide].filter((id) => firstLoad.has(id)),
  );
  claim(null, site);
  claim('app', start);
  for (const entry of beside) claim(baseName(entry), staticClosure([entry]));
  claim('Shell', shell);
  // The schemas the page itself makes (a form's checks, the search's registry; answers are parsed
  // in the parse worker): one chunk with zod instead of Rolldown's seventeen, which queued in front
  // of a form's own code.
  claim('schema-bundle', schemaClosure(SCHEMA_BUNDLE));
  // Any other module that makes schemas as it loads (a form, a list's request builder) keeps
  // Rolldown's chunks, split by its importers: merged into a kit chunk, it brought zod and its
  // schemas to a page that shows that chunk's other modules only (the Spotlight asset page).
  claim(null, makesSchemas);
  return names;
}

/** The names of a build: the groups above, then the first bundle's merged shared chunks. */
function namer(firstChunks: () => PlanChunk[]) {
  /** The names of each chunking pass. */
  const passes = new WeakMap<Graph, Map<string, string | null>>();
  return (id: string, graph: Graph) => {
    let names = passes.get(graph);
    if (!names) {
      const groups = chunkNames(graph, id);
      const plan = planFromChunks(firstChunks(), {
        isPageRegistry: (module) => PAGE_REGISTRY.test(module),
        claimed: (module) => groups.has(module),
      });
      names = new Map([...plan, ...groups]);
      passes.set(graph, names);
    }
    return names.get(id) ?? null;
  };
}

/**
 * A Vite plugin: the browser build's chunk groups (the server-side prerender keeps Rolldown's
 * defaults: it loads modules from disk, where the number of files does not matter).
 */
export function chunkGroups(): Plugin {
  let firstChunks: PlanChunk[] = [];
  const chunkName = namer(() => firstChunks);
  return {
    name: 'lamp-chunk-groups',
    apply: 'build',
    async configEnvironment(name) {
      if (name !== 'client') return;
      // Without the first bundle the shared chunks stay as Rolldown makes them: slower, not wrong.
      firstChunks = await firstBundle(ROOT, path.join(ROOT, ISLAND)).catch((error: unknown) => {
        console.warn(`lamp-chunk-groups: the first bundle failed, shared chunks left unmerged: ${String(error)}`);
        return [];
      });
      return {
        build: {
          rolldownOptions: {
            // A group takes exactly the modules named for it, not also what they import (which
            // would pull the login page's modules into the app's chunk). Rolldown requires entry
            // chunks then to be allowed extra exports.
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [{ name: chunkName }],
              },
            },
          },
        },
      };
    },
  };
}
