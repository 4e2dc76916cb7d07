/**
 * Lighthouse before and after a change, on the same machine at the same time: two test servers,
 * one serving another build of the front end (the "before", e.g. main's `dist/` copied aside), one
 * serving this checkout's `dist/`, and the pages' runs interleaved (before, after, before, …) so a
 * busy spell hits both alike. Prints, per page, the median of the runs of each side: performance,
 * first and largest contentful paint, total blocking time, speed index, and the load average the
 * runs saw. Scores on a shared machine are lower than on a quiet one; compare the two columns.
 * Each run's report and the figures go to test-results/lighthouse-compare/.
 *
 * `node scripts/lighthouse-compare.ts <before-dist> [page…] [desktop|mobile] [--runs N] [--after <dist>]`
 * (mobile, 3 runs and this checkout's `dist/` unless told; page names as in `npm run lighthouse`).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { demoServer } from './demo-server.ts';
import { ROOT } from './lib.ts';
import {
  audit,
  chosen,
  FIGURE_COLUMNS,
  figures,
  formatFigure,
  median,
  sessions,
  targets,
  type Figures,
  type FormFactor,
} from './lighthouse-run.ts';

const args = process.argv.slice(2);
const beforeDist = args[0];
if (!beforeDist || beforeDist.startsWith('-')) {
  console.error('Usage: node scripts/lighthouse-compare.ts <before-dist> [page…] [desktop|mobile] [--runs N]');
  process.exit(1);
}
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(flag('--runs') ?? 3);
const afterDist = flag('--after');
const words = args.slice(1).filter((word, i, all) => !word.startsWith('--') && !all[i - 1]?.startsWith('--'));
const formFactor: FormFactor = words.includes('desktop') ? 'desktop' : 'mobile';

const OUT_DIR = path.join(ROOT, 'test-results', 'lighthouse-compare');
mkdirSync(OUT_DIR, { recursive: true });
const before = await demoServer({ staticDir: path.resolve(beforeDist) });
const after = await demoServer({ staticDir: afterDist && path.resolve(afterDist) }).catch(async (error: unknown) => {
  await before.stop();
  throw error;
});
const sides = { before, after };
const results: Record<string, Record<keyof typeof sides, Figures[]>> = {};
try {
  const pages = chosen(await targets(sides.after.base), words);
  const cookies = { before: sessions(sides.before.base), after: sessions(sides.after.base) };
  for (let run = 1; run <= runs; run++) {
    for (const target of pages) {
      for (const side of ['before', 'after'] as const) {
        const result = await audit(sides[side].base, target, formFactor, cookies[side]);
        // Made again each time: a Playwright run meanwhile empties test-results/.
        mkdirSync(OUT_DIR, { recursive: true });
        writeFileSync(path.join(OUT_DIR, `${target.name}-${side}-${run}.html`), String(result.report));
        const row = figures(result, loadavg()[0] ?? 0);
        (results[target.name] ??= { before: [], after: [] })[side].push(row);
        console.log(
          `run ${run} ${target.name} ${side}: ${row.score.toFixed(2)}, LCP ${row.LCP.toFixed(0)} ms, TBT ${row.TBT.toFixed(0)} ms, load ${row.load.toFixed(1)}`,
        );
      }
    }
  }
} finally {
  await Promise.all([sides.before.stop(), sides.after.stop()]);
}

const lines = [`| page | side | ${FIGURE_COLUMNS.join(' | ')} |`, `|${'---|'.repeat(FIGURE_COLUMNS.length + 2)}`];
for (const [page, bySide] of Object.entries(results)) {
  for (const side of ['before', 'after'] as const) {
    const cells = FIGURE_COLUMNS.map((c) => formatFigure(c, median(bySide[side].map((r) => r[c]))));
    lines.push(`| ${page} | ${side} | ${cells.join(' | ')} |`);
  }
}
console.log(`\n${formFactor}, median of ${runs} runs per side:\n${lines.join('\n')}`);
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(path.join(OUT_DIR, 'figures.json'), JSON.stringify({ formFactor, runs, results }, null, 2));
