/**
 * User tracking (lamp-spec.md §7 "A user-tracking identify call", decisions.md §3): the one module
 * that talks to an analytics service. The sink is build-time configuration (PUBLIC_ANALYTICS_SINK,
 * src/shared/config.ts) and off by default, so nothing leaves the browser unless a deployment
 * asks for it:
 *
 *   ''                 off: identify does nothing
 *   'console'          each call is written to the browser console (demos, debugging)
 *   https URL or /path each call is POSTed there as JSON, without cookies; a failure is ignored
 *
 * A URL sink on another origin must be allowed by the page's Content-Security-Policy
 * (connect-src): this server's own policy allows only its own origin.
 */
import { readPublicConfig } from '../shared/config.ts';
import { LOGIN_QUERY_FLAG } from '../shared/constants.ts';

/** What the identify call sends: the user's name, e-mail and created date; the company's id, name and created date. */
export interface IdentifyPayload {
  type: 'identify';
  userId: string;
  user: { name: string; email: string; created_at: string };
  company: { id: string; name: string; created_at: string };
}

export type AnalyticsSink = { kind: 'off' } | { kind: 'console' } | { kind: 'http'; url: string };

export interface IdentifyUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  created_at: string;
}

export interface IdentifyCompany {
  id: string;
  name: string;
  created_at: string;
}

export function identifyPayload(user: IdentifyUser, company: IdentifyCompany): IdentifyPayload {
  return {
    type: 'identify',
    userId: user.id,
    user: { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email, created_at: user.created_at },
    company: { id: company.id, name: company.name, created_at: company.created_at },
  };
}

/** Reads the configured sink; anything unrecognised is off (a typo never sends data anywhere). */
export function parseAnalyticsSink(value: string): AnalyticsSink {
  const text = value.trim();
  if (text === 'console') return { kind: 'console' };
  if (/^https:\/\/[^\s/]+/i.test(text) || /^\/(?!\/)\S*$/.test(text)) return { kind: 'http', url: text };
  return { kind: 'off' };
}

/**
 * When the shell identifies (spec §7): on sign-in (the first account shown, with the login flag
 * in the query) and on an account switch (the account shown changes after that); null otherwise,
 * e.g. a reload or a visit without the flag.
 */
export function identifyMoment(
  previousAccountId: string | null,
  accountId: string,
  search: string,
): 'sign-in' | 'switch' | null {
  if (previousAccountId === null) return new URLSearchParams(search).has(LOGIN_QUERY_FLAG) ? 'sign-in' : null;
  return previousAccountId !== accountId ? 'switch' : null;
}

/** The last (user, company) identified in this tab: a reload does not repeat the call. */
const IDENTIFIED_KEY = 'lamp.analyticsIdentified';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export interface Analytics {
  /** Identifies the user in the company (the selected account): on sign-in and on account switch. */
  identify(user: IdentifyUser, company: IdentifyCompany): void;
  /** Forgets who was identified (sign-out), so the next sign-in is identified again. */
  reset(): void;
}

export function createAnalytics(
  sink: AnalyticsSink,
  send: (url: string, body: string) => Promise<unknown> = (url, body) =>
    fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      keepalive: true,
    }),
): Analytics {
  return {
    identify(user, company) {
      if (sink.kind === 'off') return;
      const key = `${user.id}:${company.id}`;
      if (storage()?.getItem(IDENTIFIED_KEY) === key) return;
      storage()?.setItem(IDENTIFIED_KEY, key);
      const payload = identifyPayload(user, company);
      if (sink.kind === 'console') {
        // eslint-disable-next-line no-console -- the console is this sink's whole point
        console.info('[analytics] identify', payload);
        return;
      }
      // Tracking must never disturb the product: a failed call is dropped.
      send(sink.url, JSON.stringify(payload)).catch(() => undefined);
    },
    reset() {
      storage()?.removeItem(IDENTIFIED_KEY);
    },
  };
}

export const analytics: Analytics = createAnalytics(
  parseAnalyticsSink(readPublicConfig(import.meta.env ?? {}).analyticsSink),
);
