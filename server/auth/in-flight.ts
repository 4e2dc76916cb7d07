/**
 * Sign-ins under way per client address: at most `limit` at once. A person signs in once and
 * waits; a script firing dozens in parallel from one address would otherwise take every thread and
 * queue place of the hashing pool (hash-pool.ts) from everyone else. The check runs before any
 * hashing and before the e-mail is looked up, so a refusal costs nothing and says nothing about
 * whether an account exists. It counts what is in progress, not what happened in a window: people
 * behind one office address who sign in one after another are never held up by it (the login
 * throttle, throttle.ts, handles repeated failures).
 */
export const SIGN_INS_IN_FLIGHT_PER_ADDRESS = 4;

export class InFlightLimit {
  readonly #limit: number;
  readonly #counts = new Map<string, number>();

  constructor(limit: number = SIGN_INS_IN_FLIGHT_PER_ADDRESS) {
    this.#limit = limit;
  }

  /** Takes a place for `key`; false (and nothing taken) when it has `limit` already. */
  enter(key: string): boolean {
    const count = this.#counts.get(key) ?? 0;
    if (count >= this.#limit) return false;
    this.#counts.set(key, count + 1);
    return true;
  }

  /** Runs `work` holding a place taken with enter(), and gives the place back however it ends. */
  async holding<T>(key: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      this.leave(key);
    }
  }

  leave(key: string): void {
    const count = (this.#counts.get(key) ?? 0) - 1;
    if (count > 0) this.#counts.set(key, count);
    else this.#counts.delete(key);
  }
}
