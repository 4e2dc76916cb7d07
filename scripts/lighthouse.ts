/**
 * `npm run lighthouse`: Lighthouse in the system Chromium against a running LAMP (LAMP_URL, or one
 * started here), for the pages people judge the product by: the login page, the home page, a
 * measurement dashboard, a report, a Spotlight asset, the activations list and an admin list, each
 * at desktop and mobile settings, each page as the persona who would use it. Prints the scores
 * and fails under the budgets. Full reports go to test-results/lighthouse/. Not part of npm test:
 * a score depends on how busy the machine is, so run it on a quiet one.
 *
 * Arguments narrow the run to some pages and form factors while working on one of them:
 * `npm run lighthouse -- login mobile` (page names: login, home, dashboard, report, asset,
 * activations, admin).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_MISSING_MESSAGE, CHROMIUM_PATH, chromiumIsInstalled } from '../tests/e2e/chromium.ts';
import { apiGet, demoServer, personaCookie, REPORT_PATH } from './demo-server.ts';
import { ROOT } from './lib.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
type FormFactor = 'desktop' | 'mobile';

/**
 * The budgets: performance 0.95 on a desktop and 0.90 on a phone, accessibility and best
 * practices 1.00 everywhere. The app paints its frame from the HTML and starts its first call with
 * it, so a phone's first paint no longer waits for the app's JavaScript.
 */
const BUDGETS: Record<FormFactor, Record<Category, number>> = {
  desktop: { performance: 0.95, accessibility: 1, 'best-practices': 1 },
  mobile: { performance: 0.9, accessibility: 1, 'best-practices': 1 },
};

const PERSONA = 'writer@northwind.test';
/** Spotlight is seen as the partner whose Spotlight user is linked; the admin area as a super user. */
const SPOTLIGHT_PERSONA = 'partner@contoso.test';
const ADMIN_PERSONA = 'super@lamp.test';
const OUT_DIR = path.join(ROOT, 'test-results', 'lighthouse');

interface Target {
  name: string;
  path: string;
  /** Who is signed in; none for the login page. */
  persona: string | null;
}

/**
 * The first asset of the Spotlight persona's company, from the demo data (the Spotlight API needs a
 * token of that service; the fixtures are the same deterministic set the server loads).
 */
function spotlightAssetId(): string {
  const demo = JSON.parse(readFileSync(path.join(ROOT, 'fixtures', 'demo.json'), 'utf8')) as {
    account: { id: string; name: string }[];
    'spotlight-company': { id: string; account: string }[];
    'spotlight-stim': { id: string; company: string }[];
  };
  const contoso = demo.account.find((a) => a.name === 'Contoso Partners');
  const company = demo['spotlight-company'].find((c) => c.account === contoso?.id);
  const stim = demo['spotlight-stim'].find((s) => s.company === company?.id);
  if (!stim) throw new Error('The demo data has no Spotlight asset for Contoso Partners');
  return stim.id;
}

async function targets(base: string, cookie: string): Promise<Target[]> {
  const measurements = await apiGet<{ data: { id: string; status: string; impressions: number | null }[] }>(
    base,
    cookie,
    '/api/v1/measurement?limit=100',
  );
  const measurement = measurements.data.find((m) => m.status === 'live' && (m.impressions ?? 0) > 0);
  if (!measurement) throw new Error('The demo data has no live measurement');
  return [
    { name: 'login', path: '/login', persona: null },
    { name: 'home', path: '/', persona: PERSONA },
    { name: 'dashboard', path: `/measurements/${measurement.id}`, persona: PERSONA },
    { name: 'report', path: REPORT_PATH, persona: PERSONA },
    { name: 'asset', path: `/spotlight/assets/${spotlightAssetId()}`, persona: SPOTLIGHT_PERSONA },
    { name: 'activations', path: '/activations/activations', persona: PERSONA },
    { name: 'admin', path: '/admin/users', persona: ADMIN_PERSONA },
  ];
}

if (!chromiumIsInstalled()) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}
mkdirSync(OUT_DIR, { recursive: true });
const server = await demoServer();
let failed = false;
try {
  const cookies = new Map<string, string>();
  const cookieOf = async (persona: string) => {
    if (!cookies.has(persona)) cookies.set(persona, await personaCookie(server.base, persona));
    return cookies.get(persona) as string;
  };
  const cookie = await cookieOf(PERSONA);
  const only = new Set(process.argv.slice(2));
  const all = await targets(server.base, cookie);
  const pages = all.filter((t) => !all.some((a) => only.has(a.name)) || only.has(t.name));
  const formFactors = (['desktop', 'mobile'] as const).filter(
    (f) => (!only.has('desktop') && !only.has('mobile')) || only.has(f),
  );
  const rows: string[][] = [];
  for (const formFactor of formFactors) {
    for (const target of pages) {
      // A fresh browser per run: no cache or storage carried from one page to the next.
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      });
      try {
        const extraHeaders = target.persona ? { Cookie: await cookieOf(target.persona) } : undefined;
        const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
        // A trace that fails to record (NO_NAVSTART on a busy machine) is retried once.
        const run = () =>
          lighthouse(
            `${server.base}${target.path}`,
            {
              port: chrome.port,
              output: 'html',
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
              extraHeaders,
            },
            config,
          );
        let result = await run();
        if (result?.lhr.runtimeError) result = await run();
        if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
        const { lhr } = result;
        writeFileSync(path.join(OUT_DIR, `${target.name}-${formFactor}.html`), String(result.report));
        const row = [target.name, formFactor];
        for (const category of CATEGORIES) {
          const score = lhr.categories[category]?.score ?? 0;
          const budget = BUDGETS[formFactor][category];
          const under = score < budget;
          failed ||= under;
          row.push(`${score.toFixed(2)}${under ? ` < ${budget}` : ''}`);
        }
        if (lhr.runtimeError) row.push(lhr.runtimeError.message);
        rows.push(row);
        console.log(row.join('  '));
      } finally {
        chrome.kill();
      }
    }
  }
  const header = ['page', 'form factor', ...CATEGORIES];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  console.log(`\n${[header, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')).join('\n')}`);
  console.log(
    `\nBudgets: performance ≥ ${BUDGETS.desktop.performance} on desktop and ≥ ${BUDGETS.mobile.performance} on mobile; accessibility and best practices ≥ ${BUDGETS.desktop.accessibility}. Reports: ${OUT_DIR}`,
  );
} finally {
  await server.stop();
}
if (failed) {
  console.error('Lighthouse: a score is under its budget.');
  process.exit(1);
}
