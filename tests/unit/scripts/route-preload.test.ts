import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { addRoutePreload, pageChunks, routePreloadScript } from '../../../scripts/route-preload.ts';
import { crumbsOf, findRoute, routeById, routes } from '../../../src/app/routes/index.ts';
import { resourceUrl } from '../../../src/lib/api.ts';
import { isResource } from '../../../src/shared/resource-facts.ts';
import { ROUTE_INTRO_ATTRIBUTE, ROUTE_TITLE_ATTRIBUTE } from '../../../src/app/shell/frame-slots.ts';
import { pageModuleKey } from '../../../src/app/routes/page-module.ts';

/** The chunk holding the page modules, in the shape the build writes it (src/app/pages.ts's glob). */
const PAGES_CHUNK =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/HomePage.a1.js","_astro/app.b2.js","_astro/Button.c3.js","_astro/Shell.d4.js"])))=>i.map(i=>d[i]);' +
  'import{n}from"./app.b2.js";var e=Object.assign({"./pages/HomePage.tsx":()=>n(()=>import(`./HomePage.a1.js`),__vite__mapDeps([0,1,2,3])),' +
  '"./pages/NotFoundPage.tsx":()=>n(()=>import(`./NotFoundPage.e5.js`),[]),' +
  // A page Rolldown put into a chunk with other exports (the Spotlight asset's, once).
  '"./features/spotlight/AssetPage.tsx":()=>n(()=>import(`./AssetPage.g7.js`).then(e=>e.t),__vite__mapDeps([3,2])),' +
  '"./features/reports/ReportsPage.tsx":()=>import(`./ReportsPage.f6.js`)});export{e as t};';

interface Link {
  href: string;
  rel: string;
  fetchPriority?: string;
  as?: string;
  crossOrigin?: string;
}

/** Runs the inline script at a path; the modules it asked the browser to preload, and how. */
function preloadsAt(script: string, pathname: string): Link[] {
  return runAt(script, pathname).added.filter((link) => link.rel === 'modulepreload');
}

/** Runs the inline script at a path; the API reads it asked the browser to start, and how. */
function readsAt(script: string, pathname: string): Link[] {
  return runAt(script, pathname).added.filter((link) => link.rel === 'preload');
}

/** Runs the inline script at a path: the links it added, and the attributes it left on <html>. */
function runAt(script: string, pathname: string) {
  const added: Link[] = [];
  const attributes: Record<string, string> = {};
  const document = {
    createElement: () => ({ href: '', rel: '' }),
    head: { append: (link: (typeof added)[number]) => added.push({ ...link }) },
    documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
  };
  runInNewContext(script, { location: { pathname }, document });
  return { added, attributes };
}

/** A path that opens a route: its parameters filled in, a trailing * given two segments. */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, 'v1').replace(/\*$/, 'a/b').replace(/^$/, '/');

describe('route preloads', () => {
  it('read each page module’s chunk and the chunks it imports from the built page-modules chunk', () => {
    const chunks = pageChunks(PAGES_CHUNK);
    expect(chunks?.get('./pages/HomePage.tsx')).toEqual([
      '/_astro/HomePage.a1.js',
      '/_astro/app.b2.js',
      '/_astro/Button.c3.js',
      '/_astro/Shell.d4.js',
    ]);
    expect(chunks?.get('./pages/NotFoundPage.tsx')).toEqual(['/_astro/NotFoundPage.e5.js']);
    expect(chunks?.get('./features/reports/ReportsPage.tsx')).toEqual(['/_astro/ReportsPage.f6.js']);
    expect(chunks?.get('./features/spotlight/AssetPage.tsx')).toEqual([
      '/_astro/AssetPage.g7.js',
      '/_astro/Shell.d4.js',
      '/_astro/Button.c3.js',
    ]);
    expect(pageChunks('export const a=1;')).toBeNull();
  });

  it('refuse a page whose import they cannot read, rather than preload its own chunk only', () => {
    const unknown = PAGES_CHUNK.replace('.then(e=>e.t)', '.then(function(e){return e.t})');
    expect(() => pageChunks(unknown)).toThrow(
      /cannot read how the pages import \.\/features\/spotlight\/AssetPage\.tsx/,
    );
  });

  it('preload, at every route of the table, the chunk of the page the app’s router opens there', () => {
    // Every page module its own chunk, plus one they all import.
    const chunks = new Map(
      routes.map((entry) => [
        pageModuleKey(entry.page),
        [`/_astro/${entry.page.replace('/', '-')}.x1.js`, '/_astro/shared.s1.js'],
      ]),
    );
    const script = routePreloadScript(routes, chunks, new Set());
    for (const entry of routes) {
      const pathname = samplePath(entry.path);
      const opened = findRoute(pathname).route;
      const links = preloadsAt(script, pathname);
      expect(
        links.map((link) => link.href),
        `${pathname} (${entry.path})`,
      ).toEqual([`/_astro/${opened.page.replace('/', '-')}.x1.js`, '/_astro/shared.s1.js']);
    }
    // A literal segment is not a parameter's value: /measurements/create is not a measurement.
    expect(preloadsAt(script, '/measurements/create')[0]?.href).toContain('CreateMeasurementPage');
    expect(preloadsAt(script, '/measurements/m1')[0]?.href).toContain('DashboardPage');
    // A path no route opens preloads nothing.
    expect(preloadsAt(script, '/no/such/page/anywhere/at-all')).toEqual([]);
  });

  it('leave a list’s title and intro for the frame where its route has an intro, and nothing elsewhere', () => {
    const chunks = new Map(routes.map((entry) => [pageModuleKey(entry.page), ['/_astro/x.js']]));
    const script = routePreloadScript(routes, chunks, new Set());
    const activations = routeById('activations');
    expect(activations.intro).toBeTruthy();
    expect(runAt(script, '/activations/activations').attributes).toEqual({
      [ROUTE_TITLE_ATTRIBUTE]: activations.title,
      [ROUTE_INTRO_ATTRIBUTE]: activations.intro,
    });
    // A route without one (an activation's page, whose heading is its data) leaves nothing.
    expect(runAt(script, '/activations/activations/a1').attributes).toEqual({});
    // A text that could end the script is escaped in it, and arrives as written.
    const sly = { ...activations, intro: 'Lists </script><b>bold</b>' };
    const escaped = routePreloadScript([sly], chunks, new Set());
    expect(escaped).not.toContain('</script>');
    expect(runAt(escaped, '/activations/activations').attributes[ROUTE_INTRO_ATTRIBUTE]).toBe(sly.intro);
  });

  it('start a route’s first reads with the HTML, at the very URLs the app then asks for', () => {
    const chunks = new Map(routes.map((entry) => [pageModuleKey(entry.page), ['/_astro/x.js']]));
    const script = routePreloadScript(routes, chunks, new Set());
    expect(routes.filter((entry) => entry.firstReads).length).toBeGreaterThan(0);
    for (const entry of routes) {
      const pathname = samplePath(entry.path);
      const { route, params } = findRoute(pathname);
      // Its own first reads, then the records its breadcrumb reads for their names (lookupName).
      const named = crumbsOf(pathname, route).flatMap(({ lookup }) =>
        lookup?.service === 'api' && isResource(lookup.resource)
          ? [resourceUrl(lookup.resource, { id: lookup.id })]
          : [],
      );
      expect(
        readsAt(script, pathname).map((link) => link.href),
        `${pathname} (${entry.path})`,
      ).toEqual([...new Set([...(route.firstReads?.(params) ?? []), ...named])]);
    }
    // A record's page reads its record with the HTML, as its breadcrumb will: a user, a contract.
    expect(readsAt(script, '/admin/users/u1').map((link) => link.href)).toEqual(['/api/v1/user?id=u1']);
    expect(readsAt(script, '/labels/c1/l2/edit').map((link) => link.href)).toEqual([
      '/api/v1/label-category?id=c1',
      '/api/v1/label-value?id=l2',
    ]);
    // Spotlight's records need that service's token, which the HTML has not got.
    expect(readsAt(script, '/spotlight/assets/a1')).toEqual([]);
    // Fetched as the app fetches them (with the session's cookie), so the app's fetch takes the answer.
    const dashboard = readsAt(script, '/measurements/66400000000000000000003d');
    expect(dashboard).toEqual([
      {
        rel: 'preload',
        as: 'fetch',
        crossOrigin: 'use-credentials',
        href: '/api/v1/measurement?id=66400000000000000000003d',
      },
    ]);
    // A segment the app's URL would spell differently (encoded) is left to the app: no read twice.
    expect(readsAt(script, '/measurements/a%20b')).toEqual([]);
    expect(readsAt(script, '/measurements/a~b')).toEqual([]);
  });

  it('leave out what the HTML preloads already, and ask at low priority (where the browser honours it)', () => {
    const chunks = pageChunks(PAGES_CHUNK)!;
    const home = routes.filter((entry) => entry.page === 'pages/HomePage');
    const script = routePreloadScript(home, chunks, new Set(['/_astro/app.b2.js']));
    const links = preloadsAt(script, '/');
    expect(links.map((link) => link.href)).toEqual([
      '/_astro/HomePage.a1.js',
      '/_astro/Button.c3.js',
      '/_astro/Shell.d4.js',
    ]);
    for (const link of links) expect(link).toMatchObject({ rel: 'modulepreload', fetchPriority: 'low' });
  });

  it('write the script, and a preload of the page registry, into the built app page’s head', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'lamp-route-preload-'));
    mkdirSync(path.join(dist, '_astro'));
    writeFileSync(path.join(dist, '_astro', 'pages.p1.js'), PAGES_CHUNK);
    writeFileSync(
      path.join(dist, 'app.html'),
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/_astro/app.b2.js"></head><body></body></html>',
    );
    const home = routes.filter((entry) => entry.page === 'pages/HomePage');
    expect(addRoutePreload(dist, home)).toBe(home.length);
    const html = readFileSync(path.join(dist, 'app.html'), 'utf8');
    // The registry itself, which every route's page is reached through, goes with the HTML.
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/_astro/pages.p1.js">');
    const script = /<script>(.*)<\/script><\/head>/.exec(html)?.[1] ?? '';
    expect(preloadsAt(script, '/').map((link) => link.href)).toEqual([
      '/_astro/HomePage.a1.js',
      '/_astro/Button.c3.js',
      '/_astro/Shell.d4.js',
    ]);
  });

  it('refuse a build whose page modules it cannot find, rather than build a page that preloads nothing', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'lamp-route-preload-'));
    mkdirSync(path.join(dist, '_astro'));
    writeFileSync(path.join(dist, '_astro', 'app.b2.js'), 'export const a=1;');
    writeFileSync(path.join(dist, 'app.html'), '<html><head></head><body></body></html>');
    expect(() => addRoutePreload(dist)).toThrow(/no built chunk holds the page modules/);
  });
});
