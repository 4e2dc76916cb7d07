import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { now as clockNow } from '../sandbox/context.ts';

/**
 * Links sent by e-mail (decisions.md §3): `m` is an HMAC-SHA256, keyed by the server's link
 * secret, over the purpose, the user id, the time and, for login links, the e-mail. The purpose
 * is part of the MAC so that a reset link's `m` cannot be replayed as a login link.
 *
 * The MAC also covers the user's state when the link was issued (linkState: their password hash
 * and e-mail), so that a password change, or a confirmed change of e-mail, ends every link issued
 * before it without a list of links to revoke. That a link works only once is kept by
 * the used-link records (server/auth/used-links.ts).
 */
export type LinkPurpose = 'reset' | 'login';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const LOGIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const LINK_PATHS: Readonly<Record<LinkPurpose, string>> = {
  reset: '/reset-password',
  login: '/login-link',
};

export interface LinkClaims {
  purpose: LinkPurpose;
  userId: string;
  /** Milliseconds since the epoch at which the link was issued. */
  time: number;
  /** Login links only: the address being verified. */
  email?: string;
  /** linkState of the user when the link was issued ('' when none is given). */
  state?: string;
}

/** What a link is bound to: a digest of the user's password hash (none yet: '') and e-mail. */
export function linkState(user: { password_hash?: string | null; email: string }): string {
  return createHash('sha256')
    .update(`${user.password_hash ?? ''}\n${user.email}`)
    .digest('hex');
}

export function linkMac(secret: string, claims: LinkClaims): string {
  const parts = [claims.purpose, claims.userId, String(claims.time)];
  if (claims.purpose === 'login') parts.push((claims.email ?? '').toLowerCase());
  parts.push(claims.state ?? '');
  return createHmac('sha256', secret).update(parts.join('\n')).digest('hex');
}

/** The query string of a link (m, u, t and, for login links, e). */
export function linkQuery(secret: string, claims: LinkClaims): string {
  const query = new URLSearchParams({ m: linkMac(secret, claims), u: claims.userId, t: String(claims.time) });
  if (claims.purpose === 'login') query.set('e', claims.email ?? '');
  return query.toString();
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/**
 * Checks a link's MAC in constant time, then its age. A time in the future (beyond a minute of
 * clock skew) is refused like a bad MAC.
 */
export function checkLink(secret: string, mac: string, claims: LinkClaims, now = clockNow()): LinkCheck {
  const expected = Buffer.from(linkMac(secret, claims), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(mac) ? Buffer.from(mac, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (!Number.isSafeInteger(claims.time) || claims.time > now + 60_000) return 'invalid';
  const ttl = claims.purpose === 'reset' ? RESET_LINK_TTL_MS : LOGIN_LINK_TTL_MS;
  return now - claims.time > ttl ? 'expired' : 'valid';
}
