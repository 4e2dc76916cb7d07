/**
 * `LAMP_URL=http://127.0.0.1:PORT node tests/bench/spotlight-upload.ts`: an uploaded 5 MB image is
 * stored and served in under 1 s. Against a running server (test or demo mode, its
 * store on disk or in memory), as partner@contoso.test: a draft study of its own, then rounds of
 * uploading a fresh 5 MB PNG of noise (it does not compress) through multipart/form-data and
 * reading it back from its creative URL, byte for byte. Times are the client's, over the loopback,
 * so parsing, checking, storing (the file and the store's JSON) and sending all count. Exits
 * non-zero when the slowest upload or read misses the budget.
 */
import { median } from './harness.ts';
import { png } from '../support/media-files.ts';

const base = process.env.LAMP_URL ?? 'http://127.0.0.1:8080';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const BUDGET_MS = 1000;
/** 1330 × 1330 RGB noise: 5.06 MB as a PNG. */
const SIDE = 1330;

async function json<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

const signIn = await fetch(`${base}/api/v1/auth`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'partner@contoso.test', password: 'Lamp-Demo-2026!' }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const me = await json<{ id: string; account: string }>(fetch(`${base}/api/v1/current-user`, { headers: { cookie } }));
const { token } = await json<{ token: string }>(
  fetch(`${base}/api/spotlight-auth?id=${me.id}&company=${me.account}`, { headers: { cookie } }),
);
const headers = { authorization: `Bearer ${token}` };
const study = await json<{ data: { id: string } }>(
  fetch(`${base}/api/spotlight/brief/create`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Upload bench',
      context: 'social_feed',
      sample_size: 100,
      start_date: '2026-12-01',
      end_date: '2026-12-14',
    }),
  }),
);

const stored: number[] = [];
const served: number[] = [];
let bytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  const file = png(SIDE, SIDE, { noise: true });
  bytes = file.length;
  const form = new FormData();
  form.set('brief', study.data.id);
  form.set('name', `Bench ${round + 1}`);
  form.set('format', 'Feed 1:1');
  form.set('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'bench.png');
  let started = performance.now();
  const asset = await json<{ data: { id: string } }>(
    fetch(`${base}/api/spotlight/stim/upload`, { method: 'POST', headers, body: form }),
  );
  stored.push(performance.now() - started);
  started = performance.now();
  const back = await fetch(`${base}/api/spotlight/stim/${asset.data.id}/creative`, { headers });
  const read = Buffer.from(await back.arrayBuffer());
  served.push(performance.now() - started);
  if (!read.equals(file)) throw new Error(`round ${round + 1}: the file served is not the file uploaded`);
}

const ms = (value: number) => `${Math.round(value)} ms`;
console.log(`Spotlight upload of ${(bytes / 1024 / 1024).toFixed(2)} MB, ${ROUNDS} rounds against ${base}`);
console.log(`  stored: median ${ms(median(stored))}, slowest ${ms(Math.max(...stored))}`);
console.log(`  served: median ${ms(median(served))}, slowest ${ms(Math.max(...served))}`);
const slowest = Math.max(...stored, ...served);
if (slowest > BUDGET_MS) {
  console.error(`Over the ${BUDGET_MS} ms budget: ${ms(slowest)}`);
  process.exit(1);
}
