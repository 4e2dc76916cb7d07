// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, TimeSeriesChart } from '../../../src/app/shared/metrics/charts.tsx';
import { summarise, type MetricCounts } from '../../../src/shared/metrics.ts';

afterEach(cleanup);

const counts = (over: Partial<MetricCounts>): MetricCounts => ({
  impressions: 0,
  measured: 0,
  viewable: 0,
  viewed: 0,
  total_viewable_time: 0,
  total_view_time: 0,
  cost: 0,
  ...over,
});

// Impressions served, none measured: no APM can be worked out on any day.
const unmeasured = ['2026-11-01', '2026-11-02'].map((date) => ({ date, ...summarise(counts({ impressions: 500 })) }));

describe('an empty chart says why it is empty', () => {
  it('a time series with no value of either metric says which metric is missing and why', () => {
    render(<TimeSeriesChart points={unmeasured} metrics={['apm', 'pct_viewed']} />);
    expect(screen.getByText('No APM or % Viewed to draw')).toBeTruthy();
    expect(screen.getByText(/APM is worked out per measured impressions, and there is none here\./)).toBeTruthy();
  });

  it('a time series drawing one metric of two says why the other line is missing', () => {
    render(<TimeSeriesChart points={unmeasured} metrics={['impressions', 'apm']} />);
    expect(screen.getByText('APM is worked out per measured impressions, and there is none here.')).toBeTruthy();
  });

  it('bars with no value say so', () => {
    render(<BarChart bars={[{ label: 'Display', value: null }]} metric="apm" caption="APM by channel" />);
    expect(screen.getByText('No APM to draw')).toBeTruthy();
  });

  it('bars with values draw them', () => {
    render(<BarChart bars={[{ label: 'Display', value: 420 }]} metric="apm" caption="APM by channel" />);
    expect(screen.getByText('Display')).toBeTruthy();
    expect(screen.queryByText(/to draw/)).toBeNull();
  });
});
