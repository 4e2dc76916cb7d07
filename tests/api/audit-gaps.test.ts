/**
 * The audit trail's gaps of issue 51 (item 5), as a reader of the trail meets them: the writes of
 * GET routes (the login link that makes a pending address the e-mail, Spotlight onboarding) are
 * recorded like any write's, and a grant an account's admin gives, changes or takes from an
 * outside user is in that account's trail, not only the user's home account's.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/shared/schemas/audit-event.ts';
import type { OutboxMessage } from '../../src/shared/schemas/self-service.ts';
import { as, buildSeededApp, injectAs, OWN, PERSONA_IDS } from '../helpers/seed.ts';
import type { Persona } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

/** The records root or super reads, oldest first: one account's, or every account's (super). */
async function trail(query: string, persona: Persona = 'super'): Promise<AuditEvent[]> {
  const answer = await injectAs(app, persona, 'GET', `/api/v1/audit-event?sort=asc(at)&limit=5000&${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: AuditEvent[] }>().data;
}

describe('writes made through GET routes, and through e-mailed links', () => {
  it('records the login link that makes the pending address the e-mail', async () => {
    const next = 'reader.new@northwind.test';
    const staged = await injectAs(app, 'reader', 'POST', '/api/v1/user/update-current-user', { email: next });
    expect(staged.statusCode, staged.body).toBe(200);
    const outbox = await app.inject({ url: `/api/v1/testing/outbox?to=${encodeURIComponent(next)}` });
    const link = outbox.json<{ data: OutboxMessage[] }>().data.find((mail) => mail.kind === 'email-change')!.link;

    const followed = await app.inject({ url: link.replace('/login-link?', '/api/v1/login-link?') });
    expect(followed.statusCode, followed.body).toBe(200);
    // The update of the user's row (as a password reset through its link records one).
    const records = await trail(`resource=user&record_id=${PERSONA_IDS.reader}&action=update`);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      // Nobody is signed in yet: the actor is the user whose link it is.
      actor: { id: PERSONA_IDS.reader, email: 'reader@northwind.test' },
      account: OWN,
      before: { email: 'reader@northwind.test', pending_email: next },
      after: { email: next, pending_email: null },
    });
  });

  it('names the user whose reset link sets a new password as the actor', async () => {
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      payload: { kind: 'reset-password', email: 'writer@northwind.test' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const link = new URL(issued.json<{ link: string }>().link, 'http://x').searchParams;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: {
        mac: link.get('m'),
        time: Number(link.get('t')),
        user_id: link.get('u'),
        new_password: 'Audit-Walk-2026-Reset!',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const records = await trail(`resource=user&record_id=${PERSONA_IDS.writer}`);
    expect(records.at(-1)).toMatchObject({ actor: { id: PERSONA_IDS.writer }, after: { password_hash: '[redacted]' } });
  });

  it('records Spotlight onboarding (the company and the Spotlight user it creates) in the account it is for', async () => {
    const account = app.repositories.user.byId(PERSONA_IDS.selfserve)!.account;
    const query = new URLSearchParams({
      username: 'Self Serve',
      external_id: PERSONA_IDS.selfserve,
      company_name: 'Fabrikam',
      company_id: account,
    });
    const created = await app.inject({ url: `/api/spotlight-auth?${query.toString()}`, headers: as(app, 'selfserve') });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ success: true });
    const records = (await trail(`account=${account}`)).filter((record) => record.resource.startsWith('spotlight-'));
    expect(records.map((record) => [record.resource, record.action])).toEqual([
      ['spotlight-company', 'create'],
      ['spotlight-user', 'create'],
    ]);
    expect(records.every((record) => record.actor?.id === PERSONA_IDS.selfserve)).toBe(true);
  });
});

describe('a grant to an outside user', () => {
  it('is in the trail of the account it is for when it is given, changed and taken away', async () => {
    const partner = PERSONA_IDS.partner;
    const grant = await injectAs(app, 'admin', 'POST', '/api/v1/account-users/grant', {
      user: partner,
      account: OWN,
      role: 'read',
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const role = await injectAs(app, 'admin', 'PUT', '/api/v1/account-users/role', {
      user: partner,
      account: OWN,
      role: 'write',
    });
    expect(role.statusCode, role.body).toBe(200);
    const removed = await injectAs(app, 'admin', 'DELETE', `/api/v1/account-users?user=${partner}&account=${OWN}`);
    expect(removed.statusCode, removed.body).toBe(204);

    const northwind = await trail(`account=${OWN}&resource=user&record_id=${partner}`, 'root');
    expect(northwind.map((record) => record.action)).toEqual(['grant', 'role', 'update']);
    expect(northwind.every((record) => record.actor?.id === PERSONA_IDS.admin)).toBe(true);
    expect(northwind[0]!.after?.access_grants).toContainEqual({ id: OWN, type: 'account', role: 'read' });
  });
});
