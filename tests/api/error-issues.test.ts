import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuesFromMessage } from '../../server/plugins/errors.ts';
import { messages } from '../../src/shared/messages.ts';
import { measurementBody } from '../helpers/bodies.ts';
import { as, buildSeededApp, EMAILS, OWN, type Persona } from '../helpers/seed.ts';

interface ErrorBody {
  statusCode: number;
  message: string;
  issues?: { path: string; message: string }[];
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

const send = (persona: Persona, method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: as(app, persona), payload });

describe('400 bodies name each bad field in issues', () => {
  it('a body that fails its schema: one issue per field, beside the one-line message', async () => {
    const response = await send('writer', 'POST', '/api/v1/measurement', {
      ...measurementBody(OWN),
      name: '',
      end_date: 'soon',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.issues?.map((issue) => issue.path).sort()).toEqual(['end_date', 'name']);
    for (const issue of body.issues ?? []) expect(body.message).toContain(`${issue.path}: ${issue.message}`);
  });

  it('unknown fields are one issue each', async () => {
    const response = await send('writer', 'POST', '/api/v1/measurement', { ...measurementBody(OWN), a: 1, b: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues).toEqual([
      { path: 'a', message: 'unknown field' },
      { path: 'b', message: 'unknown field' },
    ]);
  });

  it('a route validated by its own schema names unknown keys the same way, at any depth', async () => {
    // The faults route is validated by Fastify with its zod schema, not by a parse in the handler.
    const faults = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/testing/faults', headers: { 'x-lamp-sandbox': 'issues' }, payload });
    const top = await faults({ status: 503, colour: 'red', size: 2 });
    expect(top.statusCode).toBe(400);
    expect(top.json<ErrorBody>()).toMatchObject({
      message: 'colour, size: unknown fields',
      issues: [
        { path: 'colour', message: 'unknown field' },
        { path: 'size', message: 'unknown field' },
      ],
    });
    const nested = await faults({ delay: { min: 1, max: 2, step: 1 } });
    expect(nested.json<ErrorBody>().issues).toEqual([{ path: 'delay.step', message: 'unknown field' }]);
    const query = await app.inject({
      url: '/api/v1/testing/journal?colour=red',
      headers: { 'x-lamp-sandbox': 'issues' },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json<ErrorBody>().issues).toEqual([{ path: 'querystring.colour', message: 'unknown field' }]);
    // Nothing was kept.
    const rules = await app.inject({ url: '/api/v1/testing/faults', headers: { 'x-lamp-sandbox': 'issues' } });
    expect(rules.json()).toEqual({ data: [], count: 0 });
  });

  it('a bad query parameter is an issue on that parameter', async () => {
    const response = await app.inject({ url: '/api/v1/measurement?limit=abc', headers: as(app, 'reader') });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues).toEqual([{ path: 'limit', message: expect.any(String) as string }]);
  });

  it('a reference the user may not use is an issue on its field', async () => {
    const response = await send('writer', 'POST', '/api/v1/measurement', {
      ...measurementBody(OWN),
      labels: ['ffffffffffffffffffffffff'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues?.[0]?.path).toBe('labels');
  });

  it('an e-mail clash is a 409 with one wording, on the email field, from the engine and the profile', async () => {
    const created = await send('admin', 'POST', '/api/v1/user', {
      account: OWN,
      first_name: 'Clash',
      last_name: 'Test',
      email: EMAILS.reader,
      super_admin: false,
      access_grants: [{ id: OWN, type: 'account', role: 'read' }],
      root_account_access_grants: [],
      viewed_marketing_consent: false,
      marketing_consent: false,
    });
    expect(created.statusCode).toBe(409);
    expect(created.json<ErrorBody>().issues).toEqual([{ path: 'email', message: messages.api.emailTaken }]);
    const profile = await send('writer', 'POST', '/api/v1/user/update-current-user', { email: EMAILS.reader });
    expect(profile.statusCode).toBe(409);
    expect(profile.json<ErrorBody>().issues).toEqual([{ path: 'email', message: messages.api.emailTaken }]);
    expect(profile.json<ErrorBody>().message).toBe(created.json<ErrorBody>().message);
  });
});

describe('issuesFromMessage', () => {
  it('splits "path: text" parts, and keeps a message without a field as a whole-input issue', () => {
    expect(issuesFromMessage('limit: must be a whole number; sort: bad')).toEqual([
      { path: 'limit', message: 'must be a whole number' },
      { path: 'sort', message: 'bad' },
    ]);
    expect(issuesFromMessage('a, b: unknown fields')).toEqual([
      { path: 'a', message: 'unknown fields' },
      { path: 'b', message: 'unknown fields' },
    ]);
    expect(issuesFromMessage('Something is wrong')).toEqual([{ path: '', message: 'Something is wrong' }]);
  });
});
