/**
 * Links that end. A login link works once, as a reset link does; a password
 * change (by the current password or by a reset link) ends every link issued before it, and so
 * does a confirmed change of e-mail (the old address's links die with it).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { resetMessages } from '../../server/routes/auth/password.ts';
import { as, buildSeededApp, EMAILS, PASSWORD } from '../helpers/seed.ts';

const NEW_PASSWORD = 'Brisk-Otter-Lantern-42';
const OTHER_PASSWORD = 'Quiet-Harbour-Falcon-93';

let app: FastifyInstance;

async function issue(kind: 'login-link' | 'reset-password', email = EMAILS.reader) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/testing/outbox/links', payload: { kind, email } });
  expect(response.statusCode).toBe(201);
  return Object.fromEntries(new URL(response.json<{ link: string }>().link, 'http://x').searchParams);
}

const follow = (link: Record<string, string>) => app.inject({ url: '/api/v1/login-link', query: link });

const reset = (link: Record<string, string>, password = NEW_PASSWORD) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/reset-password',
    payload: { mac: link.m, user_id: link.u, time: Number(link.t), new_password: password },
  });

beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.db.reset();
});

describe('a login link', () => {
  it('works once', async () => {
    const link = await issue('login-link');
    expect((await follow(link)).statusCode).toBe(200);
    const again = await follow(link);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(messages.auth.loginLinkFailed);
    // Nor with its MAC in capitals.
    expect((await follow({ ...link, m: link.m?.toUpperCase() ?? '' })).statusCode).toBe(400);
  });
});

describe('a password change ends every outstanding link', () => {
  it('by the current password: login and reset links issued before it fail', async () => {
    const login = await issue('login-link');
    const resetLink = await issue('reset-password');
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      headers: as(app, 'reader'),
      payload: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect((await follow(login)).statusCode).toBe(400);
    const refused = await reset(resetLink, OTHER_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(resetMessages.invalidLink);
    // A link issued after the change works.
    expect((await follow(await issue('login-link'))).statusCode).toBe(200);
  });

  it('by a reset link: the other reset links and login links fail, and the used one says so', async () => {
    const first = await issue('reset-password');
    const second = await issue('reset-password');
    const login = await issue('login-link');
    expect((await reset(first)).statusCode).toBe(200);
    expect((await reset(second, OTHER_PASSWORD)).statusCode).toBe(400);
    expect((await follow(login)).statusCode).toBe(400);
    const reused = await reset(first, OTHER_PASSWORD);
    expect(reused.json<{ message: string }>().message).toBe(resetMessages.usedLink);
    expect((await reset({ ...first, m: first.m?.toUpperCase() ?? '' }, OTHER_PASSWORD)).statusCode).toBe(400);
  });
});

describe('a confirmed e-mail change ends the links of the old address', () => {
  it('refuses a reset link sent to the old address once the new one is confirmed', async () => {
    const old = await issue('reset-password');
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/user/update-current-user',
      headers: as(app, 'reader'),
      payload: { email: 'reader.new@northwind.test' },
    });
    expect(change.statusCode).toBe(200);
    const mail = await app.inject({ url: '/api/v1/testing/outbox', query: { to: 'reader.new@northwind.test' } });
    const confirm = mail.json<{ data: { link: string }[] }>().data[0]?.link ?? '';
    expect((await follow(Object.fromEntries(new URL(confirm, 'http://x').searchParams))).statusCode).toBe(200);
    expect((await reset(old)).statusCode).toBe(400);
  });
});
