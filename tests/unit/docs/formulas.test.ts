import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alsoEqualsText, FORMULA_KEYS, formulaText, termLabel } from '../../../src/docs/formulas.ts';
import { exampleFigures, WORKED_EXAMPLES } from '../../../src/docs/examples.ts';
import {
  COUNT_KEYS,
  DERIVED_KEYS,
  derive,
  type DerivedMetrics,
  type MetricCounts,
} from '../../../src/shared/metrics.ts';

/** Reads a formula as the guide shows it back into counts, without knowing how it was written. */
function evaluateShown(text: string, counts: MetricCounts): number | null {
  const match = /^(.+) ÷ (.+?)( × 1,000)?$/.exec(text);
  if (!match) throw new Error(`Not a formula: ${text}`);
  const keyOf = (label: string) => {
    const key = COUNT_KEYS.find((k) => termLabel(k) === label);
    if (!key) throw new Error(`No count is labelled ${label}`);
    return key;
  };
  const denominator = counts[keyOf(match[2]!)];
  if (denominator === 0) return null;
  return (counts[keyOf(match[1]!)] / denominator) * (match[3] ? 1000 : 1);
}

const countsArb = fc.record({
  impressions: fc.integer({ min: 0, max: 10_000_000 }),
  measured: fc.integer({ min: 0, max: 10_000_000 }),
  viewable: fc.integer({ min: 0, max: 10_000_000 }),
  viewed: fc.integer({ min: 0, max: 10_000_000 }),
  // Times and money as the store keeps them: to the hundredth.
  total_viewable_time: fc.integer({ min: 0, max: 1e10 }).map((n) => n / 100),
  total_view_time: fc.integer({ min: 0, max: 1e10 }).map((n) => n / 100),
  cost: fc.integer({ min: 0, max: 1e9 }).map((n) => n / 100),
}) satisfies fc.Arbitrary<MetricCounts>;

describe('the formulas the guide shows', () => {
  it('cover every derived metric', () => {
    expect([...FORMULA_KEYS].sort()).toEqual([...DERIVED_KEYS].sort());
  });

  it('name every count after its label on the dashboards', () => {
    expect(formulaText('apm')).toBe('Total view time ÷ Measured impressions × 1,000');
    expect(formulaText('pct_viewed')).toBe('Viewed impressions ÷ Measured impressions');
    expect(formulaText('acpm')).toBe('Spend ÷ Total view time × 1,000');
  });

  it('compute, read as shown, what the dashboards and the API compute', () => {
    fc.assert(
      fc.property(countsArb, (counts) => {
        const derived = derive(counts);
        for (const key of FORMULA_KEYS) {
          const shown = evaluateShown(formulaText(key), counts);
          const actual = derived[key];
          if (actual === null) expect(shown).toBeNull();
          else expect(shown).toBeCloseTo(actual, 6);
        }
      }),
    );
  });

  it('say APM also equals % viewed × avg view time × 1,000, and it does', () => {
    expect(alsoEqualsText('apm')).toBe('% Viewed × Avg view time × 1,000');
    fc.assert(
      fc.property(countsArb, (counts) => {
        const d: DerivedMetrics = derive(counts);
        fc.pre(d.pct_viewed !== null && d.avg_view_time !== null && d.apm !== null);
        expect(d.pct_viewed * d.avg_view_time * 1000).toBeCloseTo(d.apm, 4);
      }),
    );
  });
});

describe('the worked examples', () => {
  it('sit in the ranges of domain/attention.md', () => {
    const figures = Object.fromEntries(WORKED_EXAMPLES.map((e) => [e.id, exampleFigures(e)]));
    expect(figures['example-desktop-display']?.apm).toBeGreaterThanOrEqual(100);
    expect(figures['example-desktop-display']?.apm).toBeLessThanOrEqual(300);
    expect(figures['example-online-video']?.apm).toBeGreaterThanOrEqual(1500);
    expect(figures['example-online-video']?.apm).toBeLessThanOrEqual(3000);
    expect(figures['example-ctv']?.apm).toBeGreaterThanOrEqual(4000);
    expect(figures['example-ctv']?.apm).toBeLessThanOrEqual(7000);
    for (const e of WORKED_EXAMPLES) {
      const f = exampleFigures(e);
      expect(f.pct_measured).toBeGreaterThanOrEqual(0.85);
      expect(f.pct_measured).toBeLessThanOrEqual(0.98);
    }
  });

  it('teach that the cheapest impressions are not the cheapest attention', () => {
    const [display, video, ctv] = WORKED_EXAMPLES.map(exampleFigures);
    expect(display!.cpm!).toBeLessThan(video!.cpm!);
    expect(video!.cpm!).toBeLessThan(ctv!.cpm!);
    expect(display!.acpm!).toBeGreaterThan(video!.acpm!);
    expect(video!.acpm!).toBeGreaterThan(ctv!.acpm!);
  });
});
