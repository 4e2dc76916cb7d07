/**
 * The API tests' requests through app.inject(): signing in through the real login, and a request
 * with a session cookie, a sandbox, a JSON body or an If-Match version. One place, so the tests
 * agree on how a sign-in and a signed-in request look, and a change of either is made once.
 * (`as` and `injectAs` in seed.ts give a persona a session without a login, for the many tests
 * that are not about signing in; a server in its own process: tests/bench/harness.ts `signIn`.)
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/passwords.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { SANDBOX_HEADER } from '../../server/sandbox/scope.ts';
import { endpointRequest } from './endpoints.ts';

export type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SignInOptions {
  /** The demo personas' password unless given. */
  password?: string;
  /** The sandbox to sign in to (its sessions are its own); the default state without. */
  sandbox?: string | null;
}

/**
 * Signs in through POST /api/v1/auth and answers the session's `cookie` header value. A sign-in
 * that does not answer 200 fails the test there, with the API's answer.
 */
export async function signInThrough(app: FastifyInstance, email: string, options: SignInOptions = {}): Promise<string> {
  const response = await app.inject({
    ...endpointRequest('signIn'),
    headers: options.sandbox ? { [SANDBOX_HEADER]: options.sandbox } : {},
    payload: { email, password: options.password ?? DEMO_PASSWORD },
  });
  expect(response.statusCode, `sign-in of ${email}: ${response.body}`).toBe(200);
  return sessionCookieOf(response);
}

/** The session cookie an answer set, as a `cookie` header value ('' when it set none). */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  return session ? `${SESSION_COOKIE}=${session.value}` : '';
}

export interface RequestOptions {
  /** A JSON body. */
  payload?: object;
  /** The sandbox the request works in. */
  sandbox?: string | null;
  /** The version the write was made against. */
  ifMatch?: string;
  /** Any other headers. */
  headers?: Record<string, string>;
}

/** A request with a session cookie ('' for none), and whatever else `options` names. */
export function injectWith(
  app: FastifyInstance,
  cookie: string,
  method: InjectMethod,
  url: string,
  options: RequestOptions = {},
) {
  const headers = {
    ...(cookie ? { cookie } : {}),
    ...(options.sandbox ? { [SANDBOX_HEADER]: options.sandbox } : {}),
    ...(options.ifMatch ? { 'if-match': options.ifMatch } : {}),
    ...options.headers,
  };
  return app.inject({ method, url, headers, ...(options.payload ? { payload: options.payload } : {}) });
}
