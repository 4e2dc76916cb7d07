/**
 * `npm run size`: the gzipped JavaScript a visitor downloads on first load of the login page
 * and of the app entry, following static imports (dynamic imports are route chunks, loaded
 * later, and listed separately). Fails when a budget is exceeded.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, buildFrontEnd, frontEndIsStale } from './lib.ts';

const DIST = path.join(ROOT, 'dist');
const KB = 1024;
const BUDGETS = { 'login page': 8 * KB, 'app entry': 90 * KB };

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every JS file reachable through static imports from the given entries. */
export function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Minified static imports: `import"./x.js"`, `import{a}from"./x.js"`, `export*from"./x.js"`.
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(path.resolve(path.dirname(file), match[1] as string));
    }
  };
  entries.forEach(visit);
  return seen;
}

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

function measure(page: string) {
  const entries = pageEntries(page);
  const inlineBytes = entries.filter((e) => e.startsWith('inline:')).reduce((s, e) => s + Number(e.slice(7)), 0);
  const files = staticClosure(entries.filter((e) => !e.startsWith('inline:')));
  let total = inlineBytes;
  for (const file of files) total += gzipSize(file);
  return { total, files };
}

if (frontEndIsStale()) buildFrontEnd();
const results = { 'login page': measure('login.html'), 'app entry': measure('app.html') };
let overBudget = false;
console.log('First-load JavaScript (gzip -9):');
for (const [name, { total, files }] of Object.entries(results)) {
  const budget = BUDGETS[name as keyof typeof BUDGETS];
  const over = total > budget;
  overBudget ||= over;
  console.log(
    `  ${name.padEnd(11)} ${(total / KB).toFixed(1).padStart(6)} KB of ${budget / KB} KB  ${over ? 'OVER BUDGET' : 'ok'}  (${files.size} files)`,
  );
}
const firstLoad = new Set([...results['login page'].files, ...results['app entry'].files]);
const lazy = readdirSync(path.join(DIST, '_astro'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join(DIST, '_astro', f))
  .filter((f) => !firstLoad.has(f))
  .map((f) => ({ name: path.basename(f), size: gzipSize(f) }))
  .sort((a, b) => b.size - a.size);
if (lazy.length) {
  console.log('Lazy chunks (loaded on demand):');
  for (const { name, size } of lazy) console.log(`  ${name.padEnd(40)} ${(size / KB).toFixed(1).padStart(6)} KB`);
}
process.exit(overBudget ? 1 : 0);
