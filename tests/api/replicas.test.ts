/**
 * Scaling out: two self-contained replicas (each its own data directory) behind nginx with
 * deploy/nginx-replicas.conf. Several sandboxes work in parallel, by header and by cookie; each is
 * served by one replica throughout (nginx names it in X-Lamp-Replica), its session and rows are
 * there on every request, and the sandboxes are spread over both replicas. The browser suite runs
 * the same way with `npm run test:replicas` (playwright.replicas.config.ts).
 *
 * Skipped where nginx is not installed (Debian: apt-get install nginx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { DEMO_PASSWORD } from '../../server/routes/testing/outbox.ts';
import { freePort, startLamp, waitFor, type Server } from '../bench/harness.ts';
import { lampPrefer } from '../../packages/lamp-testing/src/index.ts';
import { NGINX, NGINX_MISSING, writeNginxSite } from '../support/nginx-replicas.ts';

const SANDBOXES = 8;
const ROUNDS = 6;

const TITLE = NGINX ? 'two replicas behind nginx' : `two replicas behind nginx: skipped, ${NGINX_MISSING}`;

describe.skipIf(!NGINX)(TITLE, () => {
  const replicas: Server[] = [];
  let proxy: ChildProcess | null = null;
  let base = '';

  beforeAll(async () => {
    for (let n = 0; n < 2; n += 1) {
      replicas.push(await startLamp({ LAMP_DATA_DIR: mkdtempSync(path.join(tmpdir(), `lamp-replica-${n}-`)) }));
    }
    const site = writeNginxSite({
      prefix: mkdtempSync(path.join(tmpdir(), 'lamp-nginx-')),
      port: await freePort(),
      replicas: replicas.map((replica) => new URL(replica.base).host),
    });
    proxy = spawn(NGINX!, site.args, { stdio: ['ignore', 'inherit', 'inherit'] });
    base = site.base;
    await waitFor(`${base}/api/health`, proxy, 30_000);
  }, 120_000);

  afterAll(() => {
    proxy?.kill('SIGTERM');
    for (const replica of replicas) replica.child.kill('SIGTERM');
  });

  /** One sandbox's work, each answer's replica recorded. */
  async function work(sandbox: string, byCookie: boolean): Promise<Set<string>> {
    const seen = new Set<string>();
    const named: Record<string, string> = byCookie ? {} : { 'x-lamp-sandbox': sandbox };
    const cookies = byCookie ? [`lamp_sandbox=${sandbox}`] : [];
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...named,
          ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      seen.add(response.headers.get('x-lamp-replica') ?? 'none');
      return response;
    };
    const login = await call('POST', '/api/v1/auth', { email: 'writer@northwind.test', password: DEMO_PASSWORD });
    expect(login.status, await login.clone().text()).toBe(200);
    cookies.push((login.headers.get('set-cookie') ?? '').split(';')[0]!);
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `${sandbox} list ${round}`;
      const created = await call('POST', '/api/v1/domain-list', {
        account: ACCOUNT_IDS.northwind,
        name,
        type: 'allow',
        domains: ['example.com'],
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const lists = await call('GET', `/api/v1/domain-list?account=${ACCOUNT_IDS.northwind}&limit=100`);
      const names = ((await lists.json()) as { data: { name: string }[] }).data.map((row) => row.name);
      // The sandbox's own rows, and no other sandbox's: it is on one replica, alone.
      expect(names).toContain(name);
      expect(names.filter((listName) => listName.includes(' list ') && !listName.startsWith(`${sandbox} `))).toEqual(
        [],
      );
    }
    return seen;
  }

  it('keeps every sandbox on one replica while several run in parallel, and uses both', async () => {
    // Where a name lands depends on the replicas' addresses (free ports, new each run): eight fixed
    // names all landed on one replica about once in a few hundred runs. So the hash places a pool
    // of names first, and the test works in half of its sandboxes on each replica.
    const pool = Array.from({ length: 2 * SANDBOXES }, (_, n) => `replica-test-${n}`);
    const placed = await Promise.all(
      pool.map(async (name) => {
        const response = await fetch(`${base}/api/health`, { headers: { 'x-lamp-sandbox': name } });
        return { name, replica: response.headers.get('x-lamp-replica') ?? 'none' };
      }),
    );
    const byReplica = Map.groupBy(placed, (place) => place.replica);
    expect(byReplica.size, 'the hash spreads the sandboxes over both replicas').toBe(2);
    const [first = [], second = []] = [...byReplica.values()].map((places) => places.map((place) => place.name));
    const fromFirst = Math.min(first.length, Math.max(SANDBOXES / 2, SANDBOXES - second.length));
    const names = [...first.slice(0, fromFirst), ...second.slice(0, SANDBOXES - fromFirst)];
    const seen = await Promise.all(names.map((name, n) => work(name, n % 2 === 1)));
    for (const [n, replicasSeen] of seen.entries()) {
      expect([...replicasSeen], names[n]).toHaveLength(1);
      expect([...replicasSeen][0], names[n]).not.toBe('none');
    }
    const used = new Set(seen.map((replicasSeen) => [...replicasSeen][0]));
    expect(used.size, 'the sandboxes are spread over both replicas').toBe(2);
  }, 120_000);

  it('sends the header and the cookie of one sandbox to the same replica', async () => {
    const replicaOf = async (headers: Record<string, string>) =>
      (await fetch(`${base}/api/health`, { headers })).headers.get('x-lamp-replica');
    for (const name of ['alpha', 'beta', 'gamma', 'delta']) {
      expect(await replicaOf({ cookie: `lamp_sandbox=${name}` }), name).toBe(
        await replicaOf({ 'x-lamp-sandbox': name }),
      );
    }
  });

  it('sends a test route that names its sandbox in the path to the replica of that sandbox', async () => {
    // A runner may make its sandbox, or attach a browser to it, with no header or cookie yet.
    const replicaOf = async (method: string, url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${url}`, { method, headers });
      expect(response.status, `${method} ${url}`).toBeLessThan(300);
      return response.headers.get('x-lamp-replica');
    };
    // Twelve names: without the path's name each would go where this client's address is hashed,
    // and all twelve sandboxes' own replicas agreeing with that one happens once in 4,096 runs.
    for (let n = 0; n < 12; n += 1) {
      const name = `named-in-path-${n}`;
      const made = await replicaOf('POST', `/api/v1/testing/sandboxes/${name}/reset`);
      expect(await replicaOf('POST', `/api/v1/testing/sandboxes/${name}/attach`), name).toBe(made);
      expect(await replicaOf('GET', '/api/v1/testing/clock', { 'x-lamp-sandbox': name }), name).toBe(made);
      expect(await replicaOf('DELETE', `/api/v1/testing/sandboxes/${name}`), name).toBe(made);
    }
  });

  it('keeps a sandbox on its replica when that replica drops a connection', async () => {
    // Test suites drop connections on purpose (the lamp-drop fault); nginx must neither answer
    // the request from the other replica nor count the drop as the replica failing.
    const sandbox = { 'x-lamp-sandbox': 'dropped-on-purpose' };
    const replicaOf = async () =>
      (await fetch(`${base}/api/v1/testing/clock`, { headers: sandbox })).headers.get('x-lamp-replica');
    const home = await replicaOf();
    const dropped = fetch(`${base}/api/v1/session`, { headers: { ...sandbox, prefer: lampPrefer({ drop: true }) } });
    await expect(dropped, 'the client sees the connection close, as without nginx').rejects.toThrow();
    for (let n = 0; n < 3; n += 1) expect(await replicaOf()).toBe(home);
  });
});
