/**
 * The sandboxes of one app: made on first use, listed, reset, deleted, and dropped
 * once idle. Their state lives where each piece keeps it (server/sandbox/scope.ts): the
 * repositories' copy-on-write rows, the clock, the login throttle, the journal and the faults;
 * the sessions live here, because a reset keeps them (as the default state's reset does: a
 * signed-in test can reset and go on) and only deleting or dropping a sandbox ends them.
 *
 * Sandboxes are memory only: never written to the data file, gone at a restart.
 */
import type { StoredSession } from '../store/database.ts';
import { HttpError } from '../http-errors.ts';
import { DEFAULT_SANDBOX, type SandboxScope } from './scope.ts';
import type { Sandbox } from '../../src/shared/schemas/sandbox.ts';

export interface SandboxLimits {
  /** How many sandboxes may exist at once (the default state not counted). */
  maxSandboxes: number;
  /** A sandbox unused this long is dropped. */
  idleMs: number;
}

interface Entry {
  readonly name: string;
  readonly createdAt: number;
  lastUsedAt: number;
  /** Sessions by hashed id (server/plugins/session.ts), kept across a reset. */
  readonly sessions: Record<string, StoredSession>;
}

export class SandboxRegistry {
  readonly limits: SandboxLimits;
  readonly #scope: SandboxScope;
  readonly #entries = new Map<string, Entry>();
  readonly #realNow: () => number;

  constructor(scope: SandboxScope, limits: SandboxLimits, realNow: () => number = Date.now) {
    this.#scope = scope;
    this.limits = limits;
    this.#realNow = realNow;
    // State is kept only for sandboxes that exist: a request refused here (429), or one still
    // running when its sandbox is deleted, leaves nothing behind.
    scope.keepOnly((name) => name === DEFAULT_SANDBOX || this.#entries.has(name));
  }

  /** The sandbox of a request: marks it used, and makes it on first use (429 past the limit). */
  use(name: string): void {
    if (name === DEFAULT_SANDBOX) return;
    const now = this.#realNow();
    const entry = this.#entries.get(name);
    if (entry) {
      entry.lastUsedAt = now;
      return;
    }
    if (this.#entries.size >= this.limits.maxSandboxes) this.dropIdle();
    if (this.#entries.size >= this.limits.maxSandboxes) throw this.#full();
    // A name used before (then dropped) may still have pieces a late request made: start clean.
    this.#scope.forget(name);
    this.#entries.set(name, { name, createdAt: now, lastUsedAt: now, sessions: {} });
  }

  #full(): HttpError {
    const { maxSandboxes, idleMs } = this.limits;
    return new HttpError(
      429,
      `Too many sandboxes: at most ${maxSandboxes} may exist at once. Delete one you no longer need ` +
        `(DELETE /api/v1/testing/sandboxes/{name}), or wait until one has been idle for ${idleMs / 60_000} minutes.`,
      { 'retry-after': String(Math.ceil(this.#nextIdleInMs() / 1000)) },
    );
  }

  /** How long until the least recently used sandbox becomes idle. */
  #nextIdleInMs(): number {
    let oldest = Infinity;
    for (const entry of this.#entries.values()) oldest = Math.min(oldest, entry.lastUsedAt);
    return Math.max(0, oldest + this.limits.idleMs - this.#realNow());
  }

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** Every sandbox, the most recently created last. */
  list(): Sandbox[] {
    return [...this.#entries.values()].map((entry) => ({
      name: entry.name,
      created_at: new Date(entry.createdAt).toISOString(),
      last_used_at: new Date(entry.lastUsedAt).toISOString(),
    }));
  }

  describe(name: string): Sandbox | null {
    return this.list().find((sandbox) => sandbox.name === name) ?? null;
  }

  /** A sandbox's sessions, or null for the default state (whose sessions are in the data file). */
  sessions(name: string): Record<string, StoredSession> | null {
    return this.#entries.get(name)?.sessions ?? null;
  }

  /** Back to the fixtures, the real clock and no journal or faults; its sessions stay. */
  reset(name: string): void {
    this.#scope.forget(name);
  }

  /** Forgets a sandbox and everything in it. False when there was none of that name. */
  delete(name: string): boolean {
    if (!this.#entries.delete(name)) return false;
    this.#scope.forget(name);
    return true;
  }

  /** Drops every sandbox unused for the idle time; returns their names. */
  dropIdle(): string[] {
    const cutoff = this.#realNow() - this.limits.idleMs;
    const dropped = [...this.#entries.values()].filter((entry) => entry.lastUsedAt <= cutoff).map(({ name }) => name);
    for (const name of dropped) this.delete(name);
    return dropped;
  }

  get size(): number {
    return this.#entries.size;
  }
}
