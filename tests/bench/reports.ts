/**
 * `npm run bench:reports`: server time of GET /api/v1/report-data for the budget report,
 * 50 measurements × 90 days grouped by channel × day, at the default demo fixtures and at the
 * large set (LAMP_FIXTURE_SCALE, 100,000 measurements by default).
 *
 * Server time is Fastify's reply.elapsedTime (request received to response sent), read in an
 * onResponse hook; requests go through inject(), so no network is measured. The report route keeps
 * no cache, so every request does the whole work (generates the 90 days of delivery of 50
 * measurements, sums and derives); the first request of the process also compiles the route and
 * is reported on its own.
 *
 * Budgets: p95 and max under 100 ms at the default fixtures, under 500 ms at the large
 * set. Exits non-zero when a budget is missed.
 *   npm run bench:reports            both sets
 *   npm run bench:reports -- default one set (default | large)
 */
import { buildApp } from '../../server/app.ts';
import { FIXTURE_TODAY } from '../../src/shared/demo-data.ts';
import { addDays } from '../../src/shared/report-api.ts';

const LARGE_SCALE = Number(process.env.LAMP_FIXTURE_SCALE ?? 100_000);
const sets = process.argv.slice(2).filter((a) => a === 'default' || a === 'large');
const wanted = sets.length ? sets : ['default', 'large'];
const PERSONA = { email: 'writer@northwind.test', password: 'Lamp-Demo-2026!' };
const MEASUREMENTS = 50;
const DAYS = 90;
const REQUESTS = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function bench(name: string, fixtureScale: number | undefined, budgetMs: number): Promise<boolean> {
  const started = performance.now();
  const app = await buildApp({
    config: {
      mode: 'test',
      dataDir: null,
      logLevel: 'silent',
      serveStatic: false,
      ...(fixtureScale ? { fixtureScale } : {}),
    },
  });
  let lastElapsed = 0;
  app.addHook('onResponse', async (_request, reply) => {
    lastElapsed = reply.elapsedTime;
  });
  await app.ready();
  const bootMs = performance.now() - started;
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth', payload: PERSONA });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  if (login.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const me = (await app.inject({ method: 'GET', url: '/api/v1/current-user', headers: { cookie } })).json<{
    data?: { account?: string };
    account?: string;
  }>();
  const accountId = me.data?.account ?? me.account;
  const all = (app.db.low.data.collections.measurement ?? []) as unknown as {
    id: string;
    account: string;
    status: string;
    start_date: string;
    end_date: string;
  }[];
  const end = FIXTURE_TODAY;
  const start = addDays(end, -(DAYS - 1));
  // The measurements that deliver most within the 90 days: longest overlap with them first.
  const overlap = (m: { start_date: string; end_date: string }) =>
    Math.max(
      0,
      Date.parse(m.end_date < end ? m.end_date : end) - Date.parse(m.start_date > start ? m.start_date : start),
    );
  const sample = all
    .filter((m) => m.account === accountId && m.status !== 'draft')
    .sort((a, b) => overlap(b) - overlap(a))
    .slice(0, MEASUREMENTS);
  if (sample.length < MEASUREMENTS) throw new Error(`only ${sample.length} measurements in ${accountId}`);
  const url = `/api/v1/report-data?${new URLSearchParams({
    measurement: sample.map((m) => m.id).join(','),
    start_date: start,
    end_date: end,
    group_by: 'channel,day',
  }).toString()}`;
  const times: number[] = [];
  let first = 0;
  let rows = 0;
  let bytes = 0;
  for (let i = 0; i <= REQUESTS; i += 1) {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    if (i === 0) {
      first = lastElapsed;
      rows = response.json<{ data: { rows: unknown[] } }>().data.rows.length;
      bytes = response.body.length;
    } else times.push(lastElapsed);
  }
  await app.close();
  const p95 = percentile(times, 95);
  const max = Math.max(...times);
  const ok = p95 < budgetMs && max < budgetMs;
  console.log(`\n${name}: ${all.length.toLocaleString('en-GB')} measurements, boot ${ms(bootMs)}`);
  console.log(
    `  report: ${sample.length} measurements × ${DAYS} days (${start} to ${end}), grouped by channel × day: ` +
      `${rows} rows, ${(bytes / 1024).toFixed(0)} KB`,
  );
  console.log(`  first request after start (compiles the route): ${ms(first)}`);
  console.log(
    `  ${REQUESTS} requests: median ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(max)}  ` +
      `budget ${budgetMs} ms  ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  return ok;
}

let ok = true;
if (wanted.includes('default')) ok = (await bench('default fixtures', undefined, 100)) && ok;
if (wanted.includes('large'))
  ok = (await bench(`large set (LAMP_FIXTURE_SCALE=${LARGE_SCALE})`, LARGE_SCALE, 500)) && ok;
process.exit(ok ? 0 : 1);
