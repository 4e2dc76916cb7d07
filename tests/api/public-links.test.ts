/**
 * Links in e-mails come from the configured public base URL: a forged Host
 * or X-Forwarded-Host must not put a link to another site into a reset, login or invitation
 * e-mail.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { readOutbox } from '../../server/mail/outbox.ts';
import { TEST_CONTROL_HEADER } from '../../server/plugins/access.ts';
import { buildSeededApp, EMAILS } from '../helpers/seed.ts';

const PUBLIC_URL = 'https://lamp.example.com';
const TOKEN = 't'.repeat(40);

describe('links in e-mails', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  const forgotten = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/forgotten-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: `email=${encodeURIComponent(EMAILS.reader)}`,
    });

  it('ignore a forged Host header', async () => {
    const app = await buildSeededApp({ publicUrl: PUBLIC_URL });
    apps.push(app);
    expect((await forgotten(app, { host: 'evil.example' })).statusCode).toBe(200);
    const [message] = readOutbox(app, EMAILS.reader);
    expect(message?.url.startsWith(`${PUBLIC_URL}/reset-password?`)).toBe(true);
    expect(message?.text).not.toContain('evil.example');
  });

  it('ignore X-Forwarded-Host and X-Forwarded-Proto even behind a trusted proxy', async () => {
    const app = await buildSeededApp({ publicUrl: PUBLIC_URL, trustProxy: true });
    apps.push(app);
    await forgotten(app, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    const [message] = readOutbox(app, EMAILS.reader);
    expect(message?.url.startsWith(`${PUBLIC_URL}/reset-password?`)).toBe(true);
  });

  it('come from the same base in the test-control link route', async () => {
    // The token: test control answers this machine only at a loopback Host (DNS rebinding), and a
    // remote client with the token may name any Host.
    const app = await buildSeededApp({ publicUrl: PUBLIC_URL, testControlToken: TOKEN });
    apps.push(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      headers: { host: 'evil.example', [TEST_CONTROL_HEADER]: TOKEN },
      payload: { kind: 'login-link', email: EMAILS.reader },
    });
    expect(response.json<{ url: string }>().url.startsWith(`${PUBLIC_URL}/login-link?`)).toBe(true);
  });
});

describe('LAMP_PUBLIC_URL', () => {
  it('defaults to the address the server prints, so a followed link keeps its cookies', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
  });

  it('is required in production, and must be an http(s) origin', () => {
    const base = {
      LAMP_MODE: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      LINK_SECRET: 'x'.repeat(40),
      LAMP_DATA_DIR: '/data',
    };
    expect(() => loadConfig(base)).toThrow(/LAMP_PUBLIC_URL/);
    expect(() => loadConfig({ ...base, LAMP_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, LAMP_PUBLIC_URL: 'https://lamp.example.com/' }).publicUrl).toBe(PUBLIC_URL);
  });
});
