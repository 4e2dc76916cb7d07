/**
 * Cookies through @fastify/cookie (the design card's plugin): the request's
 * cookies are parsed once for the session and the sandbox, a Cookie header with other sites'
 * cookies and junk in it still finds both, and signed cookies are available to any route that
 * needs one (signed with SESSION_SECRET).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { SANDBOX_COOKIE } from '../../server/sandbox/scope.ts';
import { buildSeededApp, PERSONA_IDS } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp({ sessionSecret: 's'.repeat(40) });
});
afterAll(() => app.close());

describe('cookies', () => {
  it('finds the session and the sandbox among other cookies and malformed ones', async () => {
    app.sandboxes.use('cookie-jar');
    const session = app.inSandbox('cookie-jar', () => app.sessions.create(PERSONA_IDS.admin));
    const response = await app.inject({
      url: '/api/v1/current-user',
      headers: {
        cookie: `_ga=GA1.2.3; broken=%E0%A4%A; ${SANDBOX_COOKIE}=cookie-jar; =x; ${SESSION_COOKIE}=${session}`,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: PERSONA_IDS.admin });
  });

  it('offers signed cookies, signed with the session secret', () => {
    const signed = app.signCookie('value');
    expect(signed).not.toBe('value');
    expect(app.unsignCookie(signed)).toEqual({ valid: true, renew: false, value: 'value' });
    expect(app.unsignCookie(`${signed}x`).valid).toBe(false);
  });
});
