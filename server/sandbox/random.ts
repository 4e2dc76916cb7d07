/**
 * A small seeded generator (mulberry32): a fault rule draws its probability and ranged delays from
 * its own one, so a test that sends the same requests meets the same faults on every run.
 */
export type Random = () => number;

/** Numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from min to max, both included. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
