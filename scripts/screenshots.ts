/**
 * `npm run screenshots`: the README's pictures, taken from the running demo so they show the
 * product as it is (LAMP_URL, or a server started here with the demo data). Writes
 * docs/screenshots/*.png at 1366 × 860: a measurement dashboard, a report, a Spotlight asset
 * and the admin area, each as the persona who would use it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_MISSING_MESSAGE, CHROMIUM_PATH, chromiumIsInstalled } from '../tests/e2e/chromium.ts';
import { apiGet, demoServer, personaCookie, REPORT_PATH } from './demo-server.ts';
import { ROOT } from './lib.ts';

const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const VIEWPORT = { width: 1366, height: 860 };

interface Shot {
  file: string;
  persona: string;
  /** Where to go; a function when the address comes from the data. */
  open: (page: Page, base: string, cookie: string) => Promise<void>;
}

/** Waits until the app has drawn the page: no loading view, no skeletons, no requests in flight. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .getByTestId('loading-view')
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => {});
  await page.waitForFunction(() => document.querySelectorAll('.animate-pulse').length === 0, undefined, {
    timeout: 20_000,
  });
  // Charts draw on the next frames.
  await page.waitForTimeout(400);
}

const SHOTS: Shot[] = [
  {
    file: 'dashboard.png',
    persona: 'writer@northwind.test',
    open: async (page, base, cookie) => {
      const list = await apiGet<{ data: { id: string; status: string; impressions: number | null }[] }>(
        base,
        cookie,
        '/api/v1/measurement?limit=100',
      );
      const live = list.data
        .filter((m) => m.status === 'live')
        .sort((a, b) => (b.impressions ?? 0) - (a.impressions ?? 0));
      if (!live[0]) throw new Error('No live measurement in the demo data');
      await page.goto(`/measurements/${live[0].id}`);
    },
  },
  {
    file: 'report.png',
    persona: 'writer@northwind.test',
    open: async (page) => {
      await page.goto(REPORT_PATH);
    },
  },
  {
    file: 'spotlight-asset.png',
    persona: 'partner@contoso.test',
    open: async (page) => {
      await page.goto('/spotlight/assets');
      await settled(page);
      // The first asset with results (a heatmap and areas of interest): drafts have none yet.
      const hrefs = await page
        .locator('main a[href^="/spotlight/assets/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
      for (const href of hrefs) {
        await page.goto(href);
        await settled(page);
        if (await page.getByRole('list', { name: 'Areas of interest in view order' }).count()) return;
      }
      throw new Error('No Spotlight asset with results in the demo data');
    },
  },
  {
    file: 'admin.png',
    persona: 'super@lamp.test',
    open: async (page) => {
      await page.goto('/admin');
    },
  },
];

async function shoot(browser: Browser, base: string, shot: Shot): Promise<void> {
  const cookie = await personaCookie(base, shot.persona);
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, deviceScaleFactor: 1 });
  const url = new URL(base);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), domain: url.hostname, path: '/' };
    }),
  );
  const page = await context.newPage();
  try {
    await shot.open(page, base, cookie);
    await settled(page);
    await page.screenshot({ path: path.join(OUT_DIR, shot.file) });
    console.log(`${shot.file}  ${page.url().replace(base, '')}`);
  } finally {
    await context.close();
  }
}

if (!chromiumIsInstalled()) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}
mkdirSync(OUT_DIR, { recursive: true });
const server = await demoServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const shot of SHOTS) await shoot(browser, server.base, shot);
  console.log(`Screenshots in ${path.relative(ROOT, OUT_DIR)}/`);
} finally {
  await browser.close();
  await server.stop();
}
