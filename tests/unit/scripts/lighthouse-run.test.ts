/**
 * The mobile simulation's CPU slowdown (scripts/lighthouse-run.ts): Lighthouse's own unless told,
 * and a slower machine's when told, with the network throttling unchanged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttling } from 'lighthouse/core/config/constants.js';
import { mobileThrottling } from '../../../scripts/lighthouse-run.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the mobile throttling of a Lighthouse run', () => {
  it('is Lighthouse’s slow 4G with its 4× CPU unless LAMP_LIGHTHOUSE_CPU is set', () => {
    vi.stubEnv('LAMP_LIGHTHOUSE_CPU', '');
    expect(mobileThrottling()).toEqual(throttling.mobileSlow4G);
    expect(mobileThrottling()?.cpuSlowdownMultiplier).toBe(4);
  });

  it('slows the CPU as LAMP_LIGHTHOUSE_CPU says, and only the CPU', () => {
    vi.stubEnv('LAMP_LIGHTHOUSE_CPU', '9');
    expect(mobileThrottling()).toEqual({ ...throttling.mobileSlow4G, cpuSlowdownMultiplier: 9 });
  });

  it('refuses a slowdown that is not a number of at least 1', () => {
    for (const value of ['fast', '0', '-2']) {
      vi.stubEnv('LAMP_LIGHTHOUSE_CPU', value);
      expect(() => mobileThrottling(), value).toThrow(
        `LAMP_LIGHTHOUSE_CPU must be a number of at least 1, not "${value}"`,
      );
    }
  });
});
