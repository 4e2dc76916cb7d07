/**
 * `npm run bench:startup`: what a full load of each page costs in a real Chromium (a fresh
 * browser context per load, so nothing is cached): the renderer's main-thread CPU (CDP
 * Performance.TaskDuration) until the page is settled, the JavaScript files and their
 * compressed bytes, and the API calls. Runs against LAMP_URL or
 * a test-mode server it starts. Take the figures on a quiet machine (`heavy -x`) and say how
 * loaded it was. Pass `--verbose` to list every file and call of each page.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { apiGet, demoServer, personaCookie, REPORT_PATH } from '../../scripts/demo-server.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const VERBOSE = process.argv.includes('--verbose');
const PERSONA = 'writer@northwind.test';

interface Load {
  cpuMs: number;
  scriptMs: number;
  jsFiles: number;
  jsBytes: number;
  apiCalls: string[];
  settledMs: number;
  files: string[];
}

async function load(base: string, path: string, cookie: string | null, settled: (page: Page) => Promise<void>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: base });
    if (cookie) {
      const url = new URL(base);
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...rest] = pair.split('=');
          return { name: name as string, value: rest.join('='), domain: url.hostname, path: '/' };
        }),
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const js: string[] = [];
    const api: string[] = [];
    let jsBytes = 0;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) api.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      js.push(new URL(request.url()).pathname);
      const sizes = await request.sizes().catch(() => null);
      if (sizes) jsBytes += sizes.responseBodySize;
    });
    const started = Date.now();
    await page.goto(path);
    await settled(page);
    await page.waitForLoadState('networkidle');
    const settledMs = Date.now() - started;
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return {
      cpuMs: metric('TaskDuration'),
      scriptMs: metric('ScriptDuration'),
      jsFiles: js.length,
      jsBytes,
      apiCalls: api,
      settledMs,
      files: js,
    } satisfies Load;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await demoServer();
try {
  const cookie = await personaCookie(server.base, PERSONA);
  const measurements = await apiGet<{ data: { id: string; status: string; impressions: number | null }[] }>(
    server.base,
    cookie,
    '/api/v1/measurement?limit=100',
  );
  const live = measurements.data.find((m) => m.status === 'live' && (m.impressions ?? 0) > 0);
  if (!live) throw new Error('The demo data has no live measurement');
  const main = async (page: Page) => {
    await page.locator('main#main').waitFor();
    await page.getByTestId('loading-view').waitFor({ state: 'detached' });
  };
  const pages: [string, string, string | null, (page: Page) => Promise<void>][] = [
    [
      'login',
      '/login',
      null,
      (page) =>
        page
          .getByRole('button', { name: /sign in/i })
          .first()
          .waitFor(),
    ],
    ['documentation', '/documentation', null, (page) => page.locator('h1').first().waitFor()],
    ['home', '/', cookie, main],
    ['dashboard', `/measurements/${live.id}`, cookie, main],
    ['report', REPORT_PATH, cookie, main],
  ];
  console.log(`Full loads, median of ${RUNS} (fresh browser each):`);
  console.log('page           CPU ms  script ms  settled ms  JS files  JS KB (wire)  API calls');
  for (const [name, path, pageCookie, settled] of pages) {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await load(server.base, path, pageCookie, settled));
    const last = loads[loads.length - 1] as Load;
    console.log(
      [
        name.padEnd(13),
        median(loads.map((l) => l.cpuMs))
          .toFixed(0)
          .padStart(7),
        median(loads.map((l) => l.scriptMs))
          .toFixed(0)
          .padStart(10),
        median(loads.map((l) => l.settledMs))
          .toFixed(0)
          .padStart(11),
        String(last.jsFiles).padStart(9),
        (median(loads.map((l) => l.jsBytes)) / 1024).toFixed(1).padStart(13),
        `  ${last.apiCalls.length}`,
      ].join(' '),
    );
    if (VERBOSE) {
      for (const call of last.apiCalls) console.log(`    api  ${call}`);
      for (const file of last.files) console.log(`    js   ${file}`);
    }
  }
} finally {
  await server.stop();
}
