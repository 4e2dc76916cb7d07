/**
 * `node tests/bench/search.ts`: how fast each global-search section answers at the default
 * fixtures (under 50 ms). It asks exactly what the search modal asks
 * (src/app/shell/search.ts: limit 10, skip 0, the account filter) for every section a super
 * user searches, through the real server (app.inject, no network), and prints the median and
 * 95th percentile per section. Exits non-zero if a section's median is 50 ms or more.
 */
import { buildApp } from '../../server/app.ts';
import { searchSections, sectionQuery } from '../../src/app/shell/search.ts';
import { buildUrl } from '../../src/lib/api.ts';
import { resources } from '../../src/shared/schemas/index.ts';
import { DEMO_PASSWORD } from '../../fixtures/passwords.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { fakeStaticBuild } from '../helpers/app.ts';
import { median, percentile } from './harness.ts';

const BUDGET_MS = 50;
const RUNS = Number(process.env.RUNS ?? 40);
const TERMS = ['a', 'north', 'spring', 'zz'];

const app = await buildApp({
  config: { mode: 'test', dataDir: null, logLevel: 'silent', staticDir: fakeStaticBuild() },
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth',
  payload: { email: 'super@lamp.test', password: DEMO_PASSWORD },
});
if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
const cookie = [login.headers['set-cookie']]
  .flat()
  .filter(Boolean)
  .map((c) => String(c).split(';')[0])
  .join('; ');

let failed = false;
console.log(`Global search sections (super user, ${RUNS} runs × ${TERMS.length} terms each):`);
for (const section of searchSections(resources, 'super', { lamp_access: true, spotlight_access: true })) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const term of TERMS) {
      const url = buildUrl(`/api/v1/${section.resource}`, sectionQuery(section, term, ACCOUNT_IDS.northwind));
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
  }
  const middle = median(times);
  const p95 = percentile(times, 95);
  const over = middle >= BUDGET_MS;
  failed ||= over;
  console.log(
    `  ${section.title.padEnd(28)} median ${middle.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  ${over ? 'OVER' : 'ok'}`,
  );
}
await app.close();
process.exit(failed ? 1 : 0);
