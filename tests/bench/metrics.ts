/**
 * `npm run bench:metrics`: server time of GET /api/v1/measurement-metrics, at the default demo
 * fixtures and at the large set (LAMP_FIXTURE_SCALE=100000 measurements).
 *
 * Server time is Fastify's reply.elapsedTime (from request received to response sent), read in
 * an onResponse hook; requests go through inject(), so no network is measured. Each sampled
 * measurement is asked once cold (its delivery generated from scratch) and then with a spread of
 * date ranges and filters, as a planner clicking through the dashboard would.
 *
 * Budgets: under 50 ms at the default fixtures, under 200 ms at the large set, for the
 * 95th percentile and for every cold request. Exits non-zero when a budget is missed.
 *   npm run bench:metrics            both sets
 *   npm run bench:metrics -- default one set (default | large)
 */
import { buildApp } from '../../server/app.ts';

const LARGE_SCALE = Number(process.env.LAMP_FIXTURE_SCALE ?? 100_000);
const sets = process.argv.slice(2).filter((a) => a === 'default' || a === 'large');
const wanted = sets.length ? sets : ['default', 'large'];
const PERSONA = { email: 'writer@northwind.test', password: 'Lamp-Demo-2026!' };
const SAMPLED_MEASUREMENTS = 8;
const WARM_QUERIES = 25;

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

  const measurements = (app.db.low.data.collections.measurement ?? []) as unknown as {
    id: string;
    account: string;
    start_date: string;
    end_date: string;
  }[];
  // The longest flights of the persona's account: the most rows to aggregate.
  const days = (m: { start_date: string; end_date: string }) => Date.parse(m.end_date) - Date.parse(m.start_date);
  const sample = measurements
    .filter((m) => m.account === accountId)
    .sort((a, b) => days(b) - days(a))
    .slice(0, SAMPLED_MEASUREMENTS);

  if (sample.length === 0) throw new Error(`no measurements in the persona's account (${accountId})`);
  // One request on another measurement first: the process's first request compiles the route
  // (validators, JIT) and stands for server start, not for a dashboard query.
  const warmup = measurements.find((m) => m.account === accountId && !sample.includes(m)) ?? sample[0]!;
  await app.inject({ method: 'GET', url: `/api/v1/measurement-metrics?measurement=${warmup.id}`, headers: { cookie } });
  const firstRequest = lastElapsed;
  const cold: number[] = [];
  const warm: number[] = [];
  let rows = 0;
  for (const m of sample) {
    const get = async (query: Record<string, string>) => {
      const qs = new URLSearchParams({ measurement: m.id, ...query }).toString();
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/measurement-metrics?${qs}`,
        headers: { cookie },
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json<{ data: { rows: number; options: { channel: string[]; device: string[] } } }>().data;
    };
    const first = await get({});
    cold.push(lastElapsed);
    rows = Math.max(rows, first.rows);
    const span = Math.max(1, Math.round(days(m) / 86_400_000));
    for (let i = 0; i < WARM_QUERIES; i += 1) {
      const offset = (i * 7) % span;
      const start = new Date(Date.parse(m.start_date) + offset * 86_400_000).toISOString().slice(0, 10);
      const query: Record<string, string> = i % 3 === 0 ? {} : { start_date: start, end_date: m.end_date };
      if (i % 4 === 1 && first.options.channel[0]) query.channel = first.options.channel[0];
      if (i % 5 === 2 && first.options.device[0]) query.device = first.options.device[0];
      await get(query);
      warm.push(lastElapsed);
    }
  }
  await app.close();
  const all = [...cold, ...warm];
  const p95 = percentile(all, 95);
  const coldMax = Math.max(...cold);
  const ok = p95 < budgetMs && coldMax < budgetMs;
  console.log(`\n${name}: ${measurements.length.toLocaleString('en-GB')} measurements, boot ${ms(bootMs)}`);
  console.log(
    `  ${sample.length} measurements sampled, up to ${rows.toLocaleString('en-GB')} metric rows each, ${all.length} requests`,
  );
  console.log(`  first request after start (compiles the route): ${ms(firstRequest)}`);
  console.log(`  cold (first request per measurement): median ${ms(percentile(cold, 50))}, max ${ms(coldMax)}`);
  console.log(
    `  warm: median ${ms(percentile(warm, 50))}, p95 ${ms(percentile(warm, 95))}, max ${ms(Math.max(...warm))}`,
  );
  console.log(`  all: p95 ${ms(p95)}  budget ${budgetMs} ms  ${ok ? 'OK' : 'OVER BUDGET'}`);
  return ok;
}

let ok = true;
if (wanted.includes('default')) ok = (await bench('default fixtures', undefined, 50)) && ok;
if (wanted.includes('large'))
  ok = (await bench(`large set (LAMP_FIXTURE_SCALE=${LARGE_SCALE})`, LARGE_SCALE, 200)) && ok;
process.exit(ok ? 0 : 1);
