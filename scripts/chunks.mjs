// @ts-check
/**
 * How the browser build groups modules into chunks. Left to itself, Rolldown gives every set of
 * importers its own chunk: 220 files, most of them 1–2 KB, and a signed-in page's first load asked
 * for 55 to 75 of them. On a phone each request costs (Lighthouse simulates six connections with
 * 150 ms round trips), so the code every signed-in page loads first is grouped by when it is needed:
 *
 * - `site`: what the login and documentation scripts share with the app (texts, configuration).
 *   Those pages keep their own few KB and load nothing of the app.
 * - `app`: the island's static closure (React, React DOM, the entry, stores, router), preloaded
 *   with the HTML. One chunk instead of twenty, and no more bytes than before: what is preloaded
 *   competes with the CSS for the first paint.
 * - `Shell`: the shell, requested as soon as the app starts and needed by every signed-in page.
 *
 * Everything else keeps Rolldown's own chunks: a page's code, and the code pages share, split by
 * which pages really use it (Rolldown knows what each one uses after tree shaking; the module graph
 * alone does not, as libraries are imported through modules that re-export everything). Code loaded
 * later (list filters, a modal's panel, the password meter) thereby stays out of a first load.
 */
/** @typedef {import('rolldown').ModuleInfo} ModuleInfo */
/** @typedef {{ getModuleInfo(id: string): ModuleInfo | null }} Graph */

/** The app's shell, requested as soon as the app starts. */
const SHELL = /[\\/]src[\\/]app[\\/]shell[\\/]Shell\.tsx$/;
/** Astro's page scripts (the login form, the documentation's search and tour). */
const PAGE_SCRIPT = /\?astro&type=script/;

/** @param {string} id */
const baseName = (id) => (id.split(/[\\/]/).pop() ?? id).replace(/\..*$/, '');

/**
 * Every module's group, found once per build from the module graph.
 * @param {Graph} graph
 * @param {string} seed any module of the build
 * @returns {Map<string, string | null>}
 */
export function chunkNames(graph, seed) {
  /** @type {Map<string, ModuleInfo>} */
  const modules = new Map();
  const todo = [seed];
  while (todo.length) {
    const id = /** @type {string} */ (todo.pop());
    if (modules.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    modules.set(id, info);
    todo.push(...info.importedIds, ...info.dynamicallyImportedIds, ...info.importers, ...info.dynamicImporters);
  }
  /** @param {string[]} roots */
  const staticClosure = (roots) => {
    /** @type {Set<string>} */
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const id = /** @type {string} */ (stack.pop());
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(modules.get(id)?.importedIds ?? []));
    }
    return seen;
  };
  const ids = [...modules.keys()];
  const entries = ids.filter((id) => modules.get(id)?.isEntry);
  const site = staticClosure(entries.filter((id) => PAGE_SCRIPT.test(id)));
  const start = staticClosure(entries.filter((id) => !PAGE_SCRIPT.test(id)));
  const shell = staticClosure(ids.filter((id) => SHELL.test(id)));
  // What the entry requests beside the shell and the shell imports too (the page registry, the
  // accounts store) keeps a chunk of its own: the route's page code starts from the registry,
  // without waiting for the shell.
  const beside = [...start]
    .flatMap((id) => modules.get(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => shell.has(id) && !SHELL.test(id));
  /** @type {Map<string, string | null>} null: left to Rolldown */
  const names = new Map();
  /** @param {string | null} name @param {Iterable<string>} group */
  const claim = (name, group) => {
    for (const id of group) if (!names.has(id)) names.set(id, name);
  };
  // The first group that claims a module keeps it. What the login or documentation scripts share
  // with the app's first load goes to `site`, so those pages never load the app's chunks.
  claim(
    'site',
    [...site].filter((id) => start.has(id) || shell.has(id)),
  );
  claim(null, site);
  claim('app', start);
  for (const entry of beside) claim(baseName(entry), staticClosure([entry]));
  claim('Shell', shell);
  return names;
}

/** @type {WeakMap<object, Map<string, string | null>>} the names of each chunking pass */
const passes = new WeakMap();

/**
 * @param {string} id
 * @param {Graph} graph
 */
function chunkName(id, graph) {
  let names = passes.get(graph);
  if (!names) {
    names = chunkNames(graph, id);
    passes.set(graph, names);
  }
  return names.get(id) ?? null;
}

/**
 * A Vite plugin: the browser build's chunk groups (the server-side prerender keeps Rolldown's
 * defaults: it loads modules from disk, where the number of files does not matter).
 * @returns {import('vite').Plugin}
 */
export function chunkGroups() {
  return {
    name: 'lamp-chunk-groups',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
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
                groups: [{ name: (id, ctx) => chunkName(id, ctx) }],
              },
            },
          },
        },
      };
    },
  };
}
