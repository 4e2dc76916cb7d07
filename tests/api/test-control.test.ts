/**
 * Test control in a reachable demo: the test-control routes (reset, the
 * outbox and its links, throwaway users, the outbox page) answer only to loopback clients or to
 * requests carrying the configured token. Persona sign-in stays open: it is the demo.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONTROL_HEADER } from '../../server/plugins/access.ts';
import { buildSeededApp, EMAILS } from '../helpers/seed.ts';

const REMOTE = '203.0.113.9';
const TOKEN = 't'.repeat(40);

const CONTROL_CALLS = [
  { method: 'POST', url: '/api/v1/testing/reset' },
  { method: 'GET', url: '/api/v1/testing/outbox' },
  { method: 'DELETE', url: '/api/v1/testing/outbox' },
  { method: 'POST', url: '/api/v1/testing/outbox/links', payload: { kind: 'reset-password', email: EMAILS.super } },
  { method: 'POST', url: '/api/v1/testing/users', payload: {} },
  { method: 'GET', url: '/outbox' },
] as const;

describe('test control in demo mode', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSeededApp({ mode: 'demo', testControlToken: TOKEN });
  });
  afterAll(() => app.close());

  it('refuses every test-control route to a remote client without the token, and changes nothing', async () => {
    const before = app.repositories.collection('outbox-message', null).count();
    for (const call of CONTROL_CALLS) {
      const response = await app.inject({ ...call, remoteAddress: REMOTE });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.body).not.toContain('/reset-password?');
    }
    expect(app.repositories.collection('outbox-message', null).count()).toBe(before);
  });

  it('refuses a wrong token', async () => {
    const response = await app.inject({
      url: '/api/v1/testing/outbox',
      remoteAddress: REMOTE,
      headers: { [TEST_CONTROL_HEADER]: 'x'.repeat(40) },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers a remote client with the token', async () => {
    const response = await app.inject({
      url: '/api/v1/testing/outbox',
      remoteAddress: REMOTE,
      headers: { [TEST_CONTROL_HEADER]: TOKEN },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers loopback clients (IPv4 and IPv6) as before', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await app.inject({ url: '/api/v1/testing/outbox', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
  });

  it('is not fooled by a forged X-Forwarded-For when no proxy is trusted', async () => {
    const response = await app.inject({
      url: '/api/v1/testing/outbox',
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('keeps persona sign-in open to everyone', async () => {
    const response = await app.inject({ url: '/api/v1/demo/personas', remoteAddress: REMOTE });
    expect(response.statusCode).toBe(200);
  });
});

describe('test control behind a trusted proxy', () => {
  it('judges the client the proxy names, not the proxy itself', async () => {
    const app = await buildSeededApp({ mode: 'demo', trustProxy: true });
    const viaProxy = await app.inject({
      url: '/api/v1/testing/outbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': REMOTE },
    });
    expect(viaProxy.statusCode).toBe(403);
    await app.close();
  });

  it('has no token unless one is configured: remote clients are refused', async () => {
    const app = await buildSeededApp({ mode: 'demo' });
    const response = await app.inject({
      url: '/api/v1/testing/outbox',
      remoteAddress: REMOTE,
      headers: { [TEST_CONTROL_HEADER]: '' },
    });
    expect(response.statusCode).toBe(403);
    await app.close();
  });
});
