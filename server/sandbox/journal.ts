/**
 * The request journal of one sandbox: what reached the API, oldest first, bounded (the
 * oldest entries make way; `dropped` counts them). Entries are recorded by
 * server/plugins/test-traffic.ts and read through the testing routes with filters.
 */
import { JOURNAL_BODY_LIMIT_BYTES, REDACTED, type JournalEntry } from '../../src/shared/schemas/test-traffic.ts';
import { pathMatcher } from './path-pattern.ts';

/**
 * An entry as recorded: its time as a number (turned into ISO text only when read), its number
 * given by the journal that keeps it.
 */
export interface StoredEntry extends Omit<JournalEntry, 'at' | 'id'> {
  atMs: number;
}

/** A kept entry and its number. The entry is not copied: a recorded request's fields may be lazy. */
interface Kept {
  id: number;
  entry: StoredEntry;
}

export interface JournalFilter {
  methods?: readonly string[];
  path?: string;
  sinceMs?: number;
  /** Any further test an entry must pass (what it carried: ./journal-match.ts). */
  matches?: (entry: StoredEntry) => boolean;
}

/** Fields whose values never reach the journal. */
const SECRET_KEY = /password|secret|token/i;

/**
 * How deep a kept copy goes. A body of 64 KB can nest 32,000 levels, which a recursive copy (and
 * a later JSON.stringify of it) cannot walk without overflowing the stack; no body LAMP accepts
 * nests deeper than a few levels, and nothing past this depth is worth keeping.
 */
export const REDACTED_MAX_DEPTH = 64;
/** What stands for a value nested deeper than REDACTED_MAX_DEPTH. */
export const TOO_DEEP = '[nested too deep]';

/**
 * A copy of a parsed body that is safe to keep: JSON values only, secrets redacted, at most
 * REDACTED_MAX_DEPTH levels deep (deeper values become TOO_DEEP). The copy also keeps the journal
 * true to what arrived should a handler later change the parsed object.
 */
export function redactedCopy(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= REDACTED_MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactedCopy(item, depth + 1));
  if (Buffer.isBuffer(value)) return null;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    copy[key] = SECRET_KEY.test(key) ? REDACTED : redactedCopy(field, depth + 1);
  return copy;
}

/** What the journal keeps of a request body, given its Content-Length. */
export function journalBody(body: unknown, size: number | null): unknown {
  if (body === undefined || size === null || size > JOURNAL_BODY_LIMIT_BYTES) return null;
  return redactedCopy(body);
}

/** An entry as the testing routes answer it (every field read here, so lazy ones are worked out). */
function readEntry({ id, entry }: Kept): JournalEntry {
  return {
    id,
    at: new Date(entry.atMs).toISOString(),
    method: entry.method,
    path: entry.path,
    query: entry.query,
    status: entry.status,
    duration_ms: entry.duration_ms,
    body: entry.body,
    body_size: entry.body_size,
    fault: entry.fault,
    headers: entry.headers,
  };
}

export class Journal {
  /** A ring: `start` is the oldest entry, `size` how many there are. */
  private readonly ring: (Kept | undefined)[];
  private start = 0;
  private size = 0;
  private nextId = 1;
  private droppedCount = 0;

  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
    this.ring = new Array<Kept | undefined>(limit);
  }

  get dropped(): number {
    return this.droppedCount;
  }

  /**
   * Keeps an entry, numbering it. The entry itself is kept, not a copy: a recorded request works
   * out its query and headers only when they are read (server/plugins/test-traffic.ts).
   */
  record(entry: StoredEntry): void {
    if (this.limit === 0) return;
    const stored: Kept = { id: this.nextId++, entry };
    if (this.size < this.limit) {
      this.ring[(this.start + this.size) % this.limit] = stored;
      this.size += 1;
    } else {
      this.ring[this.start] = stored;
      this.start = (this.start + 1) % this.limit;
      this.droppedCount += 1;
    }
  }

  clear(): void {
    this.ring.fill(undefined);
    this.start = 0;
    this.size = 0;
    this.droppedCount = 0;
  }

  /** The entries the filter keeps, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    this.each(filter, (kept) => out.push(readEntry(kept)));
    return out;
  }

  count(filter: JournalFilter = {}): number {
    let count = 0;
    this.each(filter, () => (count += 1));
    return count;
  }

  private each(filter: JournalFilter, visit: (kept: Kept) => void): void {
    const matches = filter.path === undefined ? null : pathMatcher(filter.path);
    for (let offset = 0; offset < this.size; offset += 1) {
      const kept = this.ring[(this.start + offset) % this.limit] as Kept;
      const { entry } = kept;
      if (filter.sinceMs !== undefined && entry.atMs < filter.sinceMs) continue;
      if (filter.methods && !filter.methods.includes(entry.method)) continue;
      if (matches && !matches(entry.path)) continue;
      if (filter.matches && !filter.matches(entry)) continue;
      visit(kept);
    }
  }
}
