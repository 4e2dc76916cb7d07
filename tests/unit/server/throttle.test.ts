/**
 * The login throttle: the per-account limits hold, and the per-address
 * limit is proportionate: behind a proxy every user shares one address, so it never stops an
 * account that has had no failures.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from '../../../server/auth/throttle.ts';

const ADDRESS = '198.51.100.7';

function throttleAt(start = 1_000_000) {
  let now = start;
  const throttle = new LoginThrottle(DEFAULT_THROTTLE_LIMITS, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it("never stops an account without failures for its address's failures, below the address's ceiling", () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < DEFAULT_THROTTLE_LIMITS.perAddressCeiling - 1; i += 1)
      throttle.fail(`victim${i}@example.com`, ADDRESS);
    expect(throttle.retryAfterMs('colleague@example.com', ADDRESS)).toBe(0);
  });

  it('stops password spraying: past the ceiling every account waits, from that address only', () => {
    const { throttle, advance } = throttleAt();
    // One guess at each of sixty accounts, as the probe made in 46 s.
    let refused = 0;
    for (let i = 0; i < 60; i += 1) {
      if (throttle.retryAfterMs(`victim${i}@example.com`, ADDRESS) > 0) refused += 1;
      else throttle.fail(`victim${i}@example.com`, ADDRESS);
    }
    expect(refused).toBe(60 - DEFAULT_THROTTLE_LIMITS.perAddressCeiling);
    expect(throttle.retryAfterMs('colleague@example.com', ADDRESS)).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('colleague@example.com', '203.0.113.1')).toBe(0);
    advance(DEFAULT_THROTTLE_LIMITS.windowMs);
    expect(throttle.retryAfterMs('colleague@example.com', ADDRESS)).toBe(0);
  });

  it('stops an account that has failed from a busy address (one guess per account per window)', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < DEFAULT_THROTTLE_LIMITS.perAddress; i += 1) throttle.fail(`victim${i}@example.com`, ADDRESS);
    expect(throttle.retryAfterMs('victim0@example.com', ADDRESS)).toBeGreaterThan(0);
  });

  it('keeps the per-account limits', () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < DEFAULT_THROTTLE_LIMITS.perEmailAndAddress; i += 1) throttle.fail('a@example.com', ADDRESS);
    expect(throttle.retryAfterMs('a@example.com', ADDRESS)).toBeGreaterThan(0);
    // Another address is not held up by that...
    expect(throttle.retryAfterMs('a@example.com', '203.0.113.1')).toBe(0);
    // ...until the account's own limit over all addresses is reached.
    for (let i = 0; i < DEFAULT_THROTTLE_LIMITS.perEmail; i += 1) throttle.fail('a@example.com', `203.0.113.${i}`);
    expect(throttle.retryAfterMs('a@example.com', '192.0.2.1')).toBeGreaterThan(0);
    advance(DEFAULT_THROTTLE_LIMITS.windowMs);
    expect(throttle.retryAfterMs('a@example.com', ADDRESS)).toBe(0);
  });
});
