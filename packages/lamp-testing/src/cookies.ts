/**
 * Cookies for Node's fetch, which keeps none: a jar for one LAMP server that reads the
 * Set-Cookie headers of each answer and sends the cookies back, as a browser would (the session
 * cookie after a sign-in, the sandbox cookie after an attach). Paths, domains and expiry dates
 * are not modelled: LAMP sets its cookies for the whole site, and clears one with an empty value
 * or Max-Age=0.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  set(name: string, value: string): void {
    if (value === '') this.#cookies.delete(name);
    else this.#cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** The Cookie header's value ('' for none). */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Takes the cookies an answer sets (and forgets those it clears). */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const cleared = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      this.set(pair.slice(0, at).trim(), cleared ? '' : pair.slice(at + 1).trim());
    }
  }

  /** A fetch that sends the jar's cookies and keeps those the answers set. */
  readonly fetch = async (
    input: string | URL,
    init: RequestInit = {},
    send: typeof fetch = fetch,
  ): Promise<Response> => {
    const headers = new Headers(init.headers);
    const cookie = this.header();
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const response = await send(input, { ...init, headers });
    this.take(response);
    return response;
  };
}
