import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addModulePreloads } from '../../../scripts/modulepreload.mjs';

/** A built site: the app page (an island) and the login page (a script), over three modules. */
function site() {
  const dist = mkdtempSync(path.join(tmpdir(), 'lamp-preload-'));
  mkdirSync(path.join(dist, '_astro'));
  writeFileSync(path.join(dist, '_astro', 'App.a1.js'), 'import{a}from"./app.b2.js";export default a;');
  writeFileSync(path.join(dist, '_astro', 'app.b2.js'), 'export const a=1;');
  writeFileSync(path.join(dist, '_astro', 'login.c3.js'), 'import"./site.d4.js";');
  writeFileSync(path.join(dist, '_astro', 'site.d4.js'), '');
  writeFileSync(
    path.join(dist, 'app.html'),
    '<html><head><link rel="stylesheet" href="/_astro/x.css"></head><body><astro-island component-url="/_astro/App.a1.js"></astro-island></body></html>',
  );
  writeFileSync(
    path.join(dist, 'login.html'),
    '<html><head><script type="module" src="/_astro/login.c3.js"></script></head><body></body></html>',
  );
  return dist;
}

const preloads = (dist: string, page: string) =>
  [...readFileSync(path.join(dist, page), 'utf8').matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);

describe('module preloads', () => {
  it('preload everything a page’s entry imports, in one round', () => {
    const dist = site();
    expect(addModulePreloads(dist, 'app.html')).toBe(2);
    expect(addModulePreloads(dist, 'login.html')).toBe(2);
    expect(preloads(dist, 'app.html').join('')).toContain('/_astro/app.b2.js');
    expect(preloads(dist, 'login.html').join('')).toContain('/_astro/site.d4.js');
  });

  it('leave the CSS the first paint needs ahead of an island’s code, and a plain script as it was', () => {
    const dist = site();
    addModulePreloads(dist, 'app.html');
    addModulePreloads(dist, 'login.html');
    for (const link of preloads(dist, 'app.html')) expect(link).toContain('fetchpriority="low"');
    for (const link of preloads(dist, 'login.html')) expect(link).not.toContain('fetchpriority');
  });

  it('preload a worker started with the app, named as Vite names a worker’s chunks, with its imports', () => {
    const dist = site();
    writeFileSync(path.join(dist, '_astro', 'parse-worker-AbC_12-x.js'), 'import"./zod-browser-Zz9_8Yy7.js";');
    writeFileSync(path.join(dist, '_astro', 'zod-browser-Zz9_8Yy7.js'), '');
    expect(addModulePreloads(dist, 'app.html', ['parse-worker'])).toBe(4);
    const links = preloads(dist, 'app.html').join('');
    expect(links).toContain('/_astro/parse-worker-AbC_12-x.js');
    expect(links).toContain('/_astro/zod-browser-Zz9_8Yy7.js');
    expect(() => addModulePreloads(site(), 'app.html', ['parse-worker'])).toThrow(/one chunk named parse-worker/);
  });
});
