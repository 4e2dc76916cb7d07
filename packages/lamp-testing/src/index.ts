/**
 * lamp-testing: the client for test authors over LAMP's test-control API (demo and test
 * modes), for plain fetch in any runner; `lamp-testing/playwright` adds the Playwright fixture.
 * Every call works in one sandbox: the client sends its name in X-Lamp-Sandbox, and `attach`
 * gives a browser context the lamp_sandbox cookie, so the pages' own requests land there.
 *
 *   const lamp = new LampTesting({ baseURL: 'http://127.0.0.1:8080', sandbox: 'worker-1' });
 *   await lamp.reset();                                    // fixtures, clock at test mode's start
 *   const session = await lamp.signIn('reader@northwind.test');   // no password, a few ms
 *   const api = lamp.http(session);                        // fetch with the cookies and sandbox
 *   const rule = await lamp.addFault({ method: 'POST', path: '/api/v1/auth', status: 503 });
 *   const sent = await lamp.journal({ method: 'POST', path: '/api/v1/auth' });
 *   const mail = await lamp.outbox({ to: 'reader@northwind.test' });
 *   await lamp.setClock({ now: '2026-11-08T09:00:00Z', frozen: true });
 *
 * Types come from LAMP's own OpenAPI document (./generated.ts). A refused call throws
 * LampTestingError with the API's status and message.
 */
import { CookieJar } from './cookies.ts';
import { ROUTES } from './generated.ts';
import type {
  AnswerOf,
  ClockAnswer,
  ClockBody,
  FaultRule,
  FaultRuleBody,
  JournalEntry,
  JournalList,
  JournalQuery,
  LinkBody,
  MintedSession,
  OutboxMessage,
  RouteName,
  Sandbox,
  TestUser,
  TestUserBody,
} from './types.ts';

export { CookieJar } from './cookies.ts';
export { ROUTES } from './generated.ts';
export type * from './types.ts';

/** The header that names a request's sandbox (it wins over the cookie). */
export const SANDBOX_HEADER = 'x-lamp-sandbox';
/** The cookie that names a browser's sandbox. */
export const SANDBOX_COOKIE = 'lamp_sandbox';
/** The header that carries LAMP_TEST_CONTROL_TOKEN, for test control from another machine. */
export const TEST_CONTROL_HEADER = 'x-lamp-test-control-token';
/** On an API answer whose sandbox clock is not the machine's time: what it reads. */
export const CLOCK_HEADER = 'x-lamp-clock';

/** Journal filters, each optional, all must hold; `method` may be a list and `since` a Date. */
export type JournalFilter = Omit<JournalQuery, 'method' | 'since'> & {
  method?: string | readonly string[];
  since?: string | Date;
};

/** PUT /api/v1/testing/clock's body; `now` may be a Date. */
export type ClockSetting = Omit<ClockBody, 'now'> & { now: ClockBody['now'] | Date };

/** Who to sign in: an e-mail (a persona's), or {email} or {user_id}. */
export type UserRef = string | { email: string } | { user_id: string };

/** What `attach` and `signIn` need of a Playwright BrowserContext (structural: no Playwright import). */
export interface BrowserCookies {
  addCookies(cookies: { name: string; value: string; url: string }[]): Promise<void>;
}

/** A Playwright storage state (browser.newContext({ storageState })): the sandbox's and a session's cookies. */
export interface StorageState {
  cookies: {
    name: string;
    value: string;
    domain: string;
    path: string;
    expires: number;
    httpOnly: boolean;
    secure: boolean;
    sameSite: 'Lax';
  }[];
  origins: never[];
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
  /** The sandbox to work in; without it, the default state (where sessions cannot be minted). */
  sandbox?: string;
  /** LAMP_TEST_CONTROL_TOKEN, for a server on another machine. */
  testControlToken?: string;
  /** Another fetch (a proxy's, a mock's); the global one by default. */
  fetch?: typeof fetch;
}

/** A fetch of paths on the server (`/api/v1/measurement?limit=5`), in the sandbox, keeping cookies. */
export type LampFetch = ((path: string, init?: RequestInit) => Promise<Response>) & { jar: CookieJar };

interface CallOptions {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  allow?: readonly number[];
}

const POLL_MS = 50;

export class LampTesting {
  readonly baseURL: string;
  /** The sandbox's name; null: the default state. */
  readonly sandbox: string | null;
  readonly #options: LampTestingOptions;

  constructor(options: LampTestingOptions) {
    this.#options = options;
    this.baseURL = options.baseURL.replace(/\/+$/, '');
    this.sandbox = options.sandbox ?? null;
  }

  /** The same client in another sandbox. */
  inSandbox(sandbox: string): LampTesting {
    return new LampTesting({ ...this.#options, sandbox });
  }

  /** The headers that put a request of your own (fetch, Playwright's request) in this sandbox. */
  get headers(): Record<string, string> {
    return {
      ...(this.sandbox === null ? {} : { [SANDBOX_HEADER]: this.sandbox }),
      ...(this.#options.testControlToken ? { [TEST_CONTROL_HEADER]: this.#options.testControlToken } : {}),
    };
  }

  // --- The sandbox -------------------------------------------------------------------------

  /** A browser context's pages work in this sandbox (the lamp_sandbox cookie, set without a round trip). */
  async attach(context: BrowserCookies): Promise<void> {
    await context.addCookies([{ name: SANDBOX_COOKIE, value: this.#named('attach'), url: this.baseURL }]);
  }

  /**
   * Back to the fixtures: data, outbox, journal, faults and login throttle; the clock back at the
   * mode's start (test mode: the fixtures' moment or LAMP_TEST_CLOCK), or at `clock`. Sessions stay.
   * Makes the sandbox if it does not exist yet.
   */
  async reset(options: { clock?: ClockSetting } = {}): Promise<void> {
    const body = options.clock ? { clock: clockBody(options.clock) } : undefined;
    if (this.sandbox === null) await this.#call('resetState', { body });
    else await this.#call('resetSandbox', { params: { name: this.sandbox }, body });
  }

  /** Deletes the sandbox, its sessions too (one that is already gone is fine). */
  async deleteSandbox(): Promise<void> {
    await this.#call('deleteSandbox', { params: { name: this.#named('deleteSandbox') }, allow: [404] });
  }

  /** The sandboxes in use. */
  async sandboxes(): Promise<Sandbox[]> {
    return (await this.#call('listSandboxes')).data;
  }

  // --- Sessions ----------------------------------------------------------------------------

  /**
   * Signs a user of the sandbox in without the password (POST /api/v1/testing/sessions): a few
   * milliseconds where a sign-in spends hundreds on scrypt. Pass a browser context to put the
   * session (and the sandbox) in it.
   */
  async signIn(user: UserRef, context?: BrowserCookies): Promise<MintedSession> {
    const body = typeof user === 'string' ? { email: user } : user;
    const session = await this.#call('mintSession', { body });
    if (context) {
      await this.attach(context);
      await context.addCookies([{ ...session.cookie, url: this.baseURL }]);
    }
    return session;
  }

  /**
   * A Playwright storage state signed in as the user, in this sandbox:
   * `browser.newContext({ storageState: await lamp.storageState('reader@northwind.test') })`.
   */
  async storageState(user: UserRef): Promise<StorageState> {
    const session = await this.signIn(user);
    const { hostname, protocol } = new URL(this.baseURL);
    const cookie = (name: string, value: string) => ({
      name,
      value,
      domain: hostname,
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: protocol === 'https:',
      sameSite: 'Lax' as const,
    });
    return {
      cookies: [cookie(SANDBOX_COOKIE, this.#named('storageState')), cookie(session.cookie.name, session.cookie.value)],
      origins: [],
    };
  }

  /**
   * A fetch for your own API calls: paths on this server, the sandbox header on each, and the
   * cookies kept in a jar (a sign-in through POST /api/v1/auth works too). Pass a minted session
   * (or a user, minted here) to start signed in.
   */
  http(session?: MintedSession): LampFetch {
    const jar = new CookieJar();
    if (session) jar.set(session.cookie.name, session.cookie.value);
    const send = this.#options.fetch ?? fetch;
    const call = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      for (const [name, value] of Object.entries(this.headers)) if (!headers.has(name)) headers.set(name, value);
      return jar.fetch(`${this.baseURL}${path}`, { ...init, headers }, send);
    };
    return Object.assign(call, { jar });
  }

  // --- Faults ------------------------------------------------------------------------------

  /** Adds a fault rule; answers it with its id (see FaultRuleBody for what a rule may say). */
  async addFault(rule: FaultRuleBody): Promise<FaultRule> {
    return this.#call('addFault', { body: rule });
  }

  /** The rules, oldest first, each with how often it matched and applied. */
  async faults(): Promise<FaultRule[]> {
    return (await this.#call('listFaults')).data;
  }

  async removeFault(id: string): Promise<void> {
    await this.#call('removeFault', { params: { id } });
  }

  async clearFaults(): Promise<void> {
    await this.#call('clearFaults');
  }

  // --- The journal -------------------------------------------------------------------------

  /** What reached the API in this sandbox, oldest first. */
  async journal(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    return (await this.journalPage(filter)).data;
  }

  /** The journal with its bound: how many entries it keeps and how many it let go. */
  async journalPage(filter: JournalFilter = {}): Promise<JournalList> {
    return this.#call('journal', { query: journalQuery(filter) });
  }

  async journalCount(filter: JournalFilter = {}): Promise<number> {
    return (await this.#call('journalCount', { query: journalQuery(filter) })).count;
  }

  async clearJournal(): Promise<void> {
    await this.#call('clearJournal');
  }

  /** The first entry the filter keeps, waiting for it: throws after `timeout` ms without one. */
  async waitForRequest(filter: JournalFilter, { timeout = 5000 } = {}): Promise<JournalEntry> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const [entry] = await this.journal(filter);
      if (entry) return entry;
      if (Date.now() >= deadline)
        throw new Error(`No request matching ${JSON.stringify(journalQuery(filter))} within ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  // --- The outbox and users ----------------------------------------------------------------

  /** The e-mails sent, newest first; `to` keeps one address's. */
  async outbox(filter: { to?: string } = {}): Promise<OutboxMessage[]> {
    return (await this.#call('outbox', { query: filter.to ? { to: filter.to } : {} })).data;
  }

  async clearOutbox(): Promise<void> {
    await this.#call('clearOutbox');
  }

  /** Sends a password-reset or login-link e-mail issued at `time` (epoch ms; an old one has expired). */
  async issueLink(link: LinkBody): Promise<OutboxMessage> {
    return this.#call('issueLink', { body: link });
  }

  /** A throwaway user (read role on Northwind Media unless the body says otherwise). */
  async createUser(user: TestUserBody): Promise<TestUser> {
    return this.#call('createTestUser', { body: user });
  }

  // --- The clock ---------------------------------------------------------------------------

  async clock(): Promise<ClockAnswer> {
    return this.#call('readClock');
  }

  /** Today on the sandbox's clock, as a UTC day ('2026-11-01'): what 'last 7 days' ends on. */
  async today(): Promise<string> {
    return (await this.clock()).now.slice(0, 10);
  }

  /** Sets the sandbox's now (null: the machine's time) and whether it stands still. */
  async setClock(clock: ClockSetting): Promise<ClockAnswer> {
    return this.#call('setClock', { body: clockBody(clock) });
  }

  // ---------------------------------------------------------------------------------------------

  #named(call: string): string {
    if (this.sandbox === null) throw new Error(`${call} needs a sandbox: new LampTesting({ baseURL, sandbox })`);
    return this.sandbox;
  }

  /** A test-control route by its name in LAMP's table; the success answer as the document types it. */
  async #call<N extends RouteName>(name: N, options: CallOptions = {}): Promise<AnswerOf<N>> {
    const { method, path: pattern } = ROUTES[name];
    const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_segment, key: string) =>
      encodeURIComponent(options.params?.[key] ?? ''),
    );
    const url = new URL(`${this.baseURL}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const send = this.#options.fetch ?? fetch;
    const response = await send(url, {
      method,
      headers: { ...this.headers, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
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
    return body as AnswerOf<N>;
  }
}

function clockBody(clock: ClockSetting): ClockBody {
  return { ...clock, now: clock.now instanceof Date ? clock.now.toISOString() : clock.now };
}

function journalQuery(filter: JournalFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    query[key] = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}
