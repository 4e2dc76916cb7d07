/**
 * Password hashing on threads of its own, with a bounded queue.
 *
 * Why: scrypt at OWASP's parameters costs about a second of CPU. Run through crypto.scrypt it
 * occupies one of libuv's four threads, which the store's file writes (append, fsync, rename)
 * share: 40 parallel sign-ins held a label create for 15.7 s (issue 51, finding 8). Here each
 * hash runs on a worker thread (hash-worker.ts) that nothing else uses, at most `size` at once,
 * and at most `queueLimit` wait; past that a request is refused at once (HashPoolBusyError:
 * 503 with Retry-After) rather than left to wait behind work that has no end in sight.
 *
 * Workers start on first use and hold the process open only while they have work, so a script
 * that hashes one password still exits on its own.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';
import type { HashJob, HashResult } from './hash-worker.ts';

export interface HashPoolOptions {
  /** Threads hashing at once. */
  size: number;
  /** Hashes that may wait for a thread; one more is refused. */
  queueLimit: number;
}

/** Refused: the pool's threads are busy and its queue is full. */
export class HashPoolBusyError extends Error {
  override name = 'HashPoolBusyError';
  /** Seconds after which the queue is likely to have room again. */
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Password hashing is busy');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

interface Pending {
  job: HashJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  startedAt: number;
}

/**
 * Two threads (one on a single-core machine). One was the first choice, to leave a core to the
 * main thread on two-core machines, but then the dummy hash made at start (password.ts) or any
 * one sign-in made every other wait a whole hash, and the main thread needs libuv's threads free
 * far more than it needs a core of its own: the operating system shares the cores, and the
 * benchmark (npm run bench:signin-burst) shows writes staying fast with two hashing threads busy.
 */
export const DEFAULT_HASH_POOL: HashPoolOptions = {
  size: Math.min(2, availableParallelism()),
  queueLimit: 8,
};

/** A first guess at one hash's duration (ms), until the pool has timed one. */
const INITIAL_ESTIMATE_MS = 1000;

export class HashPool {
  #options: HashPoolOptions;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #averageMs = INITIAL_ESTIMATE_MS;
  /** Counted for tests and the benchmark: hashes done on the pool's threads, refusals. */
  completed = 0;
  refused = 0;

  constructor(options: HashPoolOptions = DEFAULT_HASH_POOL) {
    this.#options = { ...options };
  }

  get running(): number {
    return this.#slots.filter((slot) => slot.busy).length;
  }

  get queued(): number {
    return this.#queue.length;
  }

  /** The thread ids of the pool's workers (a test checks the hashing ran on one of them). */
  get threadIds(): number[] {
    return this.#slots.map((slot) => slot.worker.threadId);
  }

  scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    const idle = this.#idleSlot();
    if (!idle && this.#queue.length >= this.#options.queueLimit) {
      this.refused += 1;
      throw new HashPoolBusyError(this.#retryAfterSeconds());
    }
    return new Promise<Buffer>((resolve, reject) => {
      const pending: Pending = {
        job: { id: this.#nextId++, password, salt: new Uint8Array(salt), keyLength, options },
        resolve,
        reject,
      };
      if (idle) this.#run(idle, pending);
      else this.#queue.push(pending);
    });
  }

  /** Changes the limits from now on (tests narrow the queue to make it overflow). */
  configure(options: Partial<HashPoolOptions>): void {
    this.#options = { ...this.#options, ...options };
    this.#drain();
  }

  /** Ends the threads; waiting and running hashes are refused. For tests. */
  async close(): Promise<void> {
    const slots = this.#slots.splice(0);
    for (const pending of this.#queue.splice(0)) pending.reject(new Error('The hash pool closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #retryAfterSeconds(): number {
    // The queue empties at `size` hashes per average duration.
    const waitMs = ((this.#queue.length + this.running) * this.#averageMs) / this.#options.size;
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  #idleSlot(): Slot | null {
    // Only the first `size` threads take work: a pool narrowed by configure() keeps the others idle.
    const idle = this.#slots.slice(0, this.#options.size).find((slot) => !slot.busy);
    if (idle) return idle;
    if (this.#slots.length < this.#options.size) return this.#spawn();
    return null;
  }

  #spawn(): Slot {
    const worker = new Worker(new URL('./hash-worker.ts', import.meta.url));
    worker.unref();
    const slot: Slot = { worker, busy: null, startedAt: 0 };
    worker.on('message', (result: HashResult) => this.#finish(slot, result));
    // A thread that dies takes its hash with it: refuse that one, and start afresh on the next.
    const lost = (error: Error) => {
      const index = this.#slots.indexOf(slot);
      if (index >= 0) this.#slots.splice(index, 1);
      slot.busy?.reject(error);
      slot.busy = null;
      this.#drain();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`A password-hashing thread stopped (exit code ${code})`)));
    this.#slots.push(slot);
    return slot;
  }

  #run(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    slot.startedAt = performance.now();
    // Held open while it works: a pending hash must keep a script alive.
    slot.worker.ref();
    slot.worker.postMessage(pending.job);
  }

  #finish(slot: Slot, result: HashResult): void {
    const pending = slot.busy;
    slot.busy = null;
    slot.worker.unref();
    if (pending && pending.job.id === result.id) {
      this.#averageMs = this.#averageMs * 0.8 + (performance.now() - slot.startedAt) * 0.2;
      this.completed += 1;
      if ('key' in result) pending.resolve(Buffer.from(result.key));
      else pending.reject(new Error(result.error));
    }
    this.#drain();
  }

  #drain(): void {
    while (this.#queue.length > 0) {
      const slot = this.#idleSlot();
      if (!slot) return;
      this.#run(slot, this.#queue.shift() as Pending);
    }
  }
}
