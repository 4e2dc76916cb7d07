/**
 * A front end hosted on another origin (a CDN) reads the API when LAMP_CORS_ORIGINS names it:
 * preflights are answered, credentials allowed, and other origins get no CORS headers.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

const FRONT_END = 'https://app.example';

describe('CORS for a front end on another origin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ corsOrigins: [FRONT_END] });
  });
  afterAll(() => app.close());

  it('answers a preflight from the configured origin, with credentials allowed', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/measurement',
      headers: { origin: FRONT_END, 'access-control-request-method': 'PUT' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('lets the configured origin read responses, and no other', async () => {
    const allowed = await app.inject({ url: '/api/health', headers: { origin: FRONT_END } });
    expect(allowed.headers['access-control-allow-origin']).toBe(FRONT_END);
    const foreign = await app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('still asks for a session: CORS opens no data', async () => {
    const response = await app.inject({ url: '/api/v1/measurement', headers: { origin: FRONT_END } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an OPTIONS request that is not a preflight', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/api/v1/measurement' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Invalid Preflight Request');
  });
});
