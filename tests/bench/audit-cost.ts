/**
 * What recording costs a write: two file-backed apps in one process over the demo
 * data, one recording the audit trail and one not (LAMP_BENCH_WITHOUT_AUDIT, read when the
 * repositories are made), AUDIT_CREATES creates of a domain list each, alternating between them so
 * a drift of this shared machine hits both alike. Prints each one's median and p99 and the load.
 * Not part of `npm test`: run it with `nice -n 10 node tests/bench/audit-cost.ts`.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { buildApp } from '../../server/app.ts';
import { median, percentile } from './harness.ts';

const CREATES = Number(process.env.AUDIT_CREATES ?? 200);

async function subject(recording: boolean) {
  if (recording) delete process.env.LAMP_BENCH_WITHOUT_AUDIT;
  else process.env.LAMP_BENCH_WITHOUT_AUDIT = '1';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamp-audit-bench-'));
  const app = await buildApp({ config: { mode: 'test', dataDir, logLevel: 'silent', serveStatic: false } });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { email: 'writer@northwind.test', password: 'Lamp-Demo-2026!' },
  });
  const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
  return { app, cookie, times: [] as number[], label: recording ? 'with recording' : 'without' };
}

const subjects = [await subject(true), await subject(false)];
delete process.env.LAMP_BENCH_WITHOUT_AUDIT;
const load = loadavg()[0]!.toFixed(1);
for (let i = 0; i < CREATES; i += 1) {
  for (const s of i % 2 ? subjects : [...subjects].reverse()) {
    const start = performance.now();
    const answer = await s.app.inject({
      method: 'POST',
      url: '/api/v1/domain-list',
      headers: { cookie: s.cookie },
      payload: { account: ACCOUNT_IDS.northwind, name: `Bench ${i}`, type: 'allow', domains: ['example.com'] },
    });
    s.times.push(performance.now() - start);
    if (answer.statusCode !== 201) throw new Error(`${s.label}: ${answer.statusCode} ${answer.body}`);
  }
}
const trail = subjects.map((s) => s.app.repositories.collection('audit-event').count());
for (const s of subjects) await s.app.close();
const figures = subjects.map((s) => ({
  subject: s.label,
  medianMs: Number(median(s.times).toFixed(2)),
  p99Ms: Number(percentile(s.times, 99).toFixed(2)),
}));
console.log(
  JSON.stringify(
    { creates: CREATES, load: { start: load, end: loadavg()[0]!.toFixed(1) }, figures, records: trail },
    null,
    2,
  ),
);
const [on, off] = figures;
console.log(`median +${(((on!.medianMs - off!.medianMs) / off!.medianMs) * 100).toFixed(1)}%`);
