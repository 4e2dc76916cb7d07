import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { messages } from '../../src/shared/messages.ts';
import { HttpError } from '../http-errors.ts';
import { HashPool, HashPoolBusyError } from './hash-pool.ts';

/**
 * Password hashing: salted scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1), stored
 * as `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so parameters can be raised later
 * without breaking stored hashes. Comparison is constant-time.
 *
 * Every hash runs on the hashing pool's own threads (hash-pool.ts), never on libuv's thread pool
 * that the store's file writes need; when the pool's queue is full the caller gets a 503 with
 * Retry-After at once.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** The one pool of the process: its bound is the server's, whichever route hashes. */
export const hashPool = new HashPool();

async function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below OWASP's parameters.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  try {
    return await hashPool.scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options);
  } catch (error) {
    if (error instanceof HashPoolBusyError) {
      throw new HttpError(503, messages.auth.signInBusy, { 'retry-after': String(error.retryAfterSeconds) });
    }
    throw error;
  }
}

/** Hashes a password; pass a salt only for deterministic fixtures. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(SALT_LENGTH)): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await scrypt(password, salt, SCRYPT_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when the password matches the stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false;
  const actual = await scrypt(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * A hash to verify against when the user does not exist, so that an unknown e-mail costs the
 * same time as a wrong password (no account enumeration by timing). Made on first call, not at
 * import: importing this module (the fixtures do, for SCRYPT_PARAMS, and so does the
 * documentation's build) must not start a hashing thread. The sign-in routes call it when they are
 * registered, so it is ready before the first sign-in and no sign-in pays for it.
 */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password', Buffer.alloc(SALT_LENGTH, 7));
  return dummy;
}
