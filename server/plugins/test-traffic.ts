/**
 * Faults and the request journal (demo and test modes only: in production this plugin
 * adds nothing). For every API request outside the testing routes, in the request's sandbox:
 *
 *   - onRequest notes the sandbox and the arrival;
 *   - preValidation applies a fault: the Prefer header's one-off, else the newest matching rule.
 *     It runs once the session is checked and the body is read, before validation and the
 *     handler: a faulted write changes nothing, and the journal still sees what was sent;
 *   - onResponse records the request in the sandbox's journal.
 *
 * Faults and journals are kept per sandbox (server/sandbox/scope.ts), so a sandbox's reset or
 * deletion forgets them with the rest of its state.
 */
import { namedPlugin } from './named.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PREFER_HEADER, PREFERENCE_APPLIED_HEADER, PreferHeaderSchema } from '../../src/shared/schemas/test-traffic.ts';
import { isDemoLike } from '../config.ts';
import { badRequest } from '../http-errors.ts';
import { FaultRules, preferFault, type FaultDecision } from '../sandbox/faults.ts';
import { Journal, journalBody, type StoredEntry } from '../sandbox/journal.ts';
import { journalHeaders } from '../sandbox/journal-headers.ts';
import { sendFaultAnswer } from '../sandbox/stub-answer.ts';

/** Where faults and the journal look: the API, less the testing routes that control them. */
const API_PREFIX = '/api/';
const TESTING_PREFIX = '/api/v1/testing/';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Traffic {
  sandbox: string;
  atMs: number;
  fault: string | null;
  /** Set once the journal has the request (a dropped connection is recorded when it drops). */
  recorded: boolean;
}

interface PerSandbox<T> {
  get(name: string): T;
  forget(name: string): void;
}

export interface TestTraffic {
  faults: PerSandbox<FaultRules>;
  journals: PerSandbox<Journal>;
  /** How many requests are being held back by a fault's delay right now. */
  readonly delayed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Faults and journals per sandbox; absent in production. */
    testTraffic?: TestTraffic;
  }
  interface FastifyRequest {
    traffic: Traffic | null;
  }
}

/** Whether faults and the journal see a request to this URL (path and query). */
export function isObservedUrl(url: string): boolean {
  return url.startsWith(API_PREFIX) && !url.startsWith(TESTING_PREFIX);
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * The query as the client sent it (a repeated parameter as a list), not as a route's schema
 * decoded it: the journal shows what a test sent, without defaults or coercions it never wrote.
 */
function sentQuery(url: string): Record<string, string | string[]> {
  const start = url.indexOf('?');
  // A Map, then fromEntries: a `__proto__` parameter stays a key instead of setting a prototype.
  const query = new Map<string, string | string[]>();
  if (start === -1) return {};
  for (const [key, value] of new URLSearchParams(url.slice(start + 1))) {
    const earlier = query.get(key);
    query.set(key, earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]);
  }
  return Object.fromEntries(query);
}

/**
 * A journal entry of one request. Its query and headers are worked out when first read: most
 * entries are never read, and working them out on every request was about 4% of a list request's
 * time in test mode (the profile in tests/bench/api.ts). The headers object is Node's own for
 * the request, which nothing changes after it arrives.
 */
class RecordedRequest implements StoredEntry {
  readonly atMs: number;
  readonly method: string;
  readonly path: string;
  readonly status: number | null;
  readonly duration_ms: number;
  readonly body: unknown;
  readonly body_size: number | null;
  readonly fault: string | null;
  readonly #url: string;
  readonly #sentHeaders: FastifyRequest['headers'];
  #query: StoredEntry['query'] | undefined;
  #headers: StoredEntry['headers'] | undefined;

  constructor(request: FastifyRequest, state: Traffic, status: number | null, durationMs: number) {
    const write = WRITES.has(request.method);
    const size = write ? contentLength(request) : null;
    this.atMs = state.atMs;
    this.method = request.method;
    this.path = pathOf(request.url);
    this.status = status;
    this.duration_ms = Math.round(durationMs * 100) / 100;
    // A body is copied now: a handler may change the parsed object after this.
    this.body = write ? journalBody(request.body, size) : null;
    this.body_size = size;
    this.fault = state.fault;
    this.#url = request.url;
    this.#sentHeaders = request.headers;
  }

  get query(): StoredEntry['query'] {
    return (this.#query ??= sentQuery(this.#url));
  }

  get headers(): StoredEntry['headers'] {
    return (this.#headers ??= journalHeaders(this.#sentHeaders));
  }
}

function contentLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  if (header === undefined) return null;
  const size = Number(header);
  return Number.isFinite(size) ? size : null;
}

/**
 * The requests a fault's delay holds back, so that a closing server can let them go at once
 * (they then get their fault's answer, or go on to their handler, without the wait). Once
 * released, later delays are not waited for either: the server is on its way down.
 */
class DelayedRequests {
  readonly #pending = new Map<NodeJS.Timeout, () => void>();
  #released = false;

  get size(): number {
    return this.#pending.size;
  }

  hold(resume: () => void, delayMs: number): void {
    if (delayMs <= 0 || this.#released) return resume();
    const timer = setTimeout(() => {
      this.#pending.delete(timer);
      resume();
    }, delayMs);
    this.#pending.set(timer, resume);
  }

  release(): void {
    this.#released = true;
    const waiting = [...this.#pending];
    this.#pending.clear();
    for (const [timer, resume] of waiting) {
      clearTimeout(timer);
      resume();
    }
  }
}

export function testTraffic(app: FastifyInstance): void {
  if (!isDemoLike(app.config)) return;
  const limit = app.config.journalLimit;
  const delays = new DelayedRequests();
  const traffic: TestTraffic = {
    faults: app.sandboxScope.perSandbox(() => new FaultRules()),
    journals: app.sandboxScope.perSandbox(() => new Journal(limit)),
    get delayed() {
      return delays.size;
    },
  };
  app.decorate('testTraffic', traffic);
  app.decorateRequest('traffic', null);

  const record = (request: FastifyRequest, state: Traffic, status: number | null, durationMs: number) => {
    state.recorded = true;
    traffic.journals.get(state.sandbox).record(new RecordedRequest(request, state, status, durationMs));
  };

  app.addHook('onRequest', (request, _reply, done) => {
    // The Prefer header as the document declares it, on every API route (testing ones too).
    const prefer = request.headers[PREFER_HEADER];
    if (prefer !== undefined && request.url.startsWith(API_PREFIX)) {
      const checked = PreferHeaderSchema.safeParse(prefer);
      if (!checked.success) return done(badRequest(checked.error.issues[0]?.message ?? 'Prefer: malformed'));
    }
    // Registered after the sandbox hook (server/sandbox/plugin.ts): a request it refuses (a bad
    // name, 429) never gets here, so it is neither faulted nor journalled.
    if (isObservedUrl(request.url))
      request.traffic = { sandbox: request.sandbox, atMs: Date.now(), fault: null, recorded: false };
    done();
  });

  app.addHook('preValidation', (request, reply, done) => {
    const state = request.traffic;
    if (!state) return done();
    let decision: FaultDecision | null;
    try {
      decision = preferFault(request.headers[PREFER_HEADER]);
    } catch (error) {
      return done(error as Error);
    }
    if (!decision) {
      const rules = traffic.faults.get(state.sandbox);
      decision = rules.size === 0 ? null : rules.decide(request.method, pathOf(request.url));
    }
    if (!decision) return done();
    state.fault = decision.source;
    if (decision.applied) void reply.header(PREFERENCE_APPLIED_HEADER, decision.applied);
    const { outcome } = decision;
    const apply = () => {
      if (outcome.kind === 'pass') return done();
      if (outcome.kind === 'answer') return void sendFaultAnswer(reply, decision.source, outcome);
      // A dropped connection: no answer at all, as when a proxy or the network gives up.
      record(request, state, null, reply.elapsedTime);
      reply.hijack();
      reply.raw.destroy();
    };
    delays.hold(apply, decision.delayMs);
  });
  // A closing server waits for the requests under way: a delay (up to a minute) must not hold it.
  app.addHook('preClose', (done) => {
    delays.release();
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const state = request.traffic;
    if (state && !state.recorded) record(request, state, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/** Per sandbox, so after the sandboxes; its hooks before any route (routePlugin depends on it). */
export const testTrafficPlugin = namedPlugin('lamp-test-traffic', ['lamp-sandboxes'], testTraffic);
