/**
 * Build step: the app page starts downloading the code of the page it opens together with the
 * app's own code, instead of after it.
 *
 * One app page (app.html) serves every route, so its HTML cannot name a route's chunks; the app
 * asks for them once its route table runs, which is after its 70 KB entry has arrived and been
 * evaluated. On a phone that made three more round trips before the first screen could draw: the
 * chunk that holds the page modules, the page's chunk, then the chunks it imports (Lighthouse's
 * home page: the largest paint waited on app.js → pages → HomePage → Button). This step writes a
 * small inline script into the app page that matches `location.pathname` against the route table,
 * in its order, and adds a `<link rel="modulepreload" fetchpriority="low">` for the matched page's
 * chunk and every chunk it imports: one round trip after the entry is left. The list is the one
 * Vite's preload helper uses for that page's dynamic import (read from the built chunk that holds
 * the page modules), less what the HTML preloads already. Asked at low priority, as the entry's,
 * so as not to delay the frame's first paint; but Chromium (156) sends a modulepreload a script
 * inserts at High whatever its fetchpriority (the DevTools protocol's initialPriority, attribute
 * or property alike), where the HTML's own, found by its preload scanner, go at Low: so the
 * route's chunks start before the entry on a simulated phone (Lantern orders by priority). What
 * it gains is bounded by the bandwidth the preloads share with the entry there: Lighthouse's
 * largest paint, median of 4 interleaved rounds (`node scripts/lighthouse-path.ts <page> <dist>`,
 * with the ICU change of app.astro), home 3.19 → 2.86 s, activations 3.22 → 3.00 s, report
 * 3.44 → 3.25 s, asset 3.46 → 3.34 s; dashboard 3.09 → 3.11 s and admin 3.02 → 3.17 s, within
 * this machine's noise.
 *
 * On a page whose route has an intro (the route table's `intro`: the lists, the report builder),
 * the script also leaves the route's title and intro on <html>, and the script after the frame
 * (src/pages/app.astro) writes them into the frame's title slot: the intro is that page's largest
 * paint on a phone (Lighthouse's LCP element on activations and the report), which then comes with
 * the HTML instead of after the app's code: mobile LCP on activations 3100 → 1180 ms (median of 3
 * interleaved rounds, scripts/lighthouse-compare.ts), on the report 3.0 → 2.0 s (the fresh-clone run).
 *
 * The page registry's own chunk (pages.*.js, which the entry imports as it starts and every
 * route's page is reached through) is preloaded beside the script. Left to the entry, its request
 * came after the entry's evaluation: on activations, Lantern's critical path ran app.js → the
 * registry (2917–3075 ms) → the list's request. Interleaved rounds (scripts/lighthouse-compare.ts,
 * load 0.5–2.6): largest paint 2808 → 2630 ms on home (5 rounds a side), and on the other five
 * pages −135 to +106 ms (3 rounds a side), which is within this machine's noise.
 *
 * A route's first reads (its `firstReads`: the dashboard's measurement) start with the HTML too,
 * as fetch preloads of the very URLs the app's entry then asks for (http.ts's `startFirstRead`),
 * with the session's cookie, so the entry's fetch takes the answer. Left to the entry, the read
 * came after the entry's evaluation, on the largest paint's path (app.js → the measurement,
 * 2566–2725 ms simulated); now it runs beside the HTML's other reads. Dashboard, mobile, median of
 * 5 interleaved rounds (scripts/lighthouse-compare.ts, load 1.0–1.6): LCP 2867 → 2768 ms. The
 * records a route's breadcrumb names (a user, a contract, an activation…) are read the same way:
 * the breadcrumb reads each for its name on every page, and a record's page reads its record by
 * the same URL, so a shared link to a record no longer waits for the app's code to ask for it.
 *
 * The script's hash joins the page's CSP with the other inline scripts' (scripts/host-files.ts
 * runs after this step).
 */
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crumbsOf, routes } from '../src/app/routes/index.ts';
import { NOT_AVAILABLE_PAGE, pageModuleKey } from '../src/app/routes/page-module.ts';
import type { RouteEntry } from '../src/app/routes/types.ts';
import { resourceUrl } from '../src/lib/api.ts';
import { isResource } from '../src/shared/resource-facts.ts';
import { ASSETS_PATH as ASSETS } from '../server/page-policy.ts';
import { APP_PAGE } from '../server/plugins/static-site.ts';
import { ROUTE_INTRO_ATTRIBUTE, ROUTE_TITLE_ATTRIBUTE } from '../src/app/shell/frame-slots.ts';

/**
 * The page modules' chunks from the chunk that imports them (src/app/pages.ts's glob, as built):
 * by glob key ('./pages/HomePage.tsx'), the page's own chunk first, then what it imports, as
 * root-relative URLs. Null when the code holds no page modules.
 */
export function pageChunks(code: string): Map<string, string[]> | null {
  const listed = /m\.f=\[([^\]]*)\]/.exec(code);
  const files = listed ? (JSON.parse(`[${listed[1]}]`) as string[]) : [];
  const chunks = new Map<string, string[]>();
  // `()=>import(own)`, or through Vite's preload helper `h(()=>import(own),deps)` where the page's
  // chunk imports others (deps: indexes into the list above, or `[]`), with `.then(m=>m.x)` where
  // Rolldown put the page into a chunk that exports more than the page.
  const entry =
    /"(\.\/[^"]+Page\.tsx)":\(\)=>([\w$]+\(\(\)=>)?import\([`"']\.\/([^`"']+\.js)[`"']\)(?:\.then\(\(?[\w$]+\)?=>[\w$]+\.[\w$]+\))?(?:,__vite__mapDeps\(\[([\d,]*)\]\)|,\[\])?/g;
  const read = new Set<string>();
  for (const match of code.matchAll(entry)) {
    const [whole, key, helper, own, deps] = match;
    // The entry must end here (the helper's call closes first): a form this does not know would
    // otherwise lose the page's chunks without a sign, as `.then(…)` once did to the Spotlight asset.
    const after = code.slice(match.index + whole.length, match.index + whole.length + 2);
    if (!(helper ? /^\)[,}]/ : /^[,}]/).test(after)) continue;
    const imported = (deps ? deps.split(',') : []).map((index) => files[Number(index)]);
    if (imported.some((file) => file === undefined)) throw new Error(`route-preload: ${key} names a missing chunk`);
    const ownUrl = `${ASSETS}${own}`;
    chunks.set(key!, [ownUrl, ...imported.map((file) => `/${file}`).filter((url) => url !== ownUrl)]);
    read.add(key!);
  }
  const unread = [...code.matchAll(/"(\.\/[^"]+Page\.tsx)":/g)].map((m) => m[1]!).filter((key) => !read.has(key));
  if (unread.length) throw new Error(`route-preload: cannot read how the pages import ${unread.join(', ')}`);
  return chunks.size ? chunks : null;
}

/**
 * The inline script: the route table's patterns, in order, and the chunks each route's page needs;
 * a route with an intro also leaves its title and intro on <html> for the frame (frame-slots.ts).
 */
export function routePreloadScript(
  table: readonly RouteEntry[],
  chunks: Map<string, string[]>,
  preloaded: ReadonlySet<string>,
): string {
  const files: string[] = [];
  const lists: number[][] = [];
  const listOf = new Map<string, number>();
  // [pattern, chunk list, title, intro, first reads]: the last three only where the route has them.
  const rows: (string | number | readonly string[])[][] = [];
  for (const entry of table) {
    const needed = chunks.get(pageModuleKey(entry.page)) ?? chunks.get(pageModuleKey(NOT_AVAILABLE_PAGE));
    if (!needed) throw new Error(`route-preload: no chunk for ${entry.page}`);
    const indexes = needed
      .filter((url) => !preloaded.has(url))
      .map((url) => {
        const name = url.slice(ASSETS.length, -'.js'.length);
        const at = files.indexOf(name);
        return at >= 0 ? at : files.push(name) - 1;
      });
    const key = indexes.join(',');
    if (!listOf.has(key)) listOf.set(key, lists.push(indexes) - 1);
    const list = listOf.get(key)!;
    const reads = firstReadTemplates(entry);
    const row: (string | number | readonly string[])[] = [entry.path, list];
    if (entry.intro || reads.length) row.push(entry.intro ? entry.title : 0, entry.intro ?? 0);
    if (reads.length) row.push(reads);
    rows.push(row);
  }
  // Inside a <script>: no text of the table may close it.
  const data = JSON.stringify([files, lists, rows]).replaceAll('<', '\\u003c');
  // matchPath (src/app/routes/match.ts) in few bytes: segments equal, or a parameter, or a
  // trailing * that takes the rest. A first read's parameter goes in only as a plain segment (no
  // percent sign, nothing URLSearchParams would encode), so its URL is the app's to the letter;
  // any other is left to the app's own start.
  return (
    `(()=>{const[f,d,r]=${data},g=t=>t.split("/").filter(Boolean),s=g(location.pathname),` +
    `a=(p,h)=>{const l=document.createElement("link");Object.assign(l,p);l.href=h;document.head.append(l)};` +
    `for(const[x,k,t,n,u]of r){const w=g(x);if(w.every((q,i)=>q=="*"||s[i]!=null&&(q[0]==":"||q==s[i]))&&` +
    `(w.at(-1)=="*"||w.length==s.length)){if(n){const h=document.documentElement;` +
    `h.setAttribute("${ROUTE_TITLE_ATTRIBUTE}",t);h.setAttribute("${ROUTE_INTRO_ATTRIBUTE}",n)}` +
    `for(const e of u||[]){const v=e.replace(/\\${SENTINEL}(\\w+)\\${SENTINEL}/g,(m,p)=>{const i=w.indexOf(":"+p);return i<0||!/^[\\w.-]+$/.test(s[i])?"\\0":s[i]});` +
    `if(!v.includes("\\0"))a({rel:"preload",as:"fetch",crossOrigin:"use-credentials"},v)}` +
    `for(const i of d[k])a({rel:"modulepreload",fetchPriority:"low"},"${ASSETS}"+f[i]+".js");break}}})()`
  );
}

/**
 * Marks a parameter in a first read's URL template: a character URLSearchParams and a path leave
 * as they are, so the template holds `*name*` where the app's URL holds the segment.
 */
const SENTINEL = '*';

/**
 * A route's first reads as URL templates, `*name*` in place of each of the path's parameters:
 * - its `firstReads` (src/app/routes/types.ts), the very function the app calls;
 * - the records its breadcrumb names (a measurement, a user, a contract…): the shell's breadcrumb
 *   reads each one for its name (shell/Breadcrumbs.tsx, `lookupName`: the record by its id), on
 *   every page, so a record's page reads its record with the HTML whatever the page itself does.
 *   Spotlight's records are read with that service's token, which the HTML does not have.
 */
export function firstReadTemplates(entry: RouteEntry): string[] {
  const names = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const marked = (name: string) => `${SENTINEL}${name}${SENTINEL}`;
  const own = entry.firstReads?.(Object.fromEntries(names.map((name) => [name, marked(name)]))) ?? [];
  const sample = entry.path.replace(/:(\w+)/g, (_, name: string) => marked(name));
  const crumbs = names.length ? crumbsOf(sample, entry) : [];
  const named = crumbs.flatMap(({ lookup }) =>
    lookup?.service === 'api' && lookup.id.startsWith(SENTINEL) && isResource(lookup.resource)
      ? [resourceUrl(lookup.resource, { id: lookup.id })]
      : [],
  );
  return [...new Set([...own, ...named])];
}

/**
 * The built page registry: its file under _astro and each page's chunk list (pageChunks). The route
 * script preloads from it, and `npm run size` budgets the measured pages' route chunks with it.
 */
export function builtPageChunks(dist: string): { registry: string; chunks: Map<string, string[]> } {
  const assets = path.join(dist, '_astro');
  for (const registry of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const chunks = pageChunks(readFileSync(path.join(assets, registry), 'utf8'));
    if (chunks) return { registry, chunks };
  }
  throw new Error('route-preload: no built chunk holds the page modules (src/app/pages.ts)');
}

/** Adds the script to the built app page; how many routes it knows. */
export function addRoutePreload(dist: string, table: readonly RouteEntry[] = routes): number {
  const { registry, chunks } = builtPageChunks(dist);
  const file = path.join(dist, APP_PAGE);
  const html = readFileSync(file, 'utf8');
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!));
  // The registry itself, which the entry imports when it starts: every route's page is reached
  // through it, so without this its request came after the entry's evaluation, one more round trip.
  const link = `<link rel="modulepreload" fetchpriority="low" href="${ASSETS}${registry}">`;
  const script = `<script>${routePreloadScript(table, chunks, preloaded)}</script>`;
  writeFileSync(file, html.replace('</head>', `${link}${script}</head>`));
  return table.length;
}

export function routePreload(): AstroIntegration {
  return {
    name: 'lamp-route-preload',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        logger.info(`route chunks preloaded for ${addRoutePreload(fileURLToPath(dir))} routes`);
      },
    },
  };
}
