/**
 * Mail and floods (issue 51, item 6), as a client meets them: a report name with CR and LF reaches
 * a scheduled report's subject on one line; forgotten-password answers every call the same but
 * sends an address at most RESET_MAILS_PER_HOUR reset e-mails an hour; a form post to it from a
 * page on another site is refused; and change-password stops taking current-password guesses
 * after the sign-in limit, with a 429 that says how long to wait (Retry-After).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { DEMO_PASSWORD } from '../../fixtures/passwords.ts';
import { DEFAULT_THROTTLE_LIMITS } from '../../server/auth/throttle.ts';
import { RESET_MAILS_PER_HOUR } from '../../server/routes/auth/password.ts';
import { messages } from '../../src/shared/messages.ts';
import type { OutboxMessage } from '../../src/shared/schemas/self-service.ts';
import { buildTestApp } from '../helpers/app.ts';
import { savedReportBody } from '../helpers/bodies.ts';
import { injectWith, signInThrough } from '../helpers/http.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://lamp.example.com' });
}, 60_000);
afterAll(() => app.close());
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/api/v1/testing/reset' });
  await setClock('2026-10-29T12:00:00.000Z');
});

const setClock = (now: string) =>
  app.inject({ method: 'PUT', url: '/api/v1/testing/clock', payload: { now, frozen: true } });
const outbox = async (to: string) =>
  (await app.inject({ url: `/api/v1/testing/outbox?to=${encodeURIComponent(to)}` })).json<{ data: OutboxMessage[] }>()
    .data;

describe('mail headers', () => {
  it('puts a report name with CR and LF on one line in the subject', async () => {
    const cookie = await signInThrough(app, 'writer@northwind.test');
    const name = 'Weekly\r\nBcc: someone@evil.example\r\n\r\nHello';
    const report = await injectWith(app, cookie, 'POST', '/api/v1/saved-report', {
      payload: savedReportBody(name, ACCOUNT_IDS.northwind),
    });
    expect(report.statusCode, report.body).toBe(201);
    const schedule = await injectWith(app, cookie, 'POST', '/api/v1/report-schedule', {
      payload: {
        account: ACCOUNT_IDS.northwind,
        report: report.json<{ data: { id: string } }>().data.id,
        frequency: 'weekly',
        weekday: 'monday',
        month_day: null,
        time: '09:00',
        time_zone: 'Europe/London',
        recipients: ['writer@northwind.test'],
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const id = schedule.json<{ data: { id: string } }>().data.id;
    const ran = await injectWith(app, cookie, 'POST', `/api/v1/report-schedule/run?id=${id}`);
    expect(ran.statusCode, ran.body).toBe(201);
    const [mail] = (await outbox('writer@northwind.test')).filter((message) => message.kind === 'scheduled-report');
    expect(mail?.subject).toMatch(/^Weekly Bcc: someone@evil\.example Hello: /);
    for (const header of [mail!.subject, mail!.to, ...(mail!.attachments ?? []).map((file) => file.filename)])
      expect(header).not.toMatch(/\p{Cc}/u);
  });
});

describe('forgotten-password', () => {
  const ask = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/forgotten-password',
      payload: 'email=reader%40northwind.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('answers every call the same and sends an address at most a few reset e-mails an hour', async () => {
    for (let call = 0; call < 10; call += 1) {
      const response = await ask();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: messages.auth.forgotPasswordSuccess });
    }
    const resets = () =>
      outbox('reader@northwind.test').then((mails) => mails.filter((m) => m.kind === 'reset-password'));
    expect(await resets()).toHaveLength(RESET_MAILS_PER_HOUR);
    // An hour after the first, the address can ask again.
    await setClock('2026-10-29T13:00:01.000Z');
    expect((await ask()).statusCode).toBe(200);
    expect(await resets()).toHaveLength(RESET_MAILS_PER_HOUR + 1);
  });

  it('refuses a form post from a page on another site, and sends nothing', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const response = await ask(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ message: messages.api.crossSiteRefused });
    }
    expect(await outbox('reader@northwind.test')).toEqual([]);
    // The app's own page (LAMP_PUBLIC_URL) still may.
    expect((await ask({ origin: 'https://lamp.example.com', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await outbox('reader@northwind.test')).toHaveLength(1);
  });
});

describe('change-password', () => {
  it('stops taking current-password guesses after the sign-in limit: 429 with Retry-After, then again after the window', async () => {
    const cookie = await signInThrough(app, 'writer@northwind.test');
    const change = (current: string) =>
      injectWith(app, cookie, 'POST', '/api/v1/reset-password', {
        payload: { current_password: current, new_password: 'A much longer Passphrase 2026!' },
      });
    for (let guess = 0; guess < DEFAULT_THROTTLE_LIMITS.perEmailAndAddress; guess += 1) {
      const wrong = await change(`wrong-${guess}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ message: string }>().message).toBe(messages.auth.changePasswordFallback);
    }
    // Even the right password waits: a guesser learns nothing from the answer.
    for (const current of ['wrong-again', DEMO_PASSWORD]) {
      const held = await change(current);
      expect(held.statusCode).toBe(429);
      expect(held.json<{ message: string }>().message).toBe(messages.auth.tooManyPasswordGuesses(15));
      expect(held.headers['retry-after']).toBe(String(DEFAULT_THROTTLE_LIMITS.windowMs / 1000));
    }
    await setClock('2026-10-29T12:15:01.000Z');
    const changed = await change(DEMO_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
