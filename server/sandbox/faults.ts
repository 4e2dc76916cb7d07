/**
 * Fault rules of one sandbox: set and cleared at runtime by the testing routes, matched
 * against every API request of the sandbox by server/plugins/test-traffic.ts. The newest matching
 * rule whose probability draw succeeds applies; one rule per request.
 *
 * Also the `Prefer` header's one-off fault (src/shared/schemas/test-traffic.ts documents both).
 */
import {
  FaultStatusSchema,
  MAX_FAULT_DELAY_MS,
  PREFER_TOKENS,
  type FaultRule,
  type FaultRuleInput,
} from '../../src/shared/schemas/test-traffic.ts';
import { badRequest } from '../http-errors.ts';
import { pathMatcher } from './path-pattern.ts';
import { between, seededRandom, type Random } from './random.ts';

/** What a fault does to one request: wait, then answer, drop the connection, or carry on. */
export interface FaultDecision {
  /** The rule's id, or 'prefer' for the header's one-off fault. */
  source: string;
  delayMs: number;
  outcome: FaultAnswer | { kind: 'drop' } | { kind: 'pass' };
  /** The preferences that applied (for Preference-Applied), on a one-off fault. */
  applied?: string;
}

/** A fault's answer: a status, and a stub's body (JSON or raw text), headers and pace. */
export interface FaultAnswer {
  kind: 'answer';
  status: number;
  body: unknown;
  message?: string;
  bodyText?: string;
  headers?: Record<string, string>;
  stream?: { chunk_bytes: number; chunk_delay: number };
}

interface ActiveRule {
  rule: FaultRule;
  matches: (path: string) => boolean;
  random: Random;
}

export class FaultRules {
  private rules: ActiveRule[] = [];
  private nextId = 1;

  get size(): number {
    return this.rules.length;
  }

  add(input: FaultRuleInput, now = new Date()): FaultRule {
    const rule: FaultRule = {
      id: `f${this.nextId++}`,
      created_at: now.toISOString(),
      method: input.method,
      path: input.path,
      delay: input.delay ?? null,
      status: input.status ?? null,
      ...(input.body === undefined ? {} : { body: input.body }),
      ...(input.body_text === undefined ? {} : { body_text: input.body_text }),
      ...(input.headers === undefined ? {} : { headers: input.headers }),
      ...(input.stream === undefined ? {} : { stream: input.stream }),
      drop: input.drop,
      times: input.times ?? null,
      probability: input.probability,
      seed: input.seed,
      matched: 0,
      applied: 0,
      remaining: input.times ?? null,
    };
    this.rules.push({ rule, matches: pathMatcher(rule.path), random: seededRandom(rule.seed) });
    return { ...rule };
  }

  list(): FaultRule[] {
    return this.rules.map(({ rule }) => ({ ...rule }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter(({ rule }) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for a request, counting the match and the application on the rule; null: none. */
  decide(method: string, path: string): FaultDecision | null {
    for (let index = this.rules.length - 1; index >= 0; index -= 1) {
      const { rule, matches, random } = this.rules[index] as ActiveRule;
      if (rule.remaining === 0) continue;
      if (rule.method !== '*' && rule.method !== method) continue;
      if (!matches(path)) continue;
      rule.matched += 1;
      if (rule.probability < 1 && !(random() < rule.probability)) continue;
      rule.applied += 1;
      if (rule.remaining !== null) rule.remaining -= 1;
      const delay = rule.delay;
      const delayMs = delay === null ? 0 : typeof delay === 'number' ? delay : between(random, delay.min, delay.max);
      return {
        source: rule.id,
        delayMs,
        outcome: rule.drop
          ? { kind: 'drop' }
          : rule.status !== null
            ? {
                kind: 'answer',
                status: rule.status,
                body: rule.body,
                bodyText: rule.body_text,
                headers: rule.headers,
                stream: rule.stream,
              }
            : { kind: 'pass' },
      };
    }
    return null;
  }
}

interface Preference {
  token: string;
  value: string | null;
}

/** The preferences of Prefer headers (RFC 7240): `token[=value]`, comma-separated; parameters after ';' ignored. */
export function parsePrefer(header: string | string[]): Preference[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  const preferences: Preference[] = [];
  // A preference: a token, then optionally = and a token or a quoted string; then ;parameters.
  const pattern =
    /\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,;"]*)))?\s*(?:;[^,]*)?(?:,|$)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    const [, token = '', quoted, bare] = match;
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? null);
    preferences.push({ token: token.toLowerCase(), value });
    if (match[0] === '') break;
  }
  if (pattern.lastIndex < text.length && text.slice(pattern.lastIndex).trim() !== '')
    throw badRequest('Prefer: the header is malformed (e.g. lamp-status=503, lamp-delay=200)');
  return preferences;
}

const KNOWN = new Set<string>(PREFER_TOKENS);

/**
 * The one-off fault a request's Prefer header asks for, or null when it names no lamp-*
 * preference. A malformed or unknown lamp-* preference is a 400 naming it, so a typo does not
 * silently test nothing.
 */
export function preferFault(header: string | string[] | undefined): FaultDecision | null {
  if (header === undefined || !String(header).toLowerCase().includes('lamp-')) return null;
  const ours = parsePrefer(header).filter(({ token }) => token.startsWith('lamp-'));
  if (ours.length === 0) return null;
  let status: number | null = null;
  let delayMs = 0;
  let drop = false;
  let message: string | null = null;
  for (const { token, value } of ours) {
    if (!KNOWN.has(token))
      throw badRequest(`Prefer: ${token} is not a LAMP preference (use ${PREFER_TOKENS.join(', ')})`);
    if (token === 'lamp-status') {
      const parsed = FaultStatusSchema.safeParse(value === null || !/^\d+$/.test(value) ? NaN : Number(value));
      if (!parsed.success) throw badRequest('Prefer: lamp-status must be a status from 200 to 599');
      status = parsed.data;
    } else if (token === 'lamp-delay') {
      const ms = value !== null && /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(ms <= MAX_FAULT_DELAY_MS))
        throw badRequest(`Prefer: lamp-delay must be a whole number of milliseconds up to ${MAX_FAULT_DELAY_MS}`);
      delayMs = ms;
    } else if (token === 'lamp-drop') {
      if (value !== null && value !== '') throw badRequest('Prefer: lamp-drop takes no value');
      drop = true;
    } else {
      if (!value || value.length > 500) throw badRequest('Prefer: lamp-message must be a text of 1 to 500 characters');
      message = value;
    }
  }
  if (drop && status !== null) throw badRequest('Prefer: lamp-drop and lamp-status cannot go together');
  if (message !== null && status === null) throw badRequest('Prefer: lamp-message needs lamp-status');
  if (message !== null && status !== null && status < 400)
    throw badRequest('Prefer: lamp-message needs an error status (400 or more)');
  const applied = [
    status !== null && `lamp-status=${status}`,
    message !== null && 'lamp-message',
    delayMs > 0 && `lamp-delay=${delayMs}`,
    drop && 'lamp-drop',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    source: 'prefer',
    delayMs,
    applied,
    outcome: drop
      ? { kind: 'drop' }
      : status !== null
        ? { kind: 'answer', status, body: undefined, ...(message === null ? {} : { message }) }
        : { kind: 'pass' },
  };
}
