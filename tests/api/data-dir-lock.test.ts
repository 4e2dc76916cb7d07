/**
 * Two servers on one data directory: the second refuses to start and names
 * the process that holds the directory, and the first goes on writing (a second start used to
 * delete its temporary file, and its next write failed with a 500); a clean shutdown frees the
 * directory; a killed server's lock is stale, taken over and reported (the kill -9 cycles of
 * crash.test.ts start on one each time; the cases are in tests/unit/server/store/data-lock.test.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { ROOT } from '../../scripts/lib.ts';
import { DATA_FILE, StoreClosedError } from '../../server/store/database.ts';
import { LOCK_FILE } from '../../server/store/data-lock.ts';
import { StoreRefusal } from '../../server/store/refusal.ts';
import { signIn, startLamp } from '../bench/harness.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';
import { signInThrough } from '../helpers/http.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'lamp-lock-'));

function createList(app: FastifyInstance, cookie: string, name: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/domain-list',
    headers: { cookie },
    payload: { account: ACCOUNT_IDS.northwind, name, type: 'allow', domains: ['example.com'] },
  });
}

const signInApp = (app: FastifyInstance) => signInThrough(app, 'writer@northwind.test');

/** server/main.ts on `dataDir` that is expected to refuse: its exit code and what it printed. */
function refusedStart(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LAMP_MODE: 'test', LAMP_DATA_DIR: dataDir, LAMP_SERVE_STATIC: 'false', PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('one server per data directory', () => {
  it('refuses a second app on the directory while the first goes on writing, until the first closes', async () => {
    const dir = freshDir();
    const first = await buildTestApp({ dataDir: dir });
    const before = readFileSync(path.join(dir, DATA_FILE), 'utf8');
    await expect(buildTestApp({ dataDir: dir })).rejects.toThrow(StoreRefusal);
    await expect(buildTestApp({ dataDir: dir })).rejects.toThrow(`The data directory ${dir} is in use`);
    // The refused start changed nothing; the first server's writes go on.
    expect(readFileSync(path.join(dir, DATA_FILE), 'utf8')).toBe(before);
    const cookie = await signInApp(first);
    expect((await createList(first, cookie, 'Written while another start was refused')).statusCode).toBe(201);
    await first.close();
    // Closed, it writes no more (the directory may be another server's now) and frees the directory.
    await expect(first.db.write()).rejects.toThrow(StoreClosedError);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const second = await buildTestApp({ dataDir: dir });
    const names = second.db.low.data.collections['domain-list'] as unknown as { name: string }[];
    expect(names.map((row) => row.name)).toContain('Written while another start was refused');
    await second.close();
  });

  it('names the server process that holds it, and a clean stop frees it', { timeout: 60_000 }, async () => {
    const dir = freshDir();
    const server = await startLamp({ LAMP_DATA_DIR: dir });
    onTestFinished(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    const holder = `process ${server.child.pid} on host ${hostname()}`;
    await expect(buildTestApp({ dataDir: dir })).rejects.toThrow(holder);
    // A second server process says so in plain words and stops.
    const refused = await refusedStart(dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The data directory ${dir} is in use by ${holder}`);
    expect(refused.stderr).not.toContain('    at '); // a message, not a stack
    // The first server was not disturbed.
    const cookie = await signIn(server.base, 'writer@northwind.test');
    const written = await fetch(`${server.base}/api/v1/domain-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ account: ACCOUNT_IDS.northwind, name: 'Still mine', type: 'allow', domains: ['a.com'] }),
    });
    expect(written.status).toBe(201);
    const stopped = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('frees the directory when a start is refused after the store opened', async () => {
    const config = productionConfig();
    const weak = { email: 'owner@example.com', password: 'password', firstName: 'O', lastName: 'W' };
    await expect(buildTestApp(config, { bootstrapAdmin: weak })).rejects.toThrow(/not strong enough/);
    expect(existsSync(path.join(config.dataDir!, LOCK_FILE))).toBe(false);
    const app = await buildTestApp(config);
    await app.close();
  });

  it('takes over the lock of a server that is gone, and says so', async () => {
    const dir = freshDir();
    // What a killed server leaves: its lock, naming a process that no longer runs.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const pid = Number(gone.stdout.trim());
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, host: hostname(), startedAt: 'earlier' }));
    const app = await buildTestApp({ dataDir: dir });
    expect(app.db.startNotes).toEqual([
      `took over the stale lock ${path.join(dir, LOCK_FILE)} of process ${pid} on ${hostname()} (started earlier), which is gone`,
    ]);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    await app.close();
  });
});
