/**
 * A LAMP server for the scripts that look at the product from outside (Lighthouse, the README's
 * screenshots): the one named by LAMP_URL, or a fresh one started here in test mode on a free port
 * (the built front end, the demo data in memory), stopped again when the script ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { DEMO_PASSWORD } from '../fixtures/passwords.ts';
import { freePort } from '../tests/support/free-port.ts';
import { ROOT, toolEnv } from './lib.ts';

export interface DemoServer {
  base: string;
  stop(): Promise<void>;
}

async function waitForHealth(base: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No answer from ${base}/api/health`);
}

/**
 * `staticDir` serves another build of the front end (a benchmark's "before"); `root` serves another
 * checkout (to compare two versions of the product). Either starts a server of its own even when
 * LAMP_URL is set.
 */
export async function demoServer({
  staticDir,
  root = ROOT,
}: { staticDir?: string; root?: string } = {}): Promise<DemoServer> {
  if (process.env.LAMP_URL && !staticDir && root === ROOT)
    return { base: process.env.LAMP_URL.replace(/\/+$/, ''), stop: async () => {} };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting LAMP on ${base} (set LAMP_URL to use a server that is already running)…`);
  // Another build is served as it is: start.ts would first rebuild this checkout's dist/.
  const child = spawn(process.execPath, [staticDir ? 'server/main.ts' : 'scripts/start.ts'], {
    cwd: root,
    env: toolEnv({
      LAMP_MODE: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LAMP_DATA_DIR: '',
      LOG_LEVEL: 'warn',
      ...(staticDir ? { LAMP_STATIC_DIR: staticDir } : {}),
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(base, child, Date.now() + 180_000);
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs a demo persona in through the API; answers the Cookie header of its session. */
export async function personaCookie(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing in ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** GET a JSON API path with a session. */
export async function apiGet<T>(base: string, cookie: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A report with figures whatever today is: the builder over every measurement of October 2026,
 * the month before the demo data's fixed clock (1 November 2026), grouped by channel.
 */
export const REPORT_PATH = '/reports?startDate=2026-10-01&endDate=2026-10-31&measurement=*&groupBy=channel';
