/**
 * Sign-ins under way per client address: at most `limit` at once, and `waitLimit` more waiting
 * their turn; past that, refused at once. A person signs in once and waits; a script firing dozens
 * in parallel from one address would otherwise take every thread and queue place of the hashing
 * pool (hash-pool.ts) from everyone else. A test suite that signs its handful of personas in at
 * once (the contract walk: seven) only waits. The check runs before any hashing and before the
 * e-mail is looked up, so a refusal costs nothing and says nothing about whether an account
 * exists. It counts what is in progress, not what happened in a window: people behind one office
 * address who sign in one after another are never held up by it (the login throttle,
 * throttle.ts, handles repeated failures).
 */
export const SIGN_INS_IN_FLIGHT_PER_ADDRESS = 4;
export const SIGN_INS_WAITING_PER_ADDRESS = 8;

interface Entry {
  running: number;
  waiting: (() => void)[];
}

export class InFlightLimit {
  readonly #limit: number;
  readonly #waitLimit: number;
  readonly #entries = new Map<string, Entry>();

  constructor(limit: number = SIGN_INS_IN_FLIGHT_PER_ADDRESS, waitLimit: number = SIGN_INS_WAITING_PER_ADDRESS) {
    this.#limit = limit;
    this.#waitLimit = waitLimit;
  }

  /**
   * Asks for a place for `key`: a promise that resolves once the caller may go (at once when
   * fewer than `limit` are under way), or null when `waitLimit` already wait: refuse.
   */
  enter(key: string): Promise<void> | null {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = { running: 0, waiting: [] };
      this.#entries.set(key, entry);
    }
    if (entry.running < this.#limit) {
      entry.running += 1;
      return Promise.resolve();
    }
    if (entry.waiting.length >= this.#waitLimit) return null;
    const queue = entry.waiting;
    return new Promise((resolve) => queue.push(resolve));
  }

  /** Runs `work` in a place that enter() gave, and gives the place back however it ends. */
  async holding<T>(key: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      this.leave(key);
    }
  }

  /** Gives a place back: to the first waiting caller, if any. */
  leave(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    const next = entry.waiting.shift();
    if (next) {
      next();
      return;
    }
    entry.running -= 1;
    if (entry.running <= 0) this.#entries.delete(key);
  }
}
