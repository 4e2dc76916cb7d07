/**
 * `npm run size` (and a step of `npm test`): the gzipped JavaScript a visitor downloads on first
 * load of the login page and of the app page, following static imports (dynamic imports are route
 * chunks, loaded later, and listed separately). The app page's is budgeted in two parts: its entry
 * (the island's modules, the page registry and the inline scripts: the main thread's code) and the
 * chunks it starts beside the entry (STARTUP_CHUNKS: the parse worker with zod and its schemas,
 * preloaded with the HTML). The route chunks of the pages Lighthouse measures are budgeted too, in
 * requests and bytes (ROUTE_BUDGETS). Fails when a budget is exceeded.
 *
 * The budgets are the sizes of 2026-11-30 with a little room. Nothing ran this before then: the
 * worker's preloads (ba82e8e) had added 38 KB to the page's count unnoticed, the entry had passed
 * its first build's 90 KB (90.7 KB), and the page registry's preload (3.1 KB, fetched at every
 * start anyway) and the routes' intros then brought it to 94.5 KB. Run by `npm test` since, so
 * the next growth fails there.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeById } from '../src/app/routes/index.ts';
import { pageModuleKey } from '../src/app/routes/page-module.ts';
import { ROOT, buildFrontEnd, frontEndIsStale } from './lib.ts';
import { STARTUP_CHUNKS, startupChunkFile, staticClosure } from './modulepreload.mjs';
import { MEASURED_ROUTES, type MeasuredPage } from './lighthouse-pages.ts';
import { builtPageChunks } from './route-preload.ts';

const DIST = path.join(ROOT, 'dist');
const KB = 1024;
// The login page's 8.5 KB: it loads the chunk the guide's scripts share with the app whole
// (scripts/chunks.ts, `site-shared`), 0.4 KB it does not run, for two requests fewer on every
// signed-in page.
const BUDGETS = { 'login page': 8.5 * KB, 'app entry': 96 * KB, 'app start-up chunks': 35 * KB };

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * What the pages `npm run lighthouse` measures (lighthouse-pages.ts) load for their route beside
 * the entry: the chunks the head's route script preloads (scripts/route-preload.ts), in requests
 * and gzipped bytes. On a phone's six connections each request costs a round trip; a regression of
 * 2026-11-30 showed here first (React Aria's button code on home, the dashboard and the asset
 * through a merge; and, the same day, on every list through the kit's buttons and its table's
 * header checkbox). Budgets: the figures with a little room.
 */
const ROUTE_BUDGETS: Record<MeasuredPage, { requests: number; bytes: number }> = {
  home: { requests: 5, bytes: 22 * KB },
  dashboard: { requests: 10, bytes: 32 * KB },
  report: { requests: 10, bytes: 36 * KB },
  asset: { requests: 6, bytes: 30 * KB },
  activations: { requests: 10, bytes: 35 * KB },
  admin: { requests: 6, bytes: 28 * KB },
};

/** Script entries of a built page: <script src>, module preloads and island component/renderer URLs. */
function pageEntries(page: string): string[] {
  const html = readFileSync(path.join(DIST, page), 'utf8');
  const urls = [...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  // Astro inlines its island loader; count inline module scripts too.
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (sum, m) => sum + gzipSync(m[1] ?? '').length,
    0,
  );
  return [...new Set(urls)].map((url) => path.join(DIST, url)).concat(inline ? [`inline:${inline}`] : []);
}

/** A page's first-load files (its start-up chunks apart), and their gzipped bytes with its inline scripts. */
function measure(page: string) {
  const entries = pageEntries(page);
  const inlineBytes = entries.filter((e) => e.startsWith('inline:')).reduce((s, e) => s + Number(e.slice(7)), 0);
  const assets = path.join(DIST, '_astro');
  const chunks = readdirSync(assets);
  const startup = staticClosure(
    (STARTUP_CHUNKS[page] ?? []).map((name) => path.join(assets, startupChunkFile(chunks, name))),
  );
  const files = new Set(
    [...staticClosure(entries.filter((e) => !e.startsWith('inline:')))].filter((file) => !startup.has(file)),
  );
  const bytes = (set: Set<string>) => [...set].reduce((sum, file) => sum + gzipSize(file), 0);
  return { entry: { total: inlineBytes + bytes(files), files }, startup: { total: bytes(startup), files: startup } };
}

if (frontEndIsStale()) buildFrontEnd();
const app = measure('app.html');
const results = {
  'login page': measure('login.html').entry,
  'app entry': app.entry,
  'app start-up chunks': app.startup,
};
let overBudget = false;
console.log('First-load JavaScript (gzip -9):');
for (const [name, { total, files }] of Object.entries(results)) {
  const budget = BUDGETS[name as keyof typeof BUDGETS];
  const over = total > budget;
  overBudget ||= over;
  console.log(
    `  ${name.padEnd(19)} ${(total / KB).toFixed(1).padStart(6)} KB of ${budget / KB} KB  ${over ? 'OVER BUDGET' : 'ok'}  (${files.size} files)`,
  );
}
/** Each page's route chunks, found as the route script finds them: the built page registry's lists. */
function routeLoads(entryFiles: Set<string>) {
  const lists = builtPageChunks(DIST).chunks;
  return Object.entries(ROUTE_BUDGETS).map(([name, budget]) => {
    const urls = lists.get(pageModuleKey(routeById(MEASURED_ROUTES[name as MeasuredPage]).page)) ?? [];
    const files = urls.map((url) => path.join(DIST, url)).filter((file) => !entryFiles.has(file));
    return { name, budget, requests: files.length, bytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
  });
}
console.log('Route chunks beside the entry (gzip -9):');
for (const { name, budget, requests, bytes } of routeLoads(new Set([...app.entry.files, ...app.startup.files]))) {
  const over = requests > budget.requests || bytes > budget.bytes;
  overBudget ||= over;
  console.log(
    `  ${name.padEnd(19)} ${(bytes / KB).toFixed(1).padStart(6)} KB of ${budget.bytes / KB} KB, ${requests} of ${budget.requests} requests  ${over ? 'OVER BUDGET' : 'ok'}`,
  );
}
const firstLoad = new Set(Object.values(results).flatMap(({ files }) => [...files]));
const lazy = readdirSync(path.join(DIST, '_astro'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join(DIST, '_astro', f))
  .filter((f) => !firstLoad.has(f))
  .map((f) => ({ name: path.basename(f), size: gzipSize(f) }))
  .sort((a, b) => b.size - a.size);
// `--budgets`: the budgets' lines only (npm test's step), without the list of lazy chunks.
if (lazy.length && !process.argv.includes('--budgets')) {
  console.log('Lazy chunks (loaded on demand):');
  for (const { name, size } of lazy) console.log(`  ${name.padEnd(40)} ${(size / KB).toFixed(1).padStart(6)} KB`);
}
process.exit(overBudget ? 1 : 0);
