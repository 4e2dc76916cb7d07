// @ts-check
/**
 * Flattens the first load's request waterfall. A page's island (or script) names one module; the
 * browser finds that module's imports only after it arrives, their imports after those arrive, and
 * so on: several round trips before the app can start. This build step adds a
 * `<link rel="modulepreload">` to each built page for every module the page's entry imports
 * statically (transitively), so they download in one round. An island's (the app's) at low
 * priority: its page paints its frame from the HTML and the CSS, and the app's code (80 KB) arriving
 * before that paint ran first and delayed it (Lighthouse's mobile first paint 1.1 → 1.6 s once the
 * app's start came in one chunk). The login page's few KB keep the default: lowered, they moved
 * its own parsing after Lighthouse's first paint, into its blocking time. `startup` may name
 * lazily loaded chunks to preload as well. The app names its parse worker (src/lib/parse.ts): a
 * worker's script is fetched at the browser's lowest priority when the worker starts, and the
 * session, the accounts and every first read waited for it and its schemas; preloaded, the worker
 * takes them from the HTTP cache. (Preloading the shell and the page schemas before the first
 * paint made Lighthouse's first paint later: they compete with the entry.)
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every JS file reachable through static imports from the given files (minified ES modules:
 * `import"./x.js"`, `import{a}from"./x.js"`, `export*from"./x.js"`).
 * @param {string[]} entries absolute paths
 */
export function staticClosure(entries) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} file */
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(path.resolve(path.dirname(file), /** @type {string} */ (match[1])));
    }
  };
  entries.forEach(visit);
  return seen;
}

/**
 * The chunks each page starts at once beside its entry, by page: the app's parse worker
 * (src/lib/parse.ts). astro.config.mjs preloads them; scripts/size.ts budgets them apart.
 * @type {Record<string, string[]>}
 */
export const STARTUP_CHUNKS = { 'app.html': ['parse-worker'] };

/**
 * The built file of a chunk by its name: `name.hash.js` in the page's build, `name-hash.js` in a
 * worker's (Vite names those apart). Throws unless exactly one file is that chunk.
 * @param {string[]} chunks the file names under _astro
 * @param {string} name
 */
export function startupChunkFile(chunks, name) {
  const found = chunks.filter(
    (chunk) =>
      (chunk.startsWith(`${name}.`) && /^[^.]+\.[\w-]+\.js$/.test(chunk)) ||
      (chunk.startsWith(`${name}-`) && /^[^.]+-[\w-]{8}\.js$/.test(chunk) && chunk.length === name.length + 12),
  );
  if (found.length !== 1) throw new Error(`modulepreload: expected one chunk named ${name}, found ${found.length}`);
  return /** @type {string} */ (found[0]);
}

/**
 * @param {string} dist the build's output directory
 * @param {string} page an HTML file under dist
 * @param {string[]} startup chunk names (the part before the hash) loaded as soon as the app starts
 */
export function addModulePreloads(dist, page, startup = []) {
  const file = path.join(dist, page);
  const html = readFileSync(file, 'utf8');
  if (html.includes('rel="modulepreload"')) return 0;
  const urls = [...html.matchAll(/(?:<script[^>]*\ssrc|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map(
    (m) => /** @type {string} */ (m[1]),
  );
  const assets = path.join(dist, '_astro');
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const startupFiles = startup.map((name) => path.join(assets, startupChunkFile(chunks, name)));
  if (!urls.length && !startupFiles.length) return 0;
  const island = html.includes('component-url=');
  const modules = staticClosure([...urls.map((url) => path.join(dist, url)), ...startupFiles]);
  const links = [...modules]
    .map(
      (module) =>
        `<link rel="modulepreload"${island ? ' fetchpriority="low"' : ''} href="/${path.relative(dist, module).split(path.sep).join('/')}">`,
    )
    .join('');
  writeFileSync(file, html.replace('</head>', `${links}</head>`));
  return modules.size;
}

/**
 * @param {Record<string, string[]>} startupChunks per page (e.g. `app.html`), the chunks it starts at once
 * @returns {import('astro').AstroIntegration}
 */
export function modulePreload(startupChunks = {}) {
  return {
    name: 'lamp-modulepreload',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = new URL(dir).pathname;
        const pages = readdirSync(dist).filter((name) => name.endsWith('.html'));
        const counts = pages.map((page) => `${page} ${addModulePreloads(dist, page, startupChunks[page] ?? [])}`);
        logger.info(`modules preloaded: ${counts.join(', ')}`);
      },
    },
  };
}
