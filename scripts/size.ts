/**
 * `npm run size` (and a step of `npm test`): the gzipped JavaScript a visitor downloads on first
 * load of the login page and of the app page, following static imports (dynamic imports are route
 * chunks, loaded later, and listed separately). The app page's is budgeted in two parts: its entry
 * (the island's modules, the page registry and the inline scripts: the main thread's code) and the
 * chunks it starts beside the entry (STARTUP_CHUNKS: the parse worker with zod and its schemas,
 * preloaded with the HTML). Fails when a budget is exceeded.
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
import { ROOT, buildFrontEnd, frontEndIsStale } from './lib.ts';
import { STARTUP_CHUNKS, startupChunkFile, staticClosure } from './modulepreload.mjs';

const DIST = path.join(ROOT, 'dist');
const KB = 1024;
const BUDGETS = { 'login page': 8 * KB, 'app entry': 96 * KB, 'app start-up chunks': 41 * KB };

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

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
