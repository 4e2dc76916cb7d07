/**
 * The server side of the workspace pages (issue 11): lean creates, user invitations and access,
 * label deletion rules, and billing's derived fields.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, buildSeededApp, OWN, type Persona } from '../helpers/seed.ts';

interface One {
  data: Record<string, unknown>;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const send = (persona: Persona, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as(app, persona), ...(payload ? { payload } : {}) });

describe('create inputs', () => {
  it('take only what the client means: lists default to [] and nullable references to null', async () => {
    const response = await send('writer', 'POST', '/api/v1/measurement', {
      account: OWN,
      name: 'Lean flight',
      status: 'draft',
      start_date: '2026-09-01',
      end_date: '2026-09-30',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<One>().data).toMatchObject({ labels: [], channels: [], project: null, contract: null });
  });
});
