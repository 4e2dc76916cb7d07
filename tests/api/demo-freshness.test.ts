/**
 * Demo freshness: demo mode's data is generated for today, so a live demo's
 * 'last 7 days' shows delivery and its names agree with its dates; test mode keeps the fixtures
 * byte for byte.
 */
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_FIXTURES_PATH, generateFixtures } from '../../fixtures/generate.ts';
import { type Collections } from '../../server/store/collections.ts';
import { FIXTURE_TODAY, ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { ReportData } from '../../src/shared/report-api.ts';
import type { Measurement } from '../../src/shared/schemas/index.ts';
import { demoDayShift, shiftCollections } from '../../server/store/demo-days.ts';
import { openStore } from '../../server/store/index.ts';
import { buildTestApp } from '../helpers/app.ts';

const today = () => new Date().toISOString().slice(0, 10);
const fixtures = () => JSON.parse(readFileSync(DEMO_FIXTURES_PATH, 'utf8')) as Collections;

describe('moving the fixtures by whole days', () => {
  it('counts the days from the fixtures day to today', () => {
    expect(demoDayShift(FIXTURE_TODAY)).toBe(0);
    expect(demoDayShift('2026-11-08')).toBe(7);
    expect(demoDayShift('2026-10-31')).toBe(-1);
  });

  it('moves days and UTC timestamps, and nothing else', () => {
    const moved = shiftCollections(
      {
        measurement: [
          {
            id: '650000000000000000000001',
            name: '2026-11-01',
            start_date: '2026-10-30',
            created_at: '2026-10-31T23:30:00.000Z',
            tags: ['2026-02-28'],
            nested: { at: '2026-11-01T09:00:00Z' },
            count: 20261101,
            note: 'since 2026-11-01',
          },
        ],
      },
      2,
    );
    expect(moved.measurement?.[0]).toEqual({
      id: '650000000000000000000001',
      name: '2026-11-03',
      start_date: '2026-11-01',
      created_at: '2026-11-02T23:30:00.000Z',
      tags: ['2026-03-02'],
      nested: { at: '2026-11-03T09:00:00.000Z' },
      count: 20261101,
      note: 'since 2026-11-01',
    });
  });
});

describe('demo mode', () => {
  let app: FastifyInstance;
  let cookie = '';
  beforeAll(async () => {
    app = await buildTestApp({ mode: 'demo' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'writer@northwind.test', password: 'Lamp-Demo-2026!' },
    });
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }, 60_000);
  afterAll(() => app.close());

  it("shows delivery up to today in 'last 7 days'", async () => {
    const live = (app.db.low.data.collections.measurement as unknown as Measurement[]).find(
      (m) =>
        m.account === ACCOUNT_IDS.northwind && m.status === 'live' && m.start_date <= today() && m.end_date >= today(),
    );
    expect(live, 'a live Northwind flight today').toBeDefined();
    const response = await app.inject({
      url: `/api/v1/report-data?measurement=${live!.id}&relative_date=last_7_days&group_by=day`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: ReportData }>().data;
    expect(data.end_date).toBe(today());
    expect(data.rows.map((row) => row.keys[0])).toContain(today());
    expect(data.totals.impressions).toBeGreaterThan(0);
  });

  it("moves every date by the days from the fixtures' day to today, and keeps the figures", async () => {
    const days = demoDayShift();
    expect(app.db.dayShift).toBe(days);
    const original = fixtures().measurement as unknown as Measurement[];
    const moved = app.db.low.data.collections.measurement as unknown as Measurement[];
    const first = original.find((m) => m.account === ACCOUNT_IDS.northwind && m.status === 'completed')!;
    const same = moved.find((m) => m.id === first.id)!;
    const plus = (day: string) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    expect([same.start_date, same.end_date]).toEqual([plus(first.start_date), plus(first.end_date)]);
    // The whole flight's figures are the fixtures' (the list's summary agrees with the dashboard).
    const metrics = await app.inject({
      url: `/api/v1/measurement-metrics?measurement=${same.id}`,
      headers: { cookie },
    });
    expect(metrics.statusCode, metrics.body).toBe(200);
    expect(metrics.json<{ data: { totals: { impressions: number } } }>().data.totals.impressions).toBe(
      same.impressions,
    );
  });

  it("seeds the story told at the server's start: the rows as the generator makes them for that moment", () => {
    // Names, seasons, financial years and report ranges follow today's dates, and every instant
    // is before the start (tests/unit/fixtures/story.test.ts holds the rules). The users are left
    // out: signing in above recorded a login.
    const toldAt = Date.parse(app.db.low.data.toldAt!);
    expect(new Date(toldAt).toISOString().slice(0, 10)).toBe(today());
    expect(toldAt).toBeLessThanOrEqual(Date.now());
    const story = generateFixtures({ now: toldAt });
    for (const name of ['contract', 'purchase-order', 'saved-report', 'activation', 'spotlight-brief'])
      expect(app.db.low.data.collections[name], name).toEqual(story[name]);
    // A measurement's summary figures move on when one of the demo's in-flight imports lands (the
    // import timer runs in demo mode); everything else is the story's.
    const withoutFigures = (rows: unknown[] | undefined) =>
      (rows as Record<string, unknown>[]).map(({ impressions: _i, apm: _a, updated_at: _u, ...rest }) => rest);
    expect(withoutFigures(app.db.low.data.collections.measurement)).toEqual(withoutFigures(story.measurement));
  });

  it('moves a demo store opened on a later day on to today', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-demo-days-'));
    const first = await openStore({ dataDir, fixtureScale: null, mode: 'demo' });
    const startOf = (db: typeof first) =>
      (db.low.data.collections.measurement as unknown as Measurement[])[0]!.start_date;
    const expected = startOf(first);
    // As if the store had been moved three days less, on an earlier day.
    first.low.data.collections = shiftCollections(first.low.data.collections, -3);
    first.low.data.dayShift = first.dayShift - 3;
    await first.write();
    await first.close();
    const later = await openStore({ dataDir, fixtureScale: null, mode: 'demo' });
    expect(startOf(later)).toBe(expected);
    expect(later.dayShift).toBe(demoDayShift());
    await later.close();
  });

  it("retells a store seeded weeks ago on today's story, keeping what people changed", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-demo-retell-'));
    const first = await openStore({ dataDir, fixtureScale: null, mode: 'demo' });
    // As if seeded 40 days ago (a quarter's wrap report, a pacing check's range and the
    // financial-year licences differ from today's), then one measurement renamed and one saved
    // report deleted.
    const earlier = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const then = generateFixtures({ today: earlier });
    const renamed = then.measurement![5]!;
    const deleted = then['saved-report']![0]!;
    first.low.data.collections = {
      ...then,
      measurement: then.measurement!.map((m) => (m.id === renamed.id ? { ...m, name: 'Our own name' } : m)),
      'saved-report': then['saved-report']!.filter((r) => r.id !== deleted.id),
    };
    first.low.data.dayShift = demoDayShift(earlier);
    await first.write();
    await first.close();
    const later = await openStore({ dataDir, fixtureScale: null, mode: 'demo' });
    const story = generateFixtures({ now: Date.parse(later.low.data.toldAt!) });
    const kept = later.low.data.collections;
    // Untouched rows are today's story: names and ranges agree with today's dates.
    expect(kept.contract).toEqual(story.contract);
    expect(kept['saved-report']).toEqual(story['saved-report']!.filter((r) => r.id !== deleted.id));
    expect(kept.measurement!.filter((m) => m.id !== renamed.id)).toEqual(
      story.measurement!.filter((m) => m.id !== renamed.id),
    );
    // The renamed one keeps its name, its dates moved on by the 40 days.
    const own = kept.measurement!.find((m) => m.id === renamed.id)!;
    expect(own.name).toBe('Our own name');
    expect(own.start_date).toBe(story.measurement!.find((m) => m.id === renamed.id)!.start_date);
    await later.close();
  });
});

describe('a demo started before the hour its store was told at', () => {
  afterAll(() => vi.useRealTimers());

  it('is retold at its start, so that no instant lies ahead of the clock', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-demo-early-'));
    vi.useFakeTimers({ toFake: ['Date'] });
    // Told at 09:00 UTC (as every store was before stories were told at the start)...
    vi.setSystemTime(new Date('2026-11-29T09:00:00.000Z'));
    const first = await openStore({ dataDir, fixtureScale: null, mode: 'demo' });
    delete first.low.data.toldAt;
    await first.writeBookkeeping();
    await first.close();
    // ...and opened at 05:30 the same day.
    const early = Date.parse('2026-11-29T05:30:00.000Z');
    vi.setSystemTime(new Date(early));
    const later = await openStore({ dataDir, fixtureScale: null, mode: 'demo' });
    vi.useRealTimers();
    try {
      expect(later.low.data.toldAt).toBe(new Date(early).toISOString());
      const ahead = Object.values(later.low.data.collections)
        .flat()
        .filter((row) => Date.parse(String(row.created_at)) > early || Date.parse(String(row.updated_at)) > early);
      expect(ahead).toEqual([]);
    } finally {
      await later.close();
    }
  }, 60_000);
});

describe('test mode', () => {
  it('keeps the fixtures byte for byte', async () => {
    const app = await buildTestApp();
    try {
      expect(app.db.dayShift).toBe(0);
      expect(JSON.stringify(app.db.low.data.collections)).toBe(JSON.stringify(fixtures()));
    } finally {
      await app.close();
    }
  });
});
