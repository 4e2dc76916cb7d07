// @vitest-environment happy-dom
/**
 * The demo script's figures (src/docs/demo-tour.ts): values found by path, written as the
 * dashboards write them, links filled from route patterns, and an honest note without a demo server.
 */
import { describe, expect, it, vi } from 'vitest';
import { fillTour, formatTourValue, loadTour, readPath } from '../../../src/docs/demo-tour.ts';
import { formatMetric } from '../../../src/shared/metrics.ts';

const TOUR = {
  today: '2026-11-26',
  agency: { saved_reports: ['Q4 pacing check', 'Weekly client update'], measurements: { live: 19 } },
  featured: { measurement: { id: 'abc 1', impressions: 7_407_470, apm: 1050.01 } },
  spotlight: { best_asset: null },
};

describe('the demo script', () => {
  it('reads values by path, lists by their length, and nothing past a missing part', () => {
    expect(readPath(TOUR, 'agency.measurements.live')).toBe(19);
    expect(readPath(TOUR, 'agency.saved_reports.length')).toBe(2);
    expect(readPath(TOUR, 'spotlight.best_asset.name')).toBeUndefined();
  });

  it('writes figures as the dashboards do', () => {
    expect(formatTourValue(7_407_470, 'impressions')).toBe(formatMetric('impressions', 7_407_470, { compact: true }));
    expect(formatTourValue(1050.01, 'apm')).toBe(formatMetric('apm', 1050.01));
    expect(formatTourValue('2026-11-26', 'day')).toBe('26 Nov 2026');
    expect(formatTourValue(['a', 'b'], undefined)).toBe('a, b');
    expect(formatTourValue(null, 'apm')).toBeNull();
  });

  it('fills texts and links, and hides a step whose subject is missing', () => {
    document.body.innerHTML = `
      <p><b data-tour="agency.measurements.live">…</b> live, <b data-tour="agency.saved_reports.length">…</b> reports</p>
      <a data-tour-link="featured.measurement.id" data-pattern="/measurements/:measurementId" href="/measurements">x</a>
      <li data-tour-if="spotlight.best_asset">asset</li>
      <b data-tour="spotlight.best_asset.name">the asset</b>`;
    fillTour(document, TOUR);
    expect(document.querySelector('p')?.textContent).toBe('19 live, 2 reports');
    expect(document.querySelector('a')?.getAttribute('href')).toBe('/measurements/abc%201');
    expect(document.querySelector('li')?.hidden).toBe(true);
    expect(document.querySelector('[data-tour="spotlight.best_asset.name"]')?.textContent).toBe('the asset');
  });

  it('says why the figures are placeholders when the server has no demo figures', async () => {
    document.body.innerHTML = `<p data-tour-status></p><b data-tour="today">today</b>`;
    const fetcher = vi.fn(() => Promise.resolve(new Response('{}', { status: 404 })));
    await loadTour(document, 'https://api.example', fetcher);
    expect(fetcher).toHaveBeenCalledWith('https://api.example/api/v1/demo/tour', { credentials: 'include' });
    expect(document.querySelector('[data-tour-status]')?.textContent).toContain('does not offer demo figures');
    expect(document.querySelector('b')?.textContent).toBe('today');
  });
});
