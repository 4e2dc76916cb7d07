/**
 * Sessions live with the data: a restart or a deploy signs nobody out;
 * sign-out and expiry work as before; the data file holds only hashes of the session ids.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS, SessionStore } from '../../server/plugins/session.ts';
import { buildTestApp } from '../helpers/app.ts';
import { everyFileText } from '../helpers/data-dir.ts';
import { signInThrough } from '../helpers/http.ts';

const EMAIL = 'reader@northwind.test';

const signIn = (app: FastifyInstance) => signInThrough(app, EMAIL);

const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/v1/current-user', headers: { cookie } });

describe('sessions across a restart', () => {
  it('keep a signed-in user signed in, and keep a signed-out one out', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-sessions-'));
    const first = await buildTestApp({ dataDir });
    const kept = await signIn(first);
    const ended = await signIn(first);
    expect((await first.inject({ url: '/api/v1/unauth', headers: { cookie: ended } })).statusCode).toBe(200);
    await first.close();

    expect(everyFileText(dataDir)).not.toContain(kept.split('=')[1]);

    const second = await buildTestApp({ dataDir });
    expect((await me(second, kept)).statusCode).toBe(200);
    expect((await me(second, ended)).statusCode).toBe(401);
    // A reset of the data (test control) keeps sessions, as before.
    await second.inject({ method: 'POST', url: '/api/v1/testing/reset' });
    expect((await me(second, kept)).statusCode).toBe(200);
    await second.close();
  });

  it('still end after the idle time, restart or not', () => {
    let now = 1_000_000;
    const table = {};
    const store = new SessionStore(() => now, { table: () => table, save: () => undefined });
    const id = store.create('u1');
    const reopened = new SessionStore(() => now, { table: () => table, save: () => undefined });
    expect(reopened.touch(id)).toBe('u1');
    now += SESSION_IDLE_MS + 1;
    expect(reopened.touch(id)).toBeNull();
  });
});
