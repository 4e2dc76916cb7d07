import { describe, expect, it } from 'vitest';
import { checkLink, linkMac, LOGIN_LINK_TTL_MS, RESET_LINK_TTL_MS } from '../../../server/auth/links.ts';

const secret = 'a'.repeat(64);
const userId = '651000000000000000000005';
const now = Date.parse('2026-11-22T08:00:00Z');

describe('e-mail links (decisions §3)', () => {
  it('accepts a fresh reset link and refuses it after one hour', () => {
    const claims = { purpose: 'reset' as const, userId, time: now };
    const mac = linkMac(secret, claims);
    expect(checkLink(secret, mac, claims, now + RESET_LINK_TTL_MS)).toBe('valid');
    expect(checkLink(secret, mac, claims, now + RESET_LINK_TTL_MS + 1)).toBe('expired');
  });

  it('keeps login links for 24 hours', () => {
    const claims = { purpose: 'login' as const, userId, time: now, email: 'ann@lamp.test' };
    const mac = linkMac(secret, claims);
    expect(checkLink(secret, mac, claims, now + LOGIN_LINK_TTL_MS)).toBe('valid');
    expect(checkLink(secret, mac, claims, now + LOGIN_LINK_TTL_MS + 1)).toBe('expired');
  });

  it('refuses a changed user, time, e-mail, purpose, secret or MAC', () => {
    const claims = { purpose: 'login' as const, userId, time: now, email: 'ann@lamp.test' };
    const mac = linkMac(secret, claims);
    expect(checkLink(secret, mac, { ...claims, userId: '651000000000000000000006' }, now)).toBe('invalid');
    expect(checkLink(secret, mac, { ...claims, time: now - 1 }, now)).toBe('invalid');
    expect(checkLink(secret, mac, { ...claims, email: 'bob@lamp.test' }, now)).toBe('invalid');
    expect(checkLink(secret, mac, { ...claims, purpose: 'reset' }, now)).toBe('invalid');
    expect(checkLink('b'.repeat(64), mac, claims, now)).toBe('invalid');
    const flipped = mac.slice(0, -1) + (mac.endsWith('0') ? '1' : '0');
    expect(checkLink(secret, flipped, claims, now)).toBe('invalid');
    expect(checkLink(secret, 'not-hex', claims, now)).toBe('invalid');
  });

  it('refuses links issued in the future', () => {
    const claims = { purpose: 'reset' as const, userId, time: now + 10 * 60_000 };
    expect(checkLink(secret, linkMac(secret, claims), claims, now)).toBe('invalid');
  });
});
