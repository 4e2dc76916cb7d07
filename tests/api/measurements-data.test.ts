/**
 * The measurement endpoints beyond plain resources: metrics, tags, tag uploads and data imports,
 * against the demo fixtures, signed in as demo personas.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { generateMeasurementMetrics } from '../../fixtures/metrics.ts';
import type { MetricsResponse, TagUploadResponse, TagsResponse } from '../../src/shared/measurement-api.ts';
import { aggregateMetrics } from '../../src/shared/metric-aggregate.ts';
import { sumCounts } from '../../src/shared/metrics.ts';
import type { Measurement } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';
import { measurementBody } from '../helpers/bodies.ts';
import { injectWith, signInThrough } from '../helpers/http.ts';

let app: FastifyInstance;
const cookies: Record<string, string> = {};

const signIn = (email: string) => signInThrough(app, email);

const get = (url: string, who = 'writer') => injectWith(app, cookies[who] ?? '', 'GET', url);
const post = (url: string, payload: object, who = 'writer') =>
  injectWith(app, cookies[who] ?? '', 'POST', url, { payload });

type Metrics = MetricsResponse['data'];
const metricsOf = async (query: string, who = 'writer'): Promise<Metrics> =>
  (await get(`/api/v1/measurement-metrics?${query}`, who)).json<MetricsResponse>().data;

const measurements = () => app.db.low.data.collections.measurement as unknown as Measurement[];
const northwind = () => measurements().filter((m) => m.account === ACCOUNT_IDS.northwind);
/** A Northwind measurement with delivery on every flight day (the longest completed flight). */
const busiest = () =>
  [...northwind().filter((m) => m.status === 'completed')].sort(
    (a, b) => Date.parse(b.end_date) - Date.parse(b.start_date) - (Date.parse(a.end_date) - Date.parse(a.start_date)),
  )[0]!;

beforeAll(async () => {
  app = await buildTestApp();
  cookies.writer = await signIn('writer@northwind.test');
  cookies.reader = await signIn('reader@northwind.test');
  cookies.contoso = await signIn('partner@contoso.test');
  // Three scrypt sign-ins and a full fixture load: slow on a busy machine.
}, 60_000);
afterAll(() => app.close());
beforeEach(() => app.db.reset());

describe('GET /api/v1/measurement-metrics', () => {
  it('answers the aggregate of the measurement’s delivery, with the shared formulas', async () => {
    const m = busiest();
    const response = await get(`/api/v1/measurement-metrics?measurement=${m.id}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<MetricsResponse>();
    const expected = aggregateMetrics(generateMeasurementMetrics(m), {
      start_date: data.start_date,
      end_date: data.end_date,
    });
    expect(data.totals.impressions).toBe(expected.totals.impressions);
    expect(data.totals.apm).toBeCloseTo(expected.totals.apm!, 6);
    expect(data.totals.impressions).toBeGreaterThan(0);
    // The parts add up to the whole.
    expect(data.series.reduce((s, p) => s + p.impressions, 0)).toBe(data.totals.impressions);
    expect(data.breakdowns.channel.reduce((s, e) => s + e.impressions, 0)).toBe(data.totals.impressions);
    // The list's summary equals the whole-flight aggregate (TEAM contract).
    expect(m.impressions).toBe(sumCounts(generateMeasurementMetrics(m)).impressions);
  });

  it('narrows by date range and channel, and fills every day of the range', async () => {
    const m = busiest();
    const whole = await metricsOf(`measurement=${m.id}`);
    const channel = whole.options.channel[0]!;
    const start = whole.series[2]!.date;
    const end = whole.series[8]!.date;
    const part = await metricsOf(
      `measurement=${m.id}&start_date=${start}&end_date=${end}&channel=${encodeURIComponent(channel)}`,
    );
    expect(part.series).toHaveLength(7);
    expect(part.totals.impressions).toBeLessThan(whole.totals.impressions);
    expect(part.breakdowns.channel.map((e) => e.key)).toEqual([channel]);
  });

  it('refuses bad input with a 400 and other accounts’ measurements', async () => {
    const m = busiest();
    expect(
      (await get(`/api/v1/measurement-metrics?measurement=${m.id}&start_date=2026-05-10&end_date=2026-05-01`))
        .statusCode,
    ).toBe(400);
    expect((await get(`/api/v1/measurement-metrics?measurement=nope`)).statusCode).toBe(400);
    expect((await get(`/api/v1/measurement-metrics?measurement=${'f'.repeat(24)}`)).statusCode).toBe(404);
    const foreign = (await get(`/api/v1/measurement-metrics?measurement=${m.id}`, 'contoso')).statusCode;
    expect([403, 404]).toContain(foreign);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/measurement-metrics?measurement=${m.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('measurement tags', () => {
  it('fills the ad server’s macros into the display tag, the VAST snippet and the pixel', async () => {
    const m = busiest();
    const vendors = app.db.low.data.collections['third-party-macro-vendor'] as unknown as {
      id: string;
      name: string;
    }[];
    const dv360 = vendors.find((v) => v.name === 'DV360')!;
    const response = await get(`/api/v1/measurement-tag/download?measurement=${m.id}&vendor=${dv360.id}&format=json`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<TagsResponse>();
    expect(data.tags.map((t) => t.type)).toEqual(['display', 'video', 'pixel']);
    for (const tag of data.tags) {
      expect(tag.code).toContain('${CREATIVE_ID}');
      expect(tag.code).toContain('${CACHEBUSTER}');
      expect(tag.code).toContain(m.id);
    }
    expect(data.tags[1]!.code).toContain('<AdVerifications>');
  });

  it('downloads the tags as a text attachment', async () => {
    const m = busiest();
    const response = await get(`/api/v1/measurement-tag/download?measurement=${m.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.txt"$/);
    expect(response.body).toContain('JavaScript display tag');
  });
});

describe('tag uploads', () => {
  const template = () => (app.db.low.data.collections['upload-template'] as unknown as { id: string }[])[0]!;
  const tagCount = () => (app.db.low.data.collections['measurement-tag'] ?? []).length;

  it('saves nothing from a file with a bad row, and reports each row', async () => {
    const m = busiest();
    const before = tagCount();
    const csv =
      'Placement,Creative,Click URL\nHomepage MPU,Spring 300x250,https://example.com\n,Spring 728x90,https://example.com\nSport MPU,Spring 300x250,ftp://nope\n';
    const response = await post('/api/v1/measurement-tag/upload', {
      measurement: m.id,
      upload_template: template().id,
      file_name: 'tags.csv',
      csv,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<TagUploadResponse>();
    expect(data.valid).toBe(false);
    expect(data.saved).toBe(0);
    expect(data.rows.map((r) => r.status)).toEqual(['ok', 'error', 'error']);
    expect(data.rows[1]!.errors).toContain('Placement name is required');
    expect(data.rows[2]!.errors).toContain('Click URL must start with https://');
    expect(tagCount()).toBe(before);
  });

  it('saves one tag per row of a valid file; readers may not upload', async () => {
    const m = busiest();
    const before = tagCount();
    const csv = 'Placement,Creative\nHomepage MPU,Spring 300x250\nSport MPU,Spring 300x250\n';
    const body = { measurement: m.id, upload_template: template().id, file_name: 'tags.csv', csv };
    expect((await post('/api/v1/measurement-tag/upload', body, 'reader')).statusCode).toBe(403);
    const response = await post('/api/v1/measurement-tag/upload', body);
    expect(response.json<TagUploadResponse>().data).toMatchObject({ valid: true, saved: 2 });
    expect(tagCount()).toBe(before + 2);
  });
});

describe('data imports', () => {
  const config = () =>
    (
      app.db.low.data.collections['import-job-config'] as unknown as {
        id: string;
        account: string | null;
        upload_template: string | null;
      }[]
    ).find((c) => c.upload_template && (c.account === null || c.account === ACCOUNT_IDS.northwind))!;
  const advance = () => app.inject({ method: 'POST', url: '/api/v1/import-job/advance' });
  const job = (id: string) =>
    (
      app.db.low.data.collections['import-job'] as unknown as {
        id: string;
        status: string;
        errors?: unknown[];
        rows_imported: number;
      }[]
    ).find((j) => j.id === id)!;

  function deliveryCsv(m: Measurement, rows: number, bad = false) {
    const lines = ['Date,Ad name,Placement,Device,Impressions,Amount spent (GBP)'];
    for (let i = 0; i < rows; i += 1) {
      const day = new Date(Date.parse(m.start_date) + (i % 5) * 86_400_000).toISOString().slice(0, 10);
      lines.push(
        `${bad && i === 3 ? '2026-13-45' : day},Spring Reel ${i % 3},Instagram Feed,Mobile,${bad && i === 5 ? 'many' : 10_000 + i * 10},${(40 + i).toFixed(2)}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }

  it('queues, runs in steps and on success adds the rows to the metrics and the measurement summary', async () => {
    const m = busiest();
    const before = (await metricsOf(`measurement=${m.id}`)).totals.impressions;
    const created = await post('/api/v1/import-job/upload', {
      measurement: m.id,
      import_job_config: config().id,
      file_name: 'meta.csv',
      csv: deliveryCsv(m, 8),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect(job(id).status).toBe('queued');
    await advance();
    expect(job(id).status).toBe('running');
    for (let i = 0; i < 4; i += 1) await advance();
    expect(job(id).status).toBe('successful');
    expect(job(id).rows_imported).toBe(8);
    const added = Array.from({ length: 8 }, (_, i) => 10_000 + i * 10).reduce((a, b) => a + b, 0);
    const after = await metricsOf(`measurement=${m.id}`);
    expect(after.totals.impressions).toBe(before + added);
    expect(after.imported_rows).toBe(8);
    const stored = measurements().find((x) => x.id === m.id)!;
    expect(stored.impressions).toBe(sumCounts(generateMeasurementMetrics(m)).impressions + added);
    const events = app.repositories['import-job-status'].findBy('import_job_id', id);
    expect(events.map((e) => e.status)).toEqual(['queued', 'running', 'success']);
    expect(new Set(events.map((e) => e.correlation_id)).size).toBe(1);
  });

  it('fails a malformed file with row-level errors and changes no metrics', async () => {
    const m = busiest();
    const before = (await metricsOf(`measurement=${m.id}`)).totals;
    const created = await post('/api/v1/import-job/upload', {
      measurement: m.id,
      import_job_config: config().id,
      file_name: 'bad.csv',
      csv: deliveryCsv(m, 8, true),
    });
    const id = created.json<{ data: { id: string } }>().data.id;
    for (let i = 0; i < 6; i += 1) await advance();
    expect(job(id).status).toBe('failed');
    expect(job(id).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 5, column: 'Date' }),
        expect.objectContaining({ line: 7, column: 'Impressions' }),
      ]),
    );
    const after = (await metricsOf(`measurement=${m.id}`)).totals;
    expect(after).toEqual(before);
  });
});

describe('the measurement summary', () => {
  it('follows the delivery of a newly created measurement', async () => {
    const channel = (app.db.low.data.collections['advertising-channel'] as unknown as { id: string }[])[0]!.id;
    const response = await post(
      '/api/v1/measurement',
      measurementBody(ACCOUNT_IDS.northwind, {
        name: 'Summary check',
        status: 'live',
        end_date: '2026-12-31',
        channels: [channel],
      }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json<{ data: Measurement }>().data;
    const totals = (await metricsOf(`measurement=${created.id}&start_date=2026-09-01&end_date=2026-12-31`)).totals;
    expect(created.impressions).toBe(totals.impressions);
    expect(created.impressions).toBeGreaterThan(0);
    const stored = measurements().find((m) => m.id === created.id)!;
    expect(stored.impressions).toBe(totals.impressions);
  });
});
