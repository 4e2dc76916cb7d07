/**
 * Authorisation before validation: a user without the role for a write gets
 * 403 before the body is checked, so a reader learns nothing about the schema by probing it.
 * A user who may write still gets the 400 that names the bad fields.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { as, buildSeededApp, FOREIGN, OWN, ROW_IDS } from '../helpers/seed.ts';

describe('authorisation before validation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp();
  });
  afterAll(() => app.close());

  const bad = { name: '', status: 'nonsense', start_date: 'soon', unknown_field: 1 };

  it('answers a reader POSTing a bad measurement with 403, not the schema complaints', async () => {
    for (const payload of [bad, { ...bad, account: OWN }, {}]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/measurement',
        headers: as(app, 'reader'),
        payload,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(messages.access.writeRefused);
    }
  });

  it('answers a writer naming a foreign account with 403 before the body is checked', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/measurement',
      headers: as(app, 'writer'),
      payload: { ...bad, account: FOREIGN },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers a reader PUTting a bad body with 403', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/measurement?id=${ROW_IDS.measurement?.own}`,
      headers: as(app, 'reader'),
      payload: bad,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers a writer on a root-only resource with 403 whatever the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/project',
      headers: as(app, 'writer'),
      payload: { nonsense: true },
    });
    expect(response.statusCode).toBe(403);
  });

  it('still tells a writer which fields are wrong', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/measurement',
      headers: as(app, 'writer'),
      payload: { ...bad, account: OWN },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/name|status|unknown/);
    const missingAccount = await app.inject({
      method: 'POST',
      url: '/api/v1/measurement',
      headers: as(app, 'writer'),
      payload: bad,
    });
    expect(missingAccount.statusCode).toBe(400);
  });
});
