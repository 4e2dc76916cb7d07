import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OTHERS_KEY, aggregateMetrics, daysBetween } from '../../../src/shared/metric-aggregate.ts';
import {
  acpm,
  apm,
  avgViewTime,
  cpm,
  csvMetricValue,
  derive,
  formatMetric,
  metricBase,
  pctViewed,
  safeDivide,
  sumCounts,
  type MetricCounts,
  type MetricRow,
} from '../../../src/shared/metrics.ts';

/** Counts that respect the funnel: viewed ≤ measured ≤ impressions, viewable ≤ impressions. */
const countsArb = fc
  .record({
    impressions: fc.integer({ min: 0, max: 5_000_000 }),
    measuredShare: fc.double({ min: 0, max: 1, noNaN: true }),
    viewableShare: fc.double({ min: 0, max: 1, noNaN: true }),
    viewedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    // Centiseconds and pence: real figures, not subnormal floats.
    secondsPerView: fc.integer({ min: 0, max: 3000 }).map((n) => n / 100),
    secondsPerViewable: fc.integer({ min: 0, max: 18_000 }).map((n) => n / 100),
    cpm: fc.integer({ min: 0, max: 4000 }).map((n) => n / 100),
  })
  .map((r): MetricCounts => {
    const measured = Math.floor(r.impressions * r.measuredShare);
    const viewed = Math.floor(measured * r.viewedShare);
    const viewable = Math.floor(r.impressions * r.viewableShare);
    return {
      impressions: r.impressions,
      measured,
      viewable,
      viewed,
      total_viewable_time: viewable * r.secondsPerViewable,
      total_view_time: viewed * r.secondsPerView,
      cost: (r.impressions / 1000) * r.cpm,
    };
  });

const row = (overrides: Partial<MetricRow>): MetricRow => ({
  measurement: 'm1',
  date: '2026-10-01',
  channel: 'Display',
  media_partner: 'Guardian',
  format: 'MPU',
  device: 'Desktop',
  domain: 'theguardian.com',
  creative: 'Creative A',
  impressions: 1000,
  measured: 900,
  viewable: 550,
  viewed: 180,
  total_viewable_time: 1100,
  total_view_time: 270,
  cost: 2.5,
  ...overrides,
});

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('attention formulas', () => {
  it('computes the funnel, time and cost figures of a desktop display line', () => {
    const d = derive(row({}));
    expect(d.pct_measured).toBeCloseTo(0.9);
    expect(d.pct_viewable).toBeCloseTo(0.55);
    expect(d.pct_viewed).toBeCloseTo(0.2);
    expect(d.avg_viewable_time).toBeCloseTo(2);
    expect(d.avg_view_time).toBeCloseTo(1.5);
    // 270 s over 900 measured impressions = 300 attentive seconds per mille.
    expect(d.apm).toBeCloseTo(300);
    expect(d.cpm).toBeCloseTo(2.5);
    expect(d.acpm).toBeCloseTo((2.5 / 270) * 1000);
  });

  it('answers null instead of NaN or Infinity when there is nothing to divide by', () => {
    expect(safeDivide(1, 0)).toBeNull();
    expect(safeDivide(0, 0)).toBeNull();
    expect(safeDivide(Number.NaN, 2)).toBeNull();
    const d = derive(sumCounts([]));
    for (const value of Object.values(d)) expect(value).toBeNull();
    expect(formatMetric('apm', null)).toBe('—');
    expect(csvMetricValue('pct_viewed', null)).toBe('');
  });

  it('APM = % viewed × avg view time × 1000 whenever both are defined', () => {
    fc.assert(
      fc.property(countsArb, (c) => {
        const viewedShare = pctViewed(c);
        const avg = avgViewTime(c);
        const attention = apm(c);
        if (viewedShare === null || avg === null) return;
        expect(attention).not.toBeNull();
        expect(close(attention as number, viewedShare * avg * 1000)).toBe(true);
      }),
    );
  });

  it('aCPM × total view time / 1000 gives back the cost, and aCPM = CPM / APM × 1000 when every impression is measured', () => {
    fc.assert(
      fc.property(countsArb, (c) => {
        const a = acpm(c);
        if (a !== null) expect(close((a * c.total_view_time) / 1000, c.cost)).toBe(true);
        const fully = { ...c, measured: c.impressions };
        const [a2, cp, ap] = [acpm(fully), cpm(fully), apm(fully)];
        if (a2 !== null && cp !== null && ap !== null && ap !== 0) expect(close(a2, (cp / ap) * 1000)).toBe(true);
      }),
    );
  });

  it('never produces a non-finite figure and keeps the funnel percentages within 0..100%', () => {
    fc.assert(
      fc.property(countsArb, (c) => {
        for (const value of Object.values(derive(c))) {
          if (value !== null) expect(Number.isFinite(value)).toBe(true);
        }
        const d = derive(c);
        for (const share of [d.pct_measured, d.pct_viewable, d.pct_viewed]) {
          if (share !== null) expect(share >= 0 && share <= 1).toBe(true);
        }
      }),
    );
  });

  it('sums counts before deriving ratios, so a split aggregates to the same totals as the whole', () => {
    fc.assert(
      fc.property(fc.array(countsArb, { minLength: 1, maxLength: 20 }), (parts) => {
        const total = sumCounts(parts);
        expect(total.impressions).toBe(parts.reduce((s, p) => s + p.impressions, 0));
        expect(total.viewed <= total.measured && total.measured <= total.impressions).toBe(true);
      }),
    );
  });
});

describe('aggregateMetrics', () => {
  const rows = [
    row({ date: '2026-10-01' }),
    row({
      date: '2026-10-02',
      channel: 'Online video',
      format: 'Pre-roll',
      impressions: 2000,
      measured: 1900,
      viewed: 1200,
      total_view_time: 4800,
      cost: 24,
    }),
    row({ date: '2026-10-03', device: 'Mobile', domain: 'bbc.co.uk' }),
    row({ date: '2026-10-05', creative: 'Creative B' }),
  ];

  it('totals, series and breakdowns agree with each other', () => {
    const result = aggregateMetrics(rows);
    expect(result.totals.impressions).toBe(5000);
    expect(result.series.map((p) => p.date)).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-05']);
    expect(result.series.reduce((s, p) => s + p.impressions, 0)).toBe(5000);
    for (const list of Object.values(result.breakdowns)) {
      expect(list.reduce((s, e) => s + e.impressions, 0)).toBe(5000);
    }
    expect(result.breakdowns.channel.map((e) => e.key)).toEqual(['Display', 'Online video']);
    expect(result.totals.apm).toBeCloseTo(((270 * 3 + 4800) / (900 * 3 + 1900)) * 1000);
  });

  it('filters by date and dimension, but keeps offering every dimension value in range', () => {
    const result = aggregateMetrics(
      rows,
      { start_date: '2026-10-02', end_date: '2026-10-04', channel: 'Display' },
      { fillDays: true },
    );
    expect(result.totals.impressions).toBe(1000);
    expect(result.rows).toBe(1);
    expect(result.series.map((p) => p.date)).toEqual(['2026-10-02', '2026-10-03', '2026-10-04']);
    expect(result.series[0]?.impressions).toBe(0);
    expect(result.series[0]?.apm).toBeNull();
    expect(result.options.channel).toEqual(['Display', 'Online video']);
  });

  it('rolls a long tail up into one entry', () => {
    const many = Array.from({ length: 30 }, (_, i) => row({ domain: `site${i}.com`, impressions: 100 + i }));
    const list = aggregateMetrics(many, {}, { breakdownLimit: 10 }).breakdowns.domain;
    expect(list).toHaveLength(11);
    expect(list[0]?.key).toBe('site29.com');
    expect(list[10]?.key).toBe(OTHERS_KEY);
    expect(list.reduce((s, e) => s + e.impressions, 0)).toBe(many.reduce((s, r) => s + r.impressions, 0));
  });

  it('lists the days of a range inclusively', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('formats figures the way the dashboard shows them', () => {
    expect(formatMetric('pct_viewed', 0.7654)).toBe('76.5%');
    expect(formatMetric('apm', 1234.4)).toBe('1,234');
    expect(formatMetric('acpm', 1.405)).toBe('£1.41');
    expect(formatMetric('avg_view_time', 1.5)).toBe('1.50 s');
    expect(formatMetric('impressions', 12_345_678)).toBe('12,345,678');
    expect(formatMetric('impressions', 12_345_678, { compact: true })).toBe('12.3M');
  });

  it('names the base of each share from its formula: % Viewable of impressions, % Viewed of measured ones', () => {
    expect(metricBase('pct_measured')).toBe('of impressions');
    expect(metricBase('pct_viewable')).toBe('of impressions');
    expect(metricBase('pct_viewed')).toBe('of measured impressions');
    expect(metricBase('apm')).toBeNull();
    expect(metricBase('impressions')).toBeNull();
  });
});
