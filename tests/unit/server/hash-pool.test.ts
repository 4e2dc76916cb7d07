/**
 * The password-hashing pool (issue 51, finding 8): hashes run on threads of its own, never on
 * libuv's thread pool that the store's file writes share, and past a bounded queue a hash is
 * refused at once instead of waiting behind work without end.
 */
import { scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { HashPool, HashPoolBusyError } from '../../../server/auth/hash-pool.ts';

// Small parameters: these tests are about the pool, not scrypt's cost.
const OPTIONS = { N: 2 ** 12, r: 8, p: 1 };
const SALT = Buffer.alloc(16, 3);

let pool: HashPool;
afterEach(() => pool.close());

describe('the hashing pool', () => {
  it('computes scrypt on a worker thread of its own', async () => {
    pool = new HashPool({ size: 1, queueLimit: 4 });
    const key = await pool.scrypt('secret', SALT, 32, OPTIONS);
    expect(key).toEqual(scryptSync('secret', SALT, 32, OPTIONS));
    expect(pool.completed).toBe(1);
    expect(pool.threadIds).toHaveLength(1);
    expect(pool.threadIds[0]).toBeGreaterThan(0);
  });

  it('runs at most `size` at once, queues up to the limit and refuses the next at once with a Retry-After', async () => {
    pool = new HashPool({ size: 2, queueLimit: 3 });
    const accepted = Array.from({ length: 5 }, (_, i) => pool.scrypt(`p${i}`, SALT, 32, OPTIONS));
    expect(pool.running).toBe(2);
    expect(pool.queued).toBe(3);
    let refusal: unknown;
    try {
      void pool.scrypt('one too many', SALT, 32, OPTIONS);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HashPoolBusyError);
    expect((refusal as HashPoolBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(pool.refused).toBe(1);
    const keys = await Promise.all(accepted);
    expect(keys.map((key, i) => key.equals(scryptSync(`p${i}`, SALT, 32, OPTIONS)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // The queue has room again.
    await expect(pool.scrypt('later', SALT, 32, OPTIONS)).resolves.toHaveLength(32);
  });

  it('reports a failed hash to its caller and goes on with the next', async () => {
    pool = new HashPool({ size: 1, queueLimit: 2 });
    // maxmem below what these parameters need: scrypt throws in the worker.
    await expect(pool.scrypt('x', SALT, 32, { ...OPTIONS, maxmem: 1024 })).rejects.toThrow();
    await expect(pool.scrypt('x', SALT, 32, OPTIONS)).resolves.toHaveLength(32);
  });
});
