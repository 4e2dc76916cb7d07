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
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_MISSING_MESSAGE, chromiumIsInstalled } from '../tests/e2e/chromium.ts';
import { demoServer } from './demo-server.ts';
import { ROOT } from './lib.ts';
import { audit, CATEGORIES, chosen, sessions, targets, type Category, type FormFactor } from './lighthouse-run.ts';

/**
 * The budgets: performance 0.95 on a desktop and 0.90 on a phone, accessibility and best
 * practices 1.00 everywhere. The app paints its frame from the HTML and starts its first call with
 * it, so a phone's first paint no longer waits for the app's JavaScript.
 */
const BUDGETS: Record<FormFactor, Record<Category, number>> = {
  desktop: { performance: 0.95, accessibility: 1, 'best-practices': 1 },
  mobile: { performance: 0.9, accessibility: 1, 'best-practices': 1 },
};

const OUT_DIR = path.join(ROOT, 'test-results', 'lighthouse');

if (!chromiumIsInstalled()) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}
mkdirSync(OUT_DIR, { recursive: true });
const server = await demoServer();
let failed = false;
try {
  const cookieOf = sessions(server.base);
  const only = new Set(process.argv.slice(2));
  const pages = chosen(await targets(server.base), process.argv.slice(2));
  const formFactors = (['desktop', 'mobile'] as const).filter(
    (f) => (!only.has('desktop') && !only.has('mobile')) || only.has(f),
  );
  const rows: string[][] = [];
  for (const formFactor of formFactors) {
    for (const target of pages) {
      const result = await audit(server.base, target, formFactor, cookieOf);
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
