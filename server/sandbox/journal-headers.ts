/**
 * What the journal keeps of a request's headers: every header, its name in lower case (as
 * Node gives it), a repeated one joined with ', ', and the values that carry credentials
 * replaced by "[redacted]" as a body's secrets are (server/sandbox/journal.ts): cookies (the
 * session), authorization (Spotlight's token), the test-control token, and any header named like
 * password, secret or token.
 */
import { REDACTED } from '../../src/shared/schemas/test-traffic.ts';

const CREDENTIALS = new Set(['cookie', 'authorization', 'proxy-authorization', 'x-lamp-test-control-token']);
const SECRET_NAME = /password|secret|token/i;

export function journalHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  // A Map, then fromEntries: a `__proto__` header stays a key instead of setting a prototype.
  const kept = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const secret = CREDENTIALS.has(name) || SECRET_NAME.test(name);
    kept.set(name, secret ? REDACTED : Array.isArray(value) ? value.join(', ') : value);
  }
  return Object.fromEntries(kept);
}
