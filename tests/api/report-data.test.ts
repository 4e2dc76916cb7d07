/**
 * GET /api/v1/report-data against the demo fixtures: figures agree with the measurement metrics
 * endpoint (one set of formulas), grouping, relative dates on a fixed clock, the measured flag,
 * labels, account isolation, lamp_access and 400s that name the parameter. The clock is the
 * server's own (PUT /api/v1/testing/clock), as a test suite sets it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { MetricsResponse } from '../../src/shared/measurement-api.ts';
import { apm, COUNT_KEYS, derive, sumCounts } from '../../src/shared/metrics.ts';
import { weekOf, type ReportData } from '../../src/shared/report-api.ts';
import type { LabelValue, Measurement } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';
import { injectWith, signInThrough } from '../helpers/http.ts';

let app: FastifyInstance;
const cookies: Record<string, string> = {};

const signIn = (email: string) => signInThrough(app, email);

const get = (url: string, who = 'writer') => injectWith(app, cookies[who] ?? '', 'GET', url);
const report = async (query: Record<string, string>, who = 'writer'): Promise<ReportData> => {
  const response = await get(`/api/v1/report-data?${new URLSearchParams(query).toString()}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ReportData }>().data;
};
const metricsOf = async (query: string): Promise<MetricsResponse['data']> =>
  (await get(`/api/v1/measurement-metrics?${query}`)).json<MetricsResponse>().data;

const measurements = () => app.db.low.data.collections.measurement as unknown as Measurement[];
const ofAccount = (account: string) => measurements().filter((m) => m.account === account && m.status !== 'draft');
/** Northwind measurements delivering in October 2026. */
const october = () =>
  ofAccount(ACCOUNT_IDS.northwind).filter((m) => m.start_date <= '2026-10-01' && m.end_date >= '2026-10-31');

const PERSONA_OF = {
  writer: 'writer@northwind.test',
  contoso: 'partner@contoso.test',
  selfserve: 'selfserve@fabrikam.test',
  admin: 'admin@northwind.test',
};

async function signInAll() {
  for (const [who, email] of Object.entries(PERSONA_OF)) cookies[who] = await signIn(email);
}

/** Signs a persona in again only when the server no longer knows its session (the clock moved). */
async function stillSignedIn(who: keyof typeof PERSONA_OF) {
  if ((await get('/api/v1/current-user', who)).statusCode !== 200) cookies[who] = await signIn(PERSONA_OF[who]);
}

beforeAll(async () => {
  app = await buildTestApp();
  await signInAll();
}, 60_000);
afterAll(() => app.close());

describe('GET /api/v1/report-data: figures', () => {
  it('sums the same delivery as the measurement metrics endpoint, and derives ratios with the shared formulas', async () => {
    const [a, b] = october();
    const range = 'start_date=2026-10-01&end_date=2026-10-31';
    const [ma, mb] = await Promise.all([
      metricsOf(`measurement=${a!.id}&${range}`),
      metricsOf(`measurement=${b!.id}&${range}`),
    ]);
    const data = await report({ measurement: `${a!.id},${b!.id}`, start_date: '2026-10-01', end_date: '2026-10-31' });
    const expected = sumCounts([ma.totals, mb.totals]);
    expect(data.totals.impressions).toBe(expected.impressions);
    expect(data.totals.measured).toBe(expected.measured);
    expect(data.totals.viewed).toBe(expected.viewed);
    expect(data.totals.total_view_time).toBeCloseTo(expected.total_view_time, 1);
    expect(data.totals.cost).toBeCloseTo(expected.cost, 1);
    expect(data.totals.apm).toBeCloseTo(apm(expected)!, 6);
    expect(data.measurements.map((m) => m.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(data.rows).toEqual([]);
  });

  it('groups by two dimensions; the groups add up to the totals', async () => {
    const ids = october()
      .slice(0, 5)
      .map((m) => m.id);
    const data = await report({
      measurement: ids.join(','),
      start_date: '2026-10-01',
      end_date: '2026-10-14',
      group_by: 'channel,day',
    });
    expect(data.group_by).toEqual(['channel', 'day']);
    expect(data.rows.length).toBeGreaterThan(14);
    for (const row of data.rows) {
      expect(row.keys).toHaveLength(2);
      expect(row.keys[1]! >= '2026-10-01' && row.keys[1]! <= '2026-10-14').toBe(true);
      expect(row.apm).toBeCloseTo(derive(row).apm!, 6);
    }
    const sum = sumCounts(data.rows);
    for (const key of COUNT_KEYS) expect(sum[key]).toBeCloseTo(data.totals[key], 0);
    // Sorted by the keys: channels in order, days in order within each.
    const keys = data.rows.map((r) => r.keys.join('|'));
    expect(keys).toEqual([...keys].sort((x, y) => x.localeCompare(y)));
  });

  it('groups by measurement (ids, named in the measurement list), week (Mondays) and month', async () => {
    const chosen = october().slice(0, 3);
    const byMeasurement = await report({
      measurement: chosen.map((m) => m.id).join(','),
      start_date: '2026-09-01',
      end_date: '2026-10-31',
      group_by: 'measurement',
    });
    expect(byMeasurement.rows.map((r) => r.keys[0]).sort()).toEqual(chosen.map((m) => m.id).sort());
    for (const row of byMeasurement.rows) {
      const own = await metricsOf(`measurement=${row.keys[0]}&start_date=2026-09-01&end_date=2026-10-31`);
      expect(row.impressions).toBe(own.totals.impressions);
    }
    const weekly = await report({
      measurement: chosen[0]!.id,
      start_date: '2026-09-01',
      end_date: '2026-10-31',
      group_by: 'week',
    });
    for (const row of weekly.rows) expect(weekOf(row.keys[0]!)).toBe(row.keys[0]);
    expect(new Date(`${weekly.rows[1]!.keys[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    const monthly = await report({
      measurement: chosen[0]!.id,
      start_date: '2026-09-01',
      end_date: '2026-10-31',
      group_by: 'month,channel',
    });
    expect([...new Set(monthly.rows.map((r) => r.keys[0]))]).toEqual(['2026-09', '2026-10']);
    expect(sumCounts(monthly.rows).impressions).toBe(weekly.totals.impressions);
  });

  it("'*' covers every measurement of the account; labels narrow it (any value of a category)", async () => {
    const all = await report({ measurement: '*', start_date: '2026-10-01', end_date: '2026-10-31' });
    const own = measurements().filter((m) => m.account === ACCOUNT_IDS.northwind);
    expect(all.measurements).toHaveLength(own.length);
    const omitted = await report({ start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(omitted.totals).toEqual(all.totals);

    const labelled = own.find((m) => m.labels.length > 0)!;
    const label = labelled.labels[0]!;
    const narrowed = await report({ measurement: '*', label, start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(narrowed.measurements.map((m) => m.id).sort()).toEqual(
      own
        .filter((m) => m.labels.includes(label))
        .map((m) => m.id)
        .sort(),
    );
    // Two values of one category: either will do.
    const values = app.db.low.data.collections['label-value'] as unknown as LabelValue[];
    const category = values.find((v) => v.id === label)!.category_id;
    const sibling = values.find((v) => v.category_id === category && v.id !== label);
    if (sibling) {
      const either = await report({
        label: `${label},${sibling.id}`,
        start_date: '2026-10-01',
        end_date: '2026-10-31',
      });
      expect(either.measurements.length).toBe(
        own.filter((m) => m.labels.includes(label) || m.labels.includes(sibling.id)).length,
      );
    }
  });

  it('measured=true counts measured impressions only: APM unchanged, % measured 100%', async () => {
    const [m] = october();
    const query = { measurement: m!.id, start_date: '2026-10-01', end_date: '2026-10-31' };
    const all = await report(query);
    const measured = await report({ ...query, measured: 'true' });
    expect(measured.measured).toBe(true);
    expect(measured.totals.impressions).toBe(all.totals.measured);
    expect(measured.totals.pct_measured).toBe(1);
    expect(measured.totals.viewed).toBe(all.totals.viewed);
    expect(measured.totals.apm).toBeCloseTo(all.totals.apm!, 6);
    expect(measured.totals.cost).toBeLessThan(all.totals.cost);
    expect(measured.totals.cpm!).toBeCloseTo(all.totals.cpm!, 0);
  });
});

describe('GET /api/v1/report-data: relative dates on the server clock', () => {
  /**
   * The server's clock (the default state's) stands at `iso`; sessions follow that
   * clock too, so the writer signs in again at that moment.
   */
  const at = async (iso: string) => {
    const set = await app.inject({ method: 'PUT', url: '/api/v1/testing/clock', payload: { now: iso, frozen: true } });
    expect(set.statusCode).toBe(200);
    await stillSignedIn('writer');
  };
  // Back to the real time. A sign-in at another moment may have swept the others' sessions: sign
  // in again whoever the server no longer knows (a sign-in costs a scrypt, about half a second).
  afterEach(async () => {
    await app.inject({ method: 'PUT', url: '/api/v1/testing/clock', payload: { now: null, frozen: false } });
    for (const who of Object.keys(PERSONA_OF)) await stillSignedIn(who as keyof typeof PERSONA_OF);
  });
  it.each([
    ['today', '2026-10-15', '2026-10-15'],
    ['yesterday', '2026-10-14', '2026-10-14'],
    ['last_7_days', '2026-10-09', '2026-10-15'],
    ['last_30_days', '2026-09-16', '2026-10-15'],
    ['last_90_days', '2026-07-18', '2026-10-15'],
    ['this_month', '2026-10-01', '2026-10-15'],
    ['last_month', '2026-09-01', '2026-09-30'],
  ])('%s resolves to %s … %s on 15 October 2026', async (relative, start, end) => {
    await at('2026-10-15T23:30:00Z');
    const chosen = october()[0]!;
    const data = await report({ measurement: chosen.id, relative_date: relative, group_by: 'day' });
    expect([data.start_date, data.end_date, data.relative_date]).toEqual([start, end, relative]);
    expect(data.rows.every((r) => r.keys[0]! >= start && r.keys[0]! <= end)).toBe(true);
    const direct = await metricsOf(`measurement=${chosen.id}&start_date=${start}&end_date=${end}`);
    expect(data.totals.impressions).toBe(direct.totals.impressions);
  });

  it("last_month in January is December; 'flight' spans the chosen flights up to today; relative wins over dates", async () => {
    await at('2027-01-10T08:00:00Z');
    const a = await report({ relative_date: 'last_month', start_date: '2020-01-01', end_date: '2020-01-02' });
    expect([a.start_date, a.end_date]).toEqual(['2026-12-01', '2026-12-31']);
    await at('2026-10-15T08:00:00Z');
    const chosen = october().slice(0, 2);
    const flight = await report({ measurement: chosen.map((c) => c.id).join(','), relative_date: 'flight' });
    const start = chosen.map((c) => c.start_date).sort()[0];
    const last = chosen
      .map((c) => c.end_date)
      .sort()
      .at(-1)!;
    expect(flight.start_date).toBe(start);
    expect(flight.end_date).toBe(last < '2026-10-15' ? last : '2026-10-15');
  });
});

describe('GET /api/v1/report-data: documented', () => {
  it('is in the OpenAPI document with its parameters', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string }[]; description?: string } }>;
    }>();
    const operation = document.paths['/api/v1/report-data']?.get;
    expect(operation?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'account',
        'measurement',
        'label',
        'start_date',
        'end_date',
        'relative_date',
        'measured',
        'group_by',
      ]),
    );
    expect(operation?.description).toContain('measured=true');
  });
});

describe('GET /api/v1/report-data: access and bad parameters', () => {
  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/report-data' })).statusCode).toBe(401);
  });

  it('keeps to the selected account: another account is 403, its measurements and labels are 400', async () => {
    const contoso = ofAccount(ACCOUNT_IDS.contoso)[0]!;
    const foreign = await get(`/api/v1/report-data?account=${ACCOUNT_IDS.contoso}`, 'writer');
    expect(foreign.statusCode).toBe(403);
    const smuggled = await get(`/api/v1/report-data?measurement=${contoso.id}&relative_date=last_30_days`, 'writer');
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json<{ message: string }>().message).toBe(
      `measurement: ${contoso.id} is not a measurement of this account`,
    );
    const unknown = await get('/api/v1/report-data?measurement=0123456789abcdef01234567', 'writer');
    expect(unknown.json<{ message: string }>().message).toBe(
      'measurement: 0123456789abcdef01234567 is not a measurement of this account',
    );
    const labels = app.db.low.data.collections['label-value'] as unknown as LabelValue[];
    const foreignLabel = labels.find((l) => l.category.account !== ACCOUNT_IDS.northwind)!;
    const badLabel = await get(`/api/v1/report-data?label=${foreignLabel.id}`, 'writer');
    expect(badLabel.statusCode).toBe(400);
    expect(badLabel.json<{ message: string }>().message).toMatch(/^label: /);
    // The admin has a read grant on Contoso: the same report there is allowed and covers Contoso only.
    const allowed = await report({ account: ACCOUNT_IDS.contoso, measurement: contoso.id }, 'admin');
    expect(allowed.account).toBe(ACCOUNT_IDS.contoso);
  });

  it('refuses an account without lamp_access', async () => {
    const response = await get('/api/v1/report-data', 'selfserve');
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(
      'This account does not have the required access to view this page',
    );
  });

  it.each([
    ['group_by=weekday', 'querystring.group_by'],
    ['group_by=day,channel,device', 'querystring.group_by: at most 2 dimensions'],
    ['group_by=day,day', 'querystring.group_by: a dimension cannot be used twice'],
    ['start_date=2026-10-01', 'querystring.end_date: give both start_date and end_date, or a relative_date'],
    ['start_date=2026-10-05&end_date=2026-10-01', 'querystring.end_date: end_date must not be before start_date'],
    ['start_date=2020-01-01&end_date=2026-10-01', 'querystring.end_date: a report covers at most 1100 days'],
    ['start_date=2026-13-01&end_date=2026-12-01', 'querystring.start_date'],
    ['relative_date=last_week', 'querystring.relative_date'],
    ['measured=yes', 'querystring.measured'],
    ['measurement=nope', 'querystring.measurement'],
    ['measurement=*,0123456789abcdef01234567', "querystring.measurement: '*' (all measurements) cannot be combined"],
    ['label=xyz', 'querystring.label'],
    ['account=xyz', 'account: must be a 24-character hexadecimal id'],
  ])('?%s is a 400 naming %s', async (query, named) => {
    const response = await get(`/api/v1/report-data?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(named);
  });
});
