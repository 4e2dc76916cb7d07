/**
 * A burst of sign-ins (issue 51, finding 8): 40 parallel attempts from one address held every
 * write for 15.7 s, because each scrypt took one of libuv's threads, which the store's file writes
 * share. What this test holds (the figures are the benchmark's: npm run bench:signin-burst):
 * every hash runs on the hashing pool's own threads, known and unknown e-mails alike; one address
 * gets at most a few sign-ins under way at once (429 with Retry-After, before any hashing); and
 * past the pool's bounded queue a sign-in is refused at once (503 with Retry-After), counting no
 * failure against anyone.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dummyHash, hashPool } from '../../server/auth/password.ts';
import { DEFAULT_HASH_POOL } from '../../server/auth/hash-pool.ts';
import { SIGN_INS_IN_FLIGHT_PER_ADDRESS, SIGN_INS_WAITING_PER_ADDRESS } from '../../server/auth/in-flight.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildSeededApp, EMAILS, PASSWORD } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp({ mode: 'test' });
  await dummyHash();
});
afterAll(() => app.close());
afterEach(() => hashPool.configure(DEFAULT_HASH_POOL));

const signIn = (email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password }, remoteAddress });

describe('a burst of sign-ins', () => {
  it('hashes on the pool’s own threads, for a known and an unknown e-mail alike', async () => {
    const before = hashPool.completed;
    expect((await signIn(EMAILS.reader, 'wrong password', '198.51.100.1')).statusCode).toBe(401);
    expect((await signIn('nobody@lamp.test', 'wrong password', '198.51.100.1')).statusCode).toBe(401);
    expect(hashPool.completed - before).toBe(2);
    expect(hashPool.threadIds.length).toBeGreaterThan(0);
  }, 60_000);

  it('lets one address have a few sign-ins under way and a few waiting: the rest get 429 with Retry-After before any hashing', async () => {
    const admitted = SIGN_INS_IN_FLIGHT_PER_ADDRESS + SIGN_INS_WAITING_PER_ADDRESS;
    const burst = admitted + 4;
    const before = hashPool.completed;
    const answers = await Promise.all([
      ...Array.from({ length: burst }, (_, i) => signIn(`nobody${i}@lamp.test`, 'guess', '198.51.100.2')),
      // Another address is not held up by that one.
      signIn(EMAILS.reader, PASSWORD, '198.51.100.3'),
    ]);
    const fromBurst = answers.slice(0, burst);
    const refused = fromBurst.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(burst - admitted);
    // Those that waited their turn were answered as any sign-in.
    expect(fromBurst.filter((answer) => answer.statusCode === 401)).toHaveLength(admitted);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json()).toMatchObject({ statusCode: 429, message: messages.auth.tooManyAtOnce });
    }
    expect(answers.at(-1)?.statusCode).toBe(200);
    // Only the admitted ones cost a hash.
    expect(hashPool.completed - before).toBe(admitted + 1);
  }, 180_000);

  it('refuses past the pool’s queue with 503 and Retry-After, known and unknown e-mails alike, and counts no failure', async () => {
    hashPool.configure({ size: 1, queueLimit: 1 });
    const answers = await Promise.all([
      signIn('nobody-a@lamp.test', 'guess', '198.51.100.10'),
      signIn('nobody-b@lamp.test', 'guess', '198.51.100.11'),
      signIn(EMAILS.writer, PASSWORD, '198.51.100.12'),
      signIn('nobody-c@lamp.test', 'guess', '198.51.100.13'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 503, 503]);
    for (const answer of answers.slice(2)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json()).toMatchObject({ statusCode: 503, message: messages.auth.signInBusy });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // The refused attempt counted no failure: the writer signs in at once afterwards.
    const again = await signIn(EMAILS.writer, PASSWORD, '198.51.100.12');
    expect(again.statusCode).toBe(200);
  }, 120_000);
});
