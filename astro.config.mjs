// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { modulePreload, STARTUP_CHUNKS } from './scripts/modulepreload.mjs';
import { precompress } from './scripts/precompress.mjs';
import { hostFiles } from './scripts/host-files.ts';
import { routePreload } from './scripts/route-preload.ts';
import { chunkGroups } from './scripts/chunks.ts';
import { zodBrowserTrim } from './scripts/zod-browser-trim.ts';

const STATIC_PAGES = new Set([
  '/login',
  '/documentation',
  '/documentation/api',
  '/documentation/demo',
  '/documentation/testing',
  '/404',
  '/500',
  '/app',
]);

/**
 * In `npm run dev` only: the same app fallback the Fastify server applies in production (any
 * path that is not a file, a static page or /api gets the app page).
 * @returns {import('vite').Plugin}
 */
function devAppFallback() {
  return {
    name: 'lamp-dev-app-fallback',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        // Vite's own paths (/@vite/client, /@id/…, /@react-refresh) and the sources it serves.
        const internal = /^\/(@|(node_modules|src|_astro|api)(\/|$))/.test(pathname);
        const isFile = /\.[a-z0-9]+$/i.test(pathname);
        // The guide has no app routes: an unknown page under it is Astro's 404, as in production.
        const guide = pathname.startsWith('/documentation/');
        if (req.method === 'GET' && !internal && !isFile && !guide && !STATIC_PAGES.has(pathname)) {
          req.url = `/app${(req.url ?? '').slice(pathname.length)}`;
        }
        next();
      });
    },
  };
}

// A fully static build: the Fastify server (or a CDN) serves dist/. Pages are written as
// files (login.html, app.html, ...) so that any static host can map clean URLs onto them.
export default defineConfig({
  output: 'static',
  build: { format: 'file', inlineStylesheets: 'auto' },
  // Each page's entry imports are preloaded. The shell and the schema bundle are not: preloaded
  // before the first paint they pushed Lighthouse's first paint back (mobile 0.69 → 0.56).
  // The app page then preloads the chunks of the route it opens, the shell's among them, and its
  // first reads (scripts/route-preload.ts).
  // The host files (_headers hashes the inline scripts): after every step that writes pages.
  integrations: [react(), modulePreload(STARTUP_CHUNKS), routePreload(), hostFiles(), precompress()],
  vite: {
    // The browser build's chunks, grouped by when a page needs them (scripts/chunks.ts says why);
    // zod's JSON Schema code stays out of the browser and the parse worker (zod-browser-trim.ts).
    plugins: [tailwindcss(), devAppFallback(), chunkGroups(), zodBrowserTrim()],
    // The parse worker (src/lib/parse-worker.ts) loads its schemas by area with import(), which
    // only a module worker's build can split. zod's jitless flag (src/lib/zod-browser.ts, the
    // worker's first import) gets a chunk of its own: the chunk zod and the schemas share would
    // otherwise run before it, and make schemas with the flag still unset.
    worker: {
      format: 'es',
      plugins: () => [zodBrowserTrim()],
      rollupOptions: { output: { advancedChunks: { groups: [{ name: 'zod-browser', test: /zod-browser\.ts$/ }] } } },
    },
    server: {
      proxy: process.env.LAMP_API_PROXY ? { '/api': { target: process.env.LAMP_API_PROXY, changeOrigin: false } } : {},
    },
  },
  devToolbar: { enabled: false },
});
