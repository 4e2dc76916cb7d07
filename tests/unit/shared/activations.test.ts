import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  ACTIVATION_STATUSES,
  canMoveTo,
  DEAL_ID_PATTERN,
  dealId,
  previewDomains,
  usesList,
} from '../../../src/shared/activations.ts';
import { OTHERS_KEY, type BreakdownEntry } from '../../../src/shared/metric-aggregate.ts';
import { apm, summarise, type MetricCounts } from '../../../src/shared/metrics.ts';

const counts = (impressions: number, viewTime: number): MetricCounts => ({
  impressions,
  measured: impressions,
  viewable: impressions,
  viewed: impressions,
  total_viewable_time: viewTime,
  total_view_time: viewTime,
  cost: 0,
});
const entry = (key: string, impressions: number, viewTime: number): BreakdownEntry => ({
  key,
  ...summarise(counts(impressions, viewTime)),
});

describe('activation states', () => {
  it('offers the actions each state allows', () => {
    expect(actionsFor('draft')).toEqual(['activate', 'end']);
    expect(actionsFor('active')).toEqual(['pause', 'end']);
    expect(actionsFor('paused')).toEqual(['resume', 'end']);
    expect(actionsFor('ended')).toEqual([]);
  });

  it('allows exactly the moves the actions make, and no way back from ended or to draft', () => {
    const allowed = ACTIVATION_STATUSES.flatMap((from) =>
      ACTIVATION_STATUSES.filter((to) => to !== from && canMoveTo(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      ['active→ended', 'active→paused', 'draft→active', 'draft→ended', 'paused→active', 'paused→ended'].sort(),
    );
  });

  it('makes deal ids in the platforms’ shape', () => {
    expect(dealId('Northwind Media', 2026, 42)).toBe('NOR-ATT-2026-0042');
    expect(dealId('City Power & Light', 2027, 123_456)).toBe('CIT-ATT-2027-3456');
    expect(dealId('42', 2026, 1)).toMatch(DEAL_ID_PATTERN);
  });

  it('counts a list in use only by activations that have not ended', () => {
    expect(usesList({ domain_list: 'l', status: 'paused' }, 'l')).toBe(true);
    expect(usesList({ domain_list: 'l', status: 'ended' }, 'l')).toBe(false);
    expect(usesList({ domain_list: 'x', status: 'active' }, 'l')).toBe(false);
  });
});

describe('previewDomains', () => {
  const breakdown = [
    entry('theguardian.com', 6000, 6000), // APM 1000
    entry('www.metro.co.uk', 3000, 1500), // APM 500
    entry('london-waterloo-station', 800, 2400), // APM 3000, a screen
    entry('com.itv.itvx', 200, 1000), // APM 5000
  ];
  const totals = counts(10_000, 10_900);

  it('qualifies listable domains at or above the minimum, with their share and APM from summed counts', () => {
    const preview = previewDomains(breakdown, totals, 1000);
    expect(preview.qualifying.domains).toEqual(['theguardian.com', 'com.itv.itvx']);
    expect(preview.qualifying.count).toBe(2);
    expect(preview.qualifying.impressions).toBe(6200);
    expect(preview.qualifying.share).toBeCloseTo(0.62);
    expect(preview.qualifying.apm).toBeCloseTo(apm(counts(6200, 7000))!);
    expect(preview.unlistable).toBe(1);
    expect(preview.entries.map((e) => e.domain)).toContain('metro.co.uk');
  });

  it('qualifies nothing above every domain, and everything listable at zero', () => {
    expect(previewDomains(breakdown, totals, 10_000).qualifying).toMatchObject({ count: 0, apm: null, impressions: 0 });
    expect(previewDomains(breakdown, totals, 0).qualifying.count).toBe(3);
  });

  it('never lists the roll-up of a truncated breakdown', () => {
    expect(previewDomains([entry(OTHERS_KEY, 10, 100)], totals, 0).qualifying.count).toBe(0);
  });
});
