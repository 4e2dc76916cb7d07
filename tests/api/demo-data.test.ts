import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_NAMES } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';
import { PASSWORD } from '../helpers/seed.ts';

/** The API over the committed demo fixtures: the personas sign in and every list answers. */
describe('the API over the demo fixtures', () => {
  let app: FastifyInstance;
  let cookie = '';
  beforeAll(async () => {
    app = await buildTestApp();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'super@lamp.test', password: PASSWORD },
    });
    expect(login.json()).toEqual({ success: true });
    cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  });
  afterAll(() => app.close());

  it('lists every resource for the super admin, in pages', async () => {
    for (const name of RESOURCE_NAMES) {
      const response = await app.inject({ url: `/api/v1/${name}?limit=25`, headers: { cookie } });
      expect(response.statusCode, name).toBe(200);
      const body = response.json<{ data: unknown[]; count: number }>();
      expect(body.data.length, name).toBeLessThanOrEqual(25);
      expect(Number(response.headers['x-total-count']), name).toBe(body.count);
    }
  });

  it('tells the unverified persona to verify the e-mail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'unverified@northwind.test', password: PASSWORD },
    });
    expect(response.json()).toEqual({ success: false, action_required: 'email_verification' });
  });
});
