import { describe, expect, it } from 'vitest';
import { withChosen } from '../../../src/app/features/activations/MeasurementPicker.tsx';
import type { Measurement } from '../../../src/shared/schemas/index.ts';

const row = (id: string, name: string) => ({ id, name }) as Measurement;

describe('the activation picker keeps the chosen measurement among its options', () => {
  const largest = [row('a', 'Pulse Fitness – Q3 2026'), row('b', 'Orchard Cider – Q3 2026')];
  const paused = row('p', 'Foxhole Pet Care – Q4 2026 – Black Friday – Paid Social');

  it('puts it first when the unfiltered list (the 25 largest) leaves it out', () => {
    expect(withChosen(largest, paused).map((m) => m.id)).toEqual(['p', 'a', 'b']);
  });

  it('lists it once when the search found it', () => {
    expect(withChosen([...largest, paused], paused).map((m) => m.id)).toEqual(['a', 'b', 'p']);
  });

  it('is the list as found with nothing chosen, or before anything arrived', () => {
    expect(withChosen(largest, null)).toEqual(largest);
    expect(withChosen([], paused)).toEqual([paused]);
  });
});
