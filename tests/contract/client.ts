/**
 * The contract walk's side of the wire: requests through Prism's validating proxy, each checked
 * for the status the walk expects and for the violations Prism found (its `sl-violations` header),
 * and a record per operation of what was sent and what went wrong.
 */
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';

export const PASSWORD = 'Lamp-Demo-2026!';
export const NORTHWIND = ACCOUNT_IDS.northwind;
export const TAILSPIN = ACCOUNT_IDS.tailspin;
/** A well-formed id no row has. */
export const NO_SUCH_ID = 'ffffffffffffffffffffffff';

/**
 * The sessions the walk signs in: one per role of the ladder in Northwind Media (super and root
 * sit in Lamp HQ and reach every account), an admin of a foreign account, and the first-login user.
 */
export const PERSONAS = {
  super: 'super@lamp.test',
  root: 'root@lamp.test',
  admin: 'admin@northwind.test',
  writer: 'writer@northwind.test',
  reader: 'reader@northwind.test',
  foreign: 'admin@tailspin.test',
  new: 'new@northwind.test',
} as const;
export type Persona = keyof typeof PERSONAS;

/** One request of the walk. */
export interface Step {
  /** Whose session sends it; none without. */
  as?: Persona | { cookie: string; name: string };
  query?: Record<string, string | number | boolean>;
  /** Values of the operation's path parameters ({id}). */
  params?: Record<string, string>;
  /** A JSON body, or with `type` a raw one of that media type. */
  body?: unknown;
  type?: string;
  headers?: Record<string, string>;
  /** The status the server must answer. */
  status: number;
  /**
   * The request breaks the document on purpose (no session, a bad field, another media type):
   * Prism's findings about the request are expected. Findings about the response never are.
   */
  invalid?: boolean;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

interface Violation {
  location?: string[];
  severity?: string;
  code?: string | number;
  message?: string;
}

export interface OperationRecord {
  requests: number;
  problems: string[];
  /** Time spent on its requests, in ms. */
  ms: number;
  /** Each request: what was sent, what came back, and what it broke (the conformance report). */
  exchanges: Exchange[];
}

export interface Exchange {
  sent: string;
  expected: number;
  status: number;
  problems: string[];
}

/** Who signs in as each persona of the walk. */
export type People = Record<Persona, { email: string; password: string }>;
export const DEMO_PEOPLE = Object.fromEntries(
  Object.entries(PERSONAS).map(([persona, email]) => [persona, { email, password: PASSWORD }]),
) as People;

export class ContractClient {
  readonly records = new Map<string, OperationRecord>();
  readonly cookies = new Map<Persona, string>();
  readonly base: string;
  readonly people: People;
  /** Headers every request carries (the conformance kit's sandbox); a step's own win. */
  readonly headers: Record<string, string>;
  violations = 0;

  constructor(base: string, people: People = DEMO_PEOPLE, headers: Record<string, string> = {}) {
    this.base = base;
    this.people = people;
    this.headers = headers;
  }

  /** Adds a finding to an operation that no single answer shows (paging, isolation: conformance). */
  flag(operation: string, sent: string, problem: string): void {
    const record = this.#record(operation);
    record.problems.push(`${sent}: ${problem}`);
    record.exchanges.push({ sent, expected: 0, status: 0, problems: [problem] });
  }

  #record(operation: string): OperationRecord {
    let record = this.records.get(operation);
    if (!record) this.records.set(operation, (record = { requests: 0, problems: [], ms: 0, exchanges: [] }));
    return record;
  }

  /** Sends one step of an operation ('GET /api/v1/measurement') and checks it. */
  async send(operation: string, step: Step): Promise<Answer> {
    const [method, path] = operation.split(' ') as [string, string];
    const url = new URL(
      path.replace(/\{(\w+)\}/g, (_match, key: string) => encodeURIComponent(step.params?.[key] ?? '')),
      this.base,
    );
    for (const [key, value] of Object.entries(step.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { ...this.headers, ...step.headers };
    const who = step.as === undefined ? 'no session' : typeof step.as === 'string' ? step.as : step.as.name;
    if (step.as !== undefined) {
      const cookie = typeof step.as === 'string' ? this.cookies.get(step.as) : step.as.cookie;
      if (!cookie) throw new Error(`no session for ${who}: sign in first`);
      headers.cookie = cookie;
    }
    let body: string | undefined;
    if (step.body !== undefined) {
      headers['content-type'] = step.type ?? 'application/json';
      body = step.type && typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
    }
    const sent = performance.now();
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const ms = performance.now() - sent;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a text file, a page): kept as text
    }
    const record = this.#record(operation);
    record.requests += 1;
    record.ms += ms;
    const label = `${operation}${url.search} as ${who}`;
    const before = record.problems.length;
    if (response.status !== step.status) {
      const message = (parsed as { message?: unknown } | null)?.message;
      const said = typeof message === 'string' ? message : text.slice(0, 200);
      record.problems.push(`${label}: expected ${step.status}, got ${response.status} (${said})`);
    }
    // What the document cannot say: a 204 has no body at all (a client reads it as null).
    if (response.status === 204 && text !== '') record.problems.push(`${label} → 204: a 204 answer has a body`);
    const found = JSON.parse(response.headers.get('sl-violations') ?? '[]') as Violation[];
    for (const violation of found) {
      const where = violation.location ?? [];
      if (step.invalid && where[0] === 'request') continue;
      this.violations += 1;
      record.problems.push(
        `${label} → ${response.status}: ${violation.severity ?? ''} at ${where.join('.') || '?'}: ${violation.message ?? violation.code}`,
      );
    }
    record.exchanges.push({
      sent: `${method} ${url.pathname}${url.search} as ${who}${body === undefined ? '' : ` with ${body.slice(0, 80)}`}`,
      expected: step.status,
      status: response.status,
      problems: record.problems.slice(before),
    });
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  /** Signs a persona in through the proxy (POST /api/v1/auth) and keeps the session cookie. */
  async signIn(persona: Persona): Promise<void> {
    const answer = await this.send('POST /api/v1/auth', {
      body: this.people[persona],
      status: 200,
    });
    this.cookies.set(persona, sessionCookie(answer.headers));
  }
}

/** The lamp_session cookie a response sets, as a Cookie header value. */
export function sessionCookie(headers: Headers): string {
  const cookie = headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .find((value) => value.startsWith('lamp_session='));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie;
}
