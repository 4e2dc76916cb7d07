/**
 * `npm run lighthouse`: Lighthouse in the system Chromium against a running LAMP (LAMP_URL, or one
 * started here), for the pages people judge the product by: the login page, the home page, a
 * measurement dashboard and a report, each at desktop and mobile settings. Prints the scores
 * and fails under the budgets. Full reports go to test-results/lighthouse/. Not part of npm test:
 * a score depends on how busy the machine is, so run it on a quiet one.
 *
 * Arguments narrow the run to some pages and form factors while working on one of them:
 * `npm run lighthouse -- login mobile` (page names: login, home, dashboard, report).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
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
 * The issue's budgets: desktop performance, and accessibility and best practices everywhere. The
 * mobile performance budget is the floor reached after the startup work of 23 November 2026
 * (0.57 to 0.76 on a shared two-core machine): it stops a regression, it is not yet a goal.
 */
const BUDGETS: Record<FormFactor, Partial<Record<Category, number>>> = {
  desktop: { performance: 0.95, accessibility: 0.95, 'best-practices': 0.95 },
  mobile: { performance: 0.55, accessibility: 0.95, 'best-practices': 0.95 },
};

const PERSONA = 'writer@northwind.test';
const OUT_DIR = path.join(ROOT, 'test-results', 'lighthouse');

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
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
    { name: 'login', path: '/login', signedIn: false },
    { name: 'home', path: '/', signedIn: true },
    { name: 'dashboard', path: `/measurements/${measurement.id}`, signedIn: true },
    { name: 'report', path: REPORT_PATH, signedIn: true },
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
  const cookie = await personaCookie(server.base, PERSONA);
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
              extraHeaders: target.signedIn ? { Cookie: cookie } : undefined,
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
          const under = budget !== undefined && score < budget;
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
    `\nBudgets: performance ≥ 0.95 on desktop and ≥ 0.55 on mobile; accessibility and best practices ≥ 0.95. Reports: ${OUT_DIR}`,
  );
} finally {
  await server.stop();
}
if (failed) {
  console.error('Lighthouse: a score is under its budget.');
  process.exit(1);
}
