/** The report builder's URL state and its table model (src/app/features/reports). */
import { describe, expect, it } from 'vitest';
import { emptyCounts, summarise } from '../../../src/shared/metrics.ts';
import type { ReportData } from '../../../src/shared/report-api.ts';
import { resolveRelativeDate, weekOf } from '../../../src/shared/reports.ts';
import {
  dataQuery,
  DEFAULT_METRICS,
  parseReportState,
  previousPeriod,
  reportSearch,
  requestedRange,
  savedReportSearch,
} from '../../../src/shared/report-state.ts';
import { buildTable, tableCsv } from '../../../src/shared/report-table.ts';
import { fixedDefinition } from '../../../src/app/features/reports/AdminReportPage.tsx';

const A = '0123456789abcdef01234567';
const B = '0123456789abcdef01234568';

describe('report URL state', () => {
  it('knows an absolute range (and its previous period) before the data, never a relative one', () => {
    const absolute = parseReportState('startDate=2026-10-01&endDate=2026-10-31&measurement=*');
    expect(requestedRange(absolute)).toEqual({ start: '2026-10-01', end: '2026-10-31', previous: null });
    expect(requestedRange({ ...absolute, compare: 'previous' })?.previous).toEqual({
      start: '2026-08-31',
      end: '2026-09-30',
    });
    expect(previousPeriod('2026-10-01', '2026-10-01')).toEqual({ start: '2026-09-30', end: '2026-09-30' });
    expect(requestedRange(parseReportState('relativeDate=last_7_days&measurement=*'))).toBeNull();
    expect(requestedRange(parseReportState('startDate=2026-10-31&endDate=2026-10-01&measurement=*'))).toBeNull();
  });

  it('reads every key and writes the same report back', () => {
    const search = `account=${A}&startDate=2026-10-01&endDate=2026-10-31&measured=true&measurement=${A},${B}&label=${B}&groupBy=channel,day&metrics=impressions,apm&compare=previous&sort=apm_desc`;
    const state = parseReportState(search);
    expect(state).toMatchObject({
      account: A,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      relativeDate: null,
      measured: true,
      measurements: [A, B],
      labels: [B],
      groupBy: ['channel', 'day'],
      metrics: ['impressions', 'apm'],
      compare: 'previous',
      sort: { id: 'apm', direction: 'desc' },
    });
    expect(parseReportState(reportSearch(state))).toEqual(state);
  });

  it('falls back to defaults for what it cannot read, and keeps Select All', () => {
    const state = parseReportState('measurement=*&groupBy=weekday,channel,channel,device&metrics=nope&startDate=x');
    expect(state.measurements).toBe('*');
    expect(state.relativeDate).toBe('last_30_days');
    expect(state.groupBy).toEqual(['channel', 'device']);
    expect(state.metrics).toEqual(DEFAULT_METRICS);
    expect(parseReportState('groupBy=none').groupBy).toEqual([]);
  });

  it('asks the endpoint for what the state says', () => {
    expect(dataQuery(parseReportState(`measurement=${A}&relativeDate=flight&groupBy=measurement`))).toMatchObject({
      measurement: A,
      relative_date: 'flight',
      group_by: 'measurement',
      measured: 'false',
    });
    // Labels alone report over every measurement carrying them.
    expect(dataQuery(parseReportState(`label=${B}`)).measurement).toBe('*');
  });

  it('lays a saved report under the query: query values win, dates travel together', () => {
    const saved = {
      id: B,
      account: A,
      start_date: '2026-09-01',
      end_date: '2026-09-30',
      relative_date: null,
      measured: true,
      measurements: [A],
      labels: [],
      group_by: ['device'],
    };
    const plain = parseReportState(savedReportSearch(saved, ''));
    expect(plain).toMatchObject({ startDate: '2026-09-01', measured: true, measurements: [A], groupBy: ['device'] });
    const overridden = parseReportState(savedReportSearch(saved, 'relativeDate=last_7_days&measured=false'));
    expect(overridden).toMatchObject({ relativeDate: 'last_7_days', startDate: null, measured: false });
    expect(parseReportState(savedReportSearch({ ...saved, measurements: [] }, '')).measurements).toBe('*');
  });
});

describe('relative dates and weeks', () => {
  it('resolves on the given day', () => {
    expect(resolveRelativeDate('last_month', '2026-03-15')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(resolveRelativeDate('this_month', '2026-03-15')).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(
      resolveRelativeDate('flight', '2026-03-15', [
        { start_date: '2026-01-10', end_date: '2026-02-01' },
        { start_date: '2026-02-01', end_date: '2026-06-01' },
      ]),
    ).toEqual({ start: '2026-01-10', end: '2026-03-15' });
  });
  it('names a week by its Monday', () => {
    expect(weekOf('2026-10-01')).toBe('2026-09-28');
    expect(weekOf('2026-09-28')).toBe('2026-09-28');
    expect(weekOf('2026-10-04')).toBe('2026-09-28');
  });
});

const summary = (impressions: number, measured: number, view: number) =>
  summarise({ ...emptyCounts(), impressions, measured, total_view_time: view });

function report(rows: [string[], number][], start = '2026-10-01', end = '2026-10-31'): ReportData {
  return {
    account: A,
    start_date: start,
    end_date: end,
    relative_date: null,
    measured: false,
    group_by: rows[0]?.[0].length === 2 ? ['channel', 'day'] : ['channel'],
    measurements: [],
    rows: rows.map(([keys, n]) => ({ keys, ...summary(n, n, n) })),
    totals: summary(
      rows.reduce((s, [, n]) => s + n, 0),
      rows.reduce((s, [, n]) => s + n, 0),
      rows.reduce((s, [, n]) => s + n, 0),
    ),
  };
}

describe('result table', () => {
  it('sorts by a metric, keeps totals, and writes exactly that as CSV', () => {
    const data = report([
      [['CTV'], 100],
      [['Display'], 300],
      [['Video'], 200],
    ]);
    const table = buildTable(data, ['impressions', 'apm'], null, { id: 'impressions', direction: 'desc' });
    expect(table.rows.map((r) => r.labels[0])).toEqual(['Display', 'Video', 'CTV']);
    expect(table.totals.impressions).toBe(600);
    expect(tableCsv(table)).toBe(
      'Channel,Impressions,APM\r\nDisplay,300,1000\r\nVideo,200,1000\r\nCTV,100,1000\r\nTotal,600,1000\r\n',
    );
  });

  it('joins two periods day by day and shows the difference', () => {
    const now = report(
      [
        [['CTV', '2026-10-01'], 150],
        [['CTV', '2026-10-02'], 100],
      ],
      '2026-10-01',
      '2026-10-02',
    );
    const before = report(
      [
        [['CTV', '2026-09-29'], 100],
        [['CTV', '2026-09-30'], 120],
      ],
      '2026-09-29',
      '2026-09-30',
    );
    const table = buildTable(
      now,
      ['impressions'],
      { kind: 'previous', other: before, labels: { a: 'now', b: 'before' } },
      null,
    );
    expect(table.columns.map((c) => c.label)).toEqual([
      'Channel',
      'Day',
      'Impressions (now)',
      'Impressions (before)',
      'Impressions difference',
    ]);
    expect(
      table.rows.map((r) => [r.values['impressions:a'], r.values['impressions:b'], r.values['impressions:delta']]),
    ).toEqual([
      [150, 100, 50],
      [100, 120, -20],
    ]);
    expect(table.totals['impressions:delta']).toBe(30);
    // A negative difference stays a number in the CSV.
    expect(tableCsv(table)).toContain(',-20\r\n');
  });
});

describe('admin-defined reports', () => {
  it('keeps known metrics and the first two known dimensions, reading date as day', () => {
    expect(
      fixedDefinition({ metrics: ['impressions', 'apm', 'made_up'], dimensions: ['date', 'domain', 'device'] }),
    ).toEqual({
      metrics: ['impressions', 'apm'],
      groupBy: ['day', 'domain'],
    });
  });
});
