/**
 * Screenshots of every list of the app, to compare two versions of it (a refactoring's "no
 * behaviour change"). Two modes:
 *
 *   node scripts/list-screenshots.ts shoot <checkout dir | base URL> <out dir>
 *   node scripts/list-screenshots.ts compare <before dir> <after dir> [diff dir]
 *   node scripts/list-screenshots.ts <before checkout | URL> <after checkout | URL> [out dir]
 *
 * A checkout is served by its own scripts/start.ts in test mode (the fixtures in memory, the
 * fixed clock), so two checkouts show the same data. The pages come from this checkout's route
 * table: every route without parameters that shows a table, plus the lists that live under a
 * record (LIST_UNDER_RECORD), their parameters taken from the first link on the page above them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { routes } from '../src/app/routes/table.ts';
import type { RouteEntry } from '../src/app/routes/types.ts';
import { formatDate } from '../src/shared/date-format.ts';
import { CHROMIUM_ARGS, CHROMIUM_MISSING_MESSAGE, CHROMIUM_PATH, chromiumIsInstalled } from '../tests/e2e/chromium.ts';
import { demoServer, personaCookie, type DemoServer } from './demo-server.ts';

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/**
 * Lists that belong to a record: a measurement's data imports, a study's assets, a lookup table.
 * Each names the route whose page links to its records, when that is not the page above it
 * (the studies list opens a study's assets as a filter; the assets list links to the study).
 */
const LIST_UNDER_RECORD = new Map<string, string | null>([
  ['measurement.data-imports', null],
  ['spotlight.study', 'spotlight.assets'],
  ['admin.lookup-tables.detail', null],
]);

/** Pages that make or change a record, never lists. */
const FORM_ROUTE = /(create|edit|bulk-create|upload-tags|export-tags)$/;

/** The persona who uses a list, from the access its route asks for. */
function personaFor(route: RouteEntry): string {
  if (route.access.spotlight) return 'partner@contoso.test';
  if (route.access.productOwner) return 'super@lamp.test';
  if (route.access.permission) return 'admin@northwind.test';
  return 'writer@northwind.test';
}

function candidates(): RouteEntry[] {
  return routes.filter(
    (route) =>
      route.layout === 'shell' &&
      route.audience === 'signed-in' &&
      !FORM_ROUTE.test(route.id) &&
      !route.path.includes('*') &&
      (!route.path.includes(':') || LIST_UNDER_RECORD.has(route.id)),
  );
}

/** Waits until the list has loaded: no loading view, no busy table, no skeleton, no requests. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="loading-view"], [aria-busy="true"], .animate-pulse, [role="progressbar"]'),
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForTimeout(400);
}

const segmentAfter = (href: string, prefix: string) => href.slice(prefix.length).split(/[/?#]/)[0] ?? '';
const isRecord = (id: string) => id !== '' && id !== 'create' && id !== 'bulk-create';

async function firstLinkUnder(page: Page, prefix: string): Promise<string | null> {
  const hrefs = await page
    .locator(`a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => segmentAfter(href, prefix)).find(isRecord) ?? null;
}

/** A list whose rows open their record on a click (no link): click the first row, as a person would. */
async function firstRowUnder(page: Page, prefix: string): Promise<string | null> {
  const row = page.locator('main tbody tr').first();
  if (!(await row.count())) return null;
  await row.locator('td').first().click();
  await page.waitForURL((url) => url.pathname.startsWith(prefix), { timeout: 10_000 }).catch(() => {});
  const id = segmentAfter(new URL(page.url()).pathname, prefix);
  return isRecord(id) ? id : null;
}

/** Fills each `:param` from the first link on the page above it (its table or its sidebar) one segment further. */
async function resolvePath(page: Page, route: RouteEntry): Promise<string | null> {
  const linkedFrom = routes.find((other) => other.id === LIST_UNDER_RECORD.get(route.id))?.path;
  const pattern = route.path;
  let resolved = '';
  for (const segment of pattern.split('/').slice(1)) {
    if (!segment.startsWith(':')) {
      resolved += `/${segment}`;
      continue;
    }
    await page.goto(linkedFrom ?? resolved);
    await settled(page);
    const prefix = `${resolved}/`;
    const next = (await firstLinkUnder(page, prefix)) ?? (await firstRowUnder(page, prefix));
    if (!next) return null;
    resolved += `/${next}`;
  }
  return resolved;
}

/**
 * What changes between runs: times of this run (the persona's own last sign-in is the real now,
 * whatever the test clock says), times relative to now, live clocks.
 */
function volatile(page: Page) {
  const today = formatDate(new Date().toISOString());
  return [
    page.locator('time'),
    page.getByText(/\b(ago|just now)\b/i),
    page.getByText(new RegExp(`^${today}, \\d{2}:\\d{2}$`)),
  ];
}

/**
 * The shell scrolls inside its main area, so a full-page screenshot stops at the window; the
 * window grows to the main area's whole height first.
 */
async function showWholeMain(page: Page, viewport: (typeof WIDTHS)[number]): Promise<void> {
  const hidden = await page
    .locator('main')
    .first()
    .evaluate((main) => main.scrollHeight - main.clientHeight);
  if (hidden > 0) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height + hidden });
    await settled(page);
  }
}

async function signedInContext(browser: Browser, base: string, persona: string, viewport: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const host = new URL(base).hostname;
  const cookie = await personaCookie(base, persona);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), domain: host, path: '/' };
    }),
  );
  return context;
}

function fileName(routeId: string, width: string): string {
  return `${routeId}.${width}.png`;
}

async function shoot(target: string, outDir: string): Promise<void> {
  if (!chromiumIsInstalled()) throw new Error(CHROMIUM_MISSING_MESSAGE);
  mkdirSync(outDir, { recursive: true });
  const server: DemoServer = /^https?:/.test(target)
    ? { base: target.replace(/\/+$/, ''), stop: async () => {} }
    : await demoServer({ root: path.resolve(target) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const route of candidates()) {
      for (const viewport of WIDTHS) {
        const context: BrowserContext = await signedInContext(browser, server.base, personaFor(route), viewport);
        const page = await context.newPage();
        try {
          const url = await resolvePath(page, route);
          if (!url) {
            console.log(`skip ${route.id}: no record to open`);
            break;
          }
          await page.goto(url);
          await settled(page);
          // A list shows a table on a wide screen (a phone may show cards instead).
          const wide = viewport === WIDTHS[0];
          if (wide && !LIST_UNDER_RECORD.has(route.id) && (await page.locator('main table').count()) === 0) {
            console.log(`skip ${route.id}: not a list`);
            break;
          }
          await showWholeMain(page, viewport);
          await page.screenshot({
            path: path.join(outDir, fileName(route.id, viewport.name)),
            fullPage: true,
            mask: volatile(page),
          });
          console.log(`${fileName(route.id, viewport.name)}  ${url}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

interface ImageComparator {
  (actual: Buffer, expected: Buffer, options?: { threshold?: number }): { errorMessage: string; diff?: Buffer } | null;
}

/** Playwright's own comparison (pixelmatch inside it), which `toHaveScreenshot` uses. */
function pngComparator(): ImageComparator {
  const require = createRequire(import.meta.url);
  const core = require('playwright-core/lib/coreBundle') as { utils: { getComparator(type: string): ImageComparator } };
  return core.utils.getComparator('image/png');
}

function compare(beforeDir: string, afterDir: string, diffDir: string): number {
  const comparator = pngComparator();
  mkdirSync(diffDir, { recursive: true });
  const names = [...new Set([...readdirSync(beforeDir), ...readdirSync(afterDir)])].filter((n) => n.endsWith('.png'));
  let differing = 0;
  for (const name of names.sort()) {
    const before = path.join(beforeDir, name);
    const after = path.join(afterDir, name);
    let verdict = 'same';
    if (!existsSync(before) || !existsSync(after)) {
      verdict = existsSync(before) ? 'only before' : 'only after';
    } else {
      const result = comparator(readFileSync(after), readFileSync(before));
      if (result) {
        const pixels = Number(/(\d+) pixels/.exec(result.errorMessage)?.[1] ?? 0);
        const { width, height } = pngSize(readFileSync(before));
        const sizes = /Expected an image [^.]*\./.exec(result.errorMessage)?.[0] ?? '';
        verdict = `differs ${((pixels / (width * height)) * 100).toFixed(3)}% ${sizes}`.trim();
        if (result.diff) writeFileSync(path.join(diffDir, name), result.diff);
      }
    }
    if (verdict !== 'same') differing++;
    const [route, width] = name.replace(/\.png$/, '').split(/\.(?=[^.]+$)/);
    console.log(`${(route ?? '').padEnd(40)} ${(width ?? '').padEnd(8)} ${verdict}`);
  }
  console.log(`${names.length} screenshots, ${differing} differ${differing ? `; diffs in ${diffDir}` : ''}`);
  return differing;
}

/** A PNG's size from its header (IHDR: width and height at bytes 16 and 20). */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const [mode = '', ...args] = process.argv.slice(2);
if (mode === 'shoot' && args.length === 2) {
  await shoot(args[0]!, args[1]!);
} else if (mode === 'compare' && args.length >= 2) {
  compare(args[0]!, args[1]!, args[2] ?? path.join(args[1]!, '..', 'diff'));
} else if (mode && !['shoot', 'compare'].includes(mode) && args.length >= 1) {
  const out = path.resolve(args[1] ?? 'list-screenshots');
  rmSync(out, { recursive: true, force: true });
  await shoot(mode, path.join(out, 'before'));
  await shoot(args[0]!, path.join(out, 'after'));
  compare(path.join(out, 'before'), path.join(out, 'after'), path.join(out, 'diff'));
} else {
  console.error(
    'Usage: node scripts/list-screenshots.ts <before checkout|URL> <after checkout|URL> [out dir]\n' +
      '       node scripts/list-screenshots.ts shoot <checkout|URL> <out dir>\n' +
      '       node scripts/list-screenshots.ts compare <before dir> <after dir> [diff dir]',
  );
  process.exit(2);
}
