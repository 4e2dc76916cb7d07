/**
 * A thread of the password-hashing pool (hash-pool.ts). It runs scrypt synchronously on its own
 * thread: crypto.scrypt's callback form would queue the work on libuv's thread pool, which the
 * process shares with the store's file writes, and which is exactly what the pool keeps free.
 */
import { scryptSync, type ScryptOptions } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

export interface HashJob {
  id: number;
  password: string;
  salt: Uint8Array;
  keyLength: number;
  options: ScryptOptions;
}

export type HashResult = { id: number; key: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (job: HashJob) => {
  let result: HashResult;
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, job.options);
    result = { id: job.id, key: new Uint8Array(key.buffer, key.byteOffset, key.byteLength) };
  } catch (error) {
    result = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(result);
});
