import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installProduction } from '../../scripts/install-production.ts';
import { ROOT, buildFrontEnd, frontEndIsStale } from '../../scripts/lib.ts';

/**
 * What the Dockerfile's runtime stage contains, started the way its CMD starts it: production
 * dependencies only, the built front end, demo mode under NODE_ENV=production, data in a folder.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no health at ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the production install (the Dockerfile runtime stage)', () => {
  it('installs without dev dependencies, starts, answers, and shuts down cleanly', { timeout: 240_000 }, async () => {
    if (frontEndIsStale()) buildFrontEnd();
    const target = mkdtempSync(path.join(tmpdir(), 'lamp-prod-'));
    installProduction(ROOT, target);
    expect(existsSync(path.join(target, 'node_modules', 'fastify'))).toBe(true);
    expect(existsSync(path.join(target, 'node_modules', 'astro'))).toBe(false);
    expect(existsSync(path.join(target, 'node_modules', 'react'))).toBe(false);

    const port = await freePort();
    const dataDir = path.join(target, 'data');
    const server = spawn(process.execPath, ['server/main.ts'], {
      cwd: target,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LAMP_MODE: 'demo',
        HOST: '127.0.0.1',
        PORT: String(port),
        LAMP_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      const health = await waitForHealth(`${base}/api/health`, Date.now() + 30_000);
      expect(await health.json()).toMatchObject({ status: 'ok', mode: 'demo' });
      expect(await (await fetch(`${base}/login`)).text()).toContain('Attention Measurement Platform');
      const deepLink = await fetch(`${base}/measurements/abc/edit`);
      expect(deepLink.status).toBe(200);
      expect(await deepLink.text()).toContain('astro-island');
      const unknown = await fetch(`${base}/api/v1/anything-unknown`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ statusCode: 404 });
      // Data lives in the folder, written atomically by lowdb.
      expect(JSON.parse(readFileSync(path.join(dataDir, 'lamp.json'), 'utf8'))).toHaveProperty('collections');
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
