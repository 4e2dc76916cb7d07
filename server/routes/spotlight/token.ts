import { createHmac, timingSafeEqual } from 'node:crypto';
import { now as clockNow } from '../../sandbox/context.ts';

/**
 * The Spotlight token (decisions.md §5): signed, bound to the LAMP user, valid for one hour.
 * `base64url(JSON {sub, sid, iat, exp}) . base64url(HMAC-SHA256)`, keyed by the server's link
 * secret with a purpose of its own, so that no e-mail link's MAC can be replayed as a token.
 * `sid` names the LAMP session that minted it: the guard refuses the token once that session has
 * ended (signed out, expired, or ended by a password change), not only after its hour.
 */
export const SPOTLIGHT_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface SpotlightTokenClaims {
  /** The LAMP user id. */
  sub: string;
  /** The minting session's reference (SessionStore.reference): never the session id itself. */
  sid: string;
  /** Issued and expiry times, milliseconds since the epoch. */
  iat: number;
  exp: number;
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`spotlight-token\n${payload}`).digest('base64url');

export function signSpotlightToken(secret: string, userId: string, session: string, now = clockNow()): string {
  const claims: SpotlightTokenClaims = { sub: userId, sid: session, iat: now, exp: now + SPOTLIGHT_TOKEN_TTL_MS };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type TokenCheck =
  { status: 'valid'; claims: SpotlightTokenClaims } | { status: 'missing' | 'invalid' | 'expired' };

/** Reads `Authorization: Bearer {token}` (a bare token is accepted too) and checks it in constant time. */
export function checkSpotlightToken(secret: string, header: string | undefined, now = clockNow()): TokenCheck {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token) return { status: 'missing' };
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { status: 'invalid' };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  let claims: SpotlightTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SpotlightTokenClaims;
  } catch {
    return { status: 'invalid' };
  }
  if (
    typeof claims.sub !== 'string' ||
    typeof claims.sid !== 'string' ||
    !Number.isSafeInteger(claims.exp) ||
    !Number.isSafeInteger(claims.iat)
  )
    return { status: 'invalid' };
  if (claims.iat > now + 60_000) return { status: 'invalid' };
  return now >= claims.exp ? { status: 'expired' } : { status: 'valid', claims };
}
