/**
 * Who may use test control (`access: 'test-control'`, server/plugins/access.ts): reset, the
 * outbox and its links, throwaway users, sandboxes, faults, the clock.
 *
 * A request passes with the configured token (LAMP_TEST_CONTROL_TOKEN: other machines, a
 * container reached through its published port), or from this machine: a loopback client AND a
 * loopback Host. The client's address alone is no proof. A page on `rebind.evil.test` whose name
 * the attacker points at 127.0.0.1 after the page has loaded (DNS rebinding) sends its requests
 * from this machine's own browser, to this machine, with `Host: rebind.evil.test`, and to the
 * browser they are same-origin: it lets the page read the answers (the outbox's reset links). The
 * one thing such a page cannot choose is the Host, which names its own site, so test control
 * insists on a name that only ever means this machine (localhost, 127.0.0.0/8, [::1]) or one the
 * operator lists in LAMP_TEST_CONTROL_HOSTS (a name of their own that resolves here).
 */
import { hash, timingSafeEqual } from 'node:crypto';

/**
 * Whether the client is this machine. request.ip is the socket's peer, or, only when the
 * operator trusts a proxy (LAMP_TRUST_PROXY), the client that proxy names.
 */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/** The host name of a Host header (no port, IPv6 in brackets, lower case); null if malformed. */
export function hostName(host: string): string | null {
  try {
    // The URL parser is the browser's: it reads brackets, ports and numeric forms as a browser does.
    const url = new URL(`http://${host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.hostname;
  } catch {
    return null;
  }
}

const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Names that mean this machine wherever they are resolved. */
export function isLoopbackHostName(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || LOOPBACK_IPV4.test(name);
}

/** Whether the request's Host names this machine, or a name the operator listed. */
export function testControlHostAllowed(host: string, listed: readonly string[]): boolean {
  const name = hostName(host);
  if (name === null) return false;
  return isLoopbackHostName(name) || listed.includes(name);
}

/**
 * The first host name a request gives that test control does not answer at, or null when every
 * one is allowed. Both the Host header and X-Forwarded-Host count: behind a proxy that the server
 * trusts, request.host is X-Forwarded-Host, which a page can set on its own same-origin requests
 * (it is no forbidden header) and which a proxy that does not set it passes on; the Host header a
 * browser sends always names the page's own site.
 */
export function refusedTestControlHost(
  headers: { host?: string; 'x-forwarded-host'?: string | string[] },
  listed: readonly string[],
): string | null {
  const forwarded = headers['x-forwarded-host'] ?? [];
  const hosts = [
    headers.host ?? '',
    ...(Array.isArray(forwarded) ? forwarded : [forwarded]).flatMap((value) => value.split(',')),
  ];
  return hosts.map((host) => host.trim()).find((host) => !testControlHostAllowed(host, listed)) ?? null;
}

export function tokenMatches(expected: string | null, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(hash('sha256', expected, 'buffer'));
  const b = Buffer.from(hash('sha256', given, 'buffer'));
  return timingSafeEqual(a, b);
}
