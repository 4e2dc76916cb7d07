/**
 * The client for test authors: a small typed helper over LAMP's testing routes, for
 * Playwright (see lamp-playwright.ts for the fixture) and for plain fetch (any test runner, a
 * script). Every call works in one sandbox: the client sends its name in X-Lamp-Sandbox, and
 * `attach` gives a browser context the lamp_sandbox cookie, so the pages' own requests land there.
 *
 *   const lamp = new LampTesting({ baseURL: 'http://127.0.0.1:8080', sandbox: 'worker-1' });
 *   await lamp.reset();                                   // the sandbox back to the fixtures
 *   const rule = await lamp.addFault({ method: 'POST', path: '/api/v1/auth', status: 503 });
 *   const sent = await lamp.journal({ method: 'POST', path: '/api/v1/auth' });
 *   const mail = await lamp.outbox({ to: 'reader@northwind.test' });
 *   await lamp.setClock({ now: '2026-03-01T09:00:00Z', frozen: true });
 *
 * Answers are parsed with the API's own zod schemas (src/shared/schemas), so a test fails loudly
 * when the API and the client drift apart. A refused call throws LampTestingError with the
 * API's status and message.
 */
import type { EndpointDeclaration } from '../../src/shared/endpoints/endpoint.ts';
import { endpoints, type AnswerOf, type Endpoints } from '../../src/shared/endpoints/index.ts';
import { pathOf, routeOf, type EndpointName, type ParamsOf } from '../../src/shared/endpoints/routes.ts';
import {
  SANDBOX_COOKIE,
  SANDBOX_HEADER,
  TEST_CONTROL_HEADER,
  type ClockAnswer,
  type ClockBody,
  type Sandbox,
} from '../../src/shared/schemas/sandbox.ts';
import type { OutboxMessage, OutboxQuery } from '../../src/shared/schemas/self-service.ts';
import {
  type FaultRule,
  type FaultRuleBody,
  type JournalEntry,
  type JournalList,
  type JournalQuery,
} from '../../src/shared/schemas/test-traffic.ts';

export type { ClockAnswer, ClockBody, FaultRule, FaultRuleBody, JournalEntry, JournalList, OutboxMessage, Sandbox };

/**
 * Journal filters (GET /api/v1/testing/journal's query), each optional, all must hold; for
 * convenience `method` may be a list and `since` a Date.
 */
export type JournalFilter = Omit<JournalQuery, 'method' | 'since'> & {
  method?: JournalQuery['method'] | readonly string[];
  since?: JournalQuery['since'] | Date;
};

/** PUT /api/v1/testing/clock's body; `now` may be a Date. */
export type ClockSetting = Omit<ClockBody, 'now'> & { now: ClockBody['now'] | Date };

/** What `attach` needs of a Playwright BrowserContext (kept structural: no Playwright import). */
export interface CookieJar {
  addCookies(cookies: { name: string; value: string; url: string }[]): Promise<void>;
}

/** The one-off fault of a single request, as a Prefer header value (lampPrefer below). */
export interface OneOffFault {
  status?: number;
  /** The message of the error body (needs an error status). */
  message?: string;
  delay?: number;
  drop?: boolean;
}

/**
 * The Prefer header that applies a one-off fault to one request:
 * `fetch(url, { headers: { prefer: lampPrefer({ status: 503, delay: 200 }) } })`.
 */
export function lampPrefer(fault: OneOffFault): string {
  return [
    fault.status !== undefined && `lamp-status=${fault.status}`,
    fault.message !== undefined && `lamp-message="${fault.message.replace(/["\\]/g, '\\$&')}"`,
    fault.delay !== undefined && `lamp-delay=${fault.delay}`,
    fault.drop && 'lamp-drop',
  ]
    .filter(Boolean)
    .join(', ');
}

export class LampTestingError extends Error {
  override name = 'LampTestingError';
  readonly status: number;
  readonly body: unknown;

  constructor(call: string, status: number, body: unknown) {
    const message = (body as { message?: unknown } | null)?.message;
    super(`${call} answered ${status}${typeof message === 'string' ? `: ${message}` : ''}`);
    this.status = status;
    this.body = body;
  }
}

export interface LampTestingOptions {
  /** Where LAMP answers, e.g. http://127.0.0.1:8080. */
  baseURL: string;
  /** The sandbox to work in; without it, the default state. */
  sandbox?: string;
  /** LAMP_TEST_CONTROL_TOKEN, for a server on another machine. */
  testControlToken?: string;
  /** Another fetch (a proxy's, a mock's); the global one by default. */
  fetch?: typeof fetch;
}

const DEFAULT_POLL_MS = 50;

export class LampTesting {
  readonly baseURL: string;
  /** The sandbox's name; null: the default state. */
  readonly sandbox: string | null;
  private readonly options: LampTestingOptions;

  constructor(options: LampTestingOptions) {
    this.options = options;
    this.baseURL = options.baseURL.replace(/\/+$/, '');
    this.sandbox = options.sandbox ?? null;
  }

  /** The same client in another sandbox. */
  inSandbox(sandbox: string): LampTesting {
    return new LampTesting({ ...this.options, sandbox });
  }

  /** The headers that put a request of your own (fetch, Playwright's request) in this sandbox. */
  get headers(): Record<string, string> {
    return {
      ...(this.sandbox === null ? {} : { [SANDBOX_HEADER]: this.sandbox }),
      ...(this.options.testControlToken ? { [TEST_CONTROL_HEADER]: this.options.testControlToken } : {}),
    };
  }

  // --- The sandbox -------------------------------------------------------------------------

  /**
   * Puts a browser context in this sandbox: its pages' requests carry the lamp_sandbox cookie
   * (what POST /api/v1/testing/sandboxes/{name}/attach sets, set here without a round trip).
   */
  async attach(context: CookieJar): Promise<void> {
    if (this.sandbox === null) throw new Error('attach needs a sandbox: new LampTesting({ sandbox })');
    await context.addCookies([{ name: SANDBOX_COOKIE, value: this.sandbox, url: this.baseURL }]);
  }

  /** Back to the fixtures: the sandbox's data, sessions, outbox, journal, faults and clock. */
  async reset(): Promise<void> {
    await this.call('resetState');
  }

  /** Deletes the sandbox (a sandbox that is already gone is fine). */
  async deleteSandbox(): Promise<void> {
    if (this.sandbox === null) throw new Error('the default state cannot be deleted');
    await this.call('deleteSandbox', { params: { name: this.sandbox }, allow: [404] });
  }

  /** The sandboxes in use. */
  async sandboxes(): Promise<Sandbox[]> {
    return (await this.call('listSandboxes')).data;
  }

  // --- Faults ------------------------------------------------------------------------------

  /** Adds a fault rule; answers it with its id (see FaultRuleBody for what a rule may say). */
  async addFault(rule: FaultRuleBody): Promise<FaultRule> {
    return this.call('addFault', { body: rule });
  }

  /** The rules, oldest first, each with how often it matched and applied. */
  async faults(): Promise<FaultRule[]> {
    return (await this.call('listFaults')).data;
  }

  async removeFault(id: string): Promise<void> {
    await this.call('removeFault', { params: { id } });
  }

  async clearFaults(): Promise<void> {
    await this.call('clearFaults');
  }

  // --- The journal -------------------------------------------------------------------------

  /** What reached the API in this sandbox, oldest first. */
  async journal(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    return (await this.journalPage(filter)).data;
  }

  /** The journal with its bound: how many entries it keeps and how many it let go. */
  async journalPage(filter: JournalFilter = {}): Promise<JournalList> {
    return this.call('journal', { query: journalQuery(filter) });
  }

  async journalCount(filter: JournalFilter = {}): Promise<number> {
    return (await this.call('journalCount', { query: journalQuery(filter) })).count;
  }

  async clearJournal(): Promise<void> {
    await this.call('clearJournal');
  }

  /**
   * The first journal entry the filter keeps, waiting for it (the front end sends on its own
   * time): throws after `timeout` ms without one.
   */
  async waitForRequest(filter: JournalFilter, { timeout = 5000 } = {}): Promise<JournalEntry> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const [entry] = await this.journal(filter);
      if (entry) return entry;
      if (Date.now() >= deadline)
        throw new Error(`No request matching ${JSON.stringify(journalQuery(filter))} within ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, DEFAULT_POLL_MS));
    }
  }

  // --- The outbox --------------------------------------------------------------------------

  /** The e-mails sent, newest first; `to` keeps one address's. */
  async outbox(filter: OutboxQuery = {}): Promise<OutboxMessage[]> {
    return (await this.call('outbox', { query: filter.to ? { to: filter.to } : {} })).data;
  }

  async clearOutbox(): Promise<void> {
    await this.call('clearOutbox');
  }

  // --- The clock ---------------------------------------------------------------------------

  async clock(): Promise<ClockAnswer> {
    return this.call('readClock');
  }

  /** Sets the sandbox's now (null: the machine's time) and whether it stands still. */
  async setClock(clock: ClockSetting): Promise<ClockAnswer> {
    const body: ClockBody = { ...clock, now: clock.now instanceof Date ? clock.now.toISOString() : clock.now };
    return this.call('setClock', { body });
  }

  // ---------------------------------------------------------------------------------------------

  /** A testing endpoint by its name in the API's table; a success answer parsed with its schema. */
  private async call<N extends EndpointName>(
    name: N,
    options: { params?: ParamsOf<N>; body?: unknown; query?: Record<string, string>; allow?: readonly number[] } = {},
  ): Promise<AnswerOf<Endpoints[N]>> {
    const { method } = routeOf(name);
    const path = (pathOf as (name: N, params?: ParamsOf<N>) => string)(name, options.params);
    const url = new URL(`${this.baseURL}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const send = this.options.fetch ?? fetch;
    const response = await send(url, {
      method,
      headers: {
        ...this.headers,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text };
    }
    if (!response.ok && !options.allow?.includes(response.status))
      throw new LampTestingError(`${method} ${path}`, response.status, body);
    const schema = (endpoints[name] as EndpointDeclaration).answer;
    return (response.ok && schema ? schema.parse(body) : body) as AnswerOf<Endpoints[N]>;
  }
}

function journalQuery(filter: JournalFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.method !== undefined)
    query.method = typeof filter.method === 'string' ? filter.method : filter.method.join(',');
  if (filter.path !== undefined) query.path = filter.path;
  if (filter.since !== undefined)
    query.since = filter.since instanceof Date ? filter.since.toISOString() : filter.since;
  return query;
}
