/**
 * What a test pays for the test backend's basics, over HTTP against LAMP in test mode (no
 * static site): a sign-in with the password (scrypt), a minted session, a new sandbox (its first
 * reset) and a reset of a used one. Medians of interleaved rounds, in ms.
 *
 *   node tests/bench/test-backend.ts [rounds]    (default 15)
 *
 * The figures in issue 49's closing note come from this command; say the machine's load with them.
 */
import { loadavg } from 'node:os';
import { buildApp } from '../../server/app.ts';

const rounds = Number(process.argv[2] ?? 15);
const app = await buildApp({ config: { mode: 'test', dataDir: null, logLevel: 'silent', serveStatic: false } });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const timed = async (send: () => Promise<Response>): Promise<number> => {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return performance.now() - started;
};
const post = (path: string, sandbox: string, body?: unknown) => () =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-lamp-sandbox': sandbox, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const samples: Record<string, number[]> = { 'sign-in': [], 'minted session': [], 'sandbox create': [], reset: [] };
// One of each first, uncounted: the first scrypt and the first copy of each collection warm up.
await timed(post('/api/v1/auth', 'bench-warm', { email: 'reader@northwind.test', password: 'Lamp-Demo-2026!' }));
for (let round = 0; round < rounds; round += 1) {
  const sandbox = `bench-${round}`;
  samples['sandbox create']!.push(await timed(post(`/api/v1/testing/sandboxes/${sandbox}/reset`, sandbox)));
  samples['sign-in']!.push(
    await timed(post('/api/v1/auth', sandbox, { email: 'reader@northwind.test', password: 'Lamp-Demo-2026!' })),
  );
  samples['minted session']!.push(
    await timed(post('/api/v1/testing/sessions', sandbox, { email: 'reader@northwind.test' })),
  );
  // A sandbox that wrote something (the sign-in's last_login_at): the reset forgets its copies.
  samples.reset!.push(await timed(post('/api/v1/testing/reset', sandbox)));
  await fetch(`${base}/api/v1/testing/sandboxes/${sandbox}`, { method: 'DELETE' });
}
await app.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
process.stdout.write(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${rounds} rounds\n`,
);
for (const [name, values] of Object.entries(samples))
  process.stdout.write(
    `${name.padEnd(16)} median ${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})\n`,
  );
