/**
 * The server side of the admin area's account sections: bulk-create of users (all or
 * nothing, a report per row, invitations in the outbox), the account's grants (list, add,
 * revoke within the grant rules), and name mappings (their rules, and that imports, dashboards
 * and reports show the clean names).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { MetricsResponse } from '../../src/shared/measurement-api.ts';
import type { AccountGrant } from '../../src/shared/schemas/account-users.ts';
import type { Measurement } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';
import { injectWith, signInThrough, type InjectMethod } from '../helpers/http.ts';

const NORTHWIND = ACCOUNT_IDS.northwind;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
type Who = 'root' | 'admin' | 'writer' | 'tailspin';

const signIn = (email: string) => signInThrough(app, email);

const send = (who: Who, method: InjectMethod, url: string, payload?: object) =>
  injectWith(app, cookies[who] ?? '', method, url, { payload });

interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

beforeAll(async () => {
  app = await buildTestApp();
  cookies.root = await signIn('root@lamp.test');
  cookies.admin = await signIn('admin@northwind.test');
  cookies.writer = await signIn('writer@northwind.test');
  cookies.tailspin = await signIn('admin@tailspin.test');
}, 60_000);
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const userByEmail = (email: string) => app.repositories.user.findBy('email', email)[0];
const outboxFor = async (email: string) =>
  (await app.inject({ url: `/api/v1/testing/outbox?to=${encodeURIComponent(email)}` })).json<{
    data: { kind: string; link: string }[];
  }>().data;

describe('bulk-create of users', () => {
  const row = (n: number, overrides: object = {}) => ({
    first_name: `Bulk${n}`,
    last_name: 'Person',
    email: `bulk${n}@northwind.test`,
    role: 'read',
    ...overrides,
  });
  const bulk = (who: Who, rows: object[], account: string = NORTHWIND) =>
    send(who, 'POST', '/api/v1/account-users/bulk', { account, rows });

  it('creates nobody when any row has an error, and reports every bad row and field', async () => {
    const before = app.repositories.user.count();
    const response = await bulk('admin', [
      row(1),
      row(2, { email: 'not-an-email', first_name: '' }),
      row(3, { role: 'owner' }),
      row(4, { email: 'BULK1@northwind.test' }),
      row(5, { email: 'reader@northwind.test' }),
    ]);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.message).toBe('4 of 5 rows have errors; nobody was created');
    expect(body.issues).toEqual([
      { path: 'rows.2.first_name', message: 'First name required' },
      { path: 'rows.2.email', message: 'Invalid email format' },
      { path: 'rows.3.role', message: 'Role must be one of read, write, admin' },
      { path: 'rows.4.email', message: 'The same e-mail as row 1' },
      { path: 'rows.5.email', message: 'A user with this e-mail address already exists' },
    ]);
    expect(app.repositories.user.count()).toBe(before);
    expect(userByEmail('bulk1@northwind.test')).toBeUndefined();
    expect(await outboxFor('bulk1@northwind.test')).toEqual([]);
  });

  it('creates every user of a clean input with the grant, and sends each an invitation', async () => {
    const response = await bulk('admin', [row(1), row(2, { role: 'write' }), row(3, { role: 'admin' })]);
    expect(response.statusCode).toBe(201);
    expect(response.json<{ count: number }>().count).toBe(3);
    for (const [n, role] of [
      [1, 'read'],
      [2, 'write'],
      [3, 'admin'],
    ] as const) {
      const user = userByEmail(`bulk${n}@northwind.test`);
      expect(user).toMatchObject({ account: NORTHWIND, access_grants: [{ id: NORTHWIND, type: 'account', role }] });
      const [mail] = await outboxFor(`bulk${n}@northwind.test`);
      expect(mail?.kind).toBe('invitation');
      expect(mail?.link).toMatch(/^\/login-link\?/);
    }
  });

  it('keeps the grant rules: no role above your own, only admins of the account', async () => {
    const writer = await bulk('writer', [row(1)]);
    expect(writer.statusCode).toBe(403);
    const foreign = await bulk('tailspin', [row(1)]);
    expect(foreign.statusCode).toBe(403);
    expect((await bulk('admin', [])).statusCode).toBe(400);
    expect(userByEmail('bulk1@northwind.test')).toBeUndefined();
  });
});

describe('the grants of an account', () => {
  const grants = async (who: Who = 'root', account: string = NORTHWIND) =>
    (await send(who, 'GET', `/api/v1/account-users/grants?account=${account}`)).json<{ data: AccountGrant[] }>().data;
  const tailspinAdmin = () => userByEmail('admin@tailspin.test')!;

  it('lists who holds which role, and adds and revokes a grant', async () => {
    const listed = await grants();
    expect(listed.find((g) => g.user.email === 'admin@northwind.test')).toMatchObject({
      role: 'admin',
      kind: 'account',
      own_account: true,
    });
    expect(listed.some((g) => g.user.email === 'admin@tailspin.test')).toBe(false);

    const added = await send('root', 'POST', '/api/v1/account-users/grant', {
      user: tailspinAdmin().id,
      account: NORTHWIND,
      role: 'write',
    });
    expect(added.statusCode).toBe(201);
    expect((await grants()).find((g) => g.user.email === 'admin@tailspin.test')).toMatchObject({
      role: 'write',
      kind: 'account',
      own_account: false,
    });
    const again = await send('root', 'POST', '/api/v1/account-users/grant', {
      user: tailspinAdmin().id,
      account: NORTHWIND,
      role: 'read',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().issues?.[0]?.path).toBe('user');

    const revoked = await send(
      'root',
      'DELETE',
      `/api/v1/account-users?user=${tailspinAdmin().id}&account=${NORTHWIND}`,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await grants()).some((g) => g.user.email === 'admin@tailspin.test')).toBe(false);
  });

  it('shows the root users of a product-owner account as root, and refuses non-admins', async () => {
    const lampHq = await grants('root', ACCOUNT_IDS.lampHq);
    expect(lampHq.find((g) => g.user.email === 'root@lamp.test')).toMatchObject({ role: 'root', kind: 'root' });
    expect((await send('writer', 'GET', `/api/v1/account-users/grants?account=${NORTHWIND}`)).statusCode).toBe(403);
    expect((await send('tailspin', 'GET', `/api/v1/account-users/grants?account=${NORTHWIND}`)).statusCode).toBe(403);
  });

  it('lets nobody grant above their own role, nor a user they cannot see', async () => {
    const above = await send('admin', 'POST', '/api/v1/account-users/grant', {
      user: tailspinAdmin().id,
      account: NORTHWIND,
      role: 'root',
    });
    expect(above.statusCode).toBe(400);
    // admin@northwind sees Northwind and Contoso, not Tailspin's users.
    const unseen = await send('admin', 'POST', '/api/v1/account-users/grant', {
      user: tailspinAdmin().id,
      account: NORTHWIND,
      role: 'read',
    });
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json<ErrorBody>().issues).toEqual([{ path: 'user', message: 'no such user' }]);
    const writer = await send('writer', 'POST', '/api/v1/account-users/grant', {
      user: tailspinAdmin().id,
      account: NORTHWIND,
      role: 'read',
    });
    expect(writer.statusCode).toBe(403);
    expect(tailspinAdmin().access_grants.some((g) => g.id === NORTHWIND)).toBe(false);
  });
});

describe('name mappings', () => {
  const measurements = () => app.db.low.data.collections.measurement as unknown as Measurement[];
  /** A Northwind measurement with delivery (the longest flight). */
  const busiest = () =>
    measurements()
      .filter((m) => m.account === NORTHWIND && m.status !== 'draft')
      .sort(
        (a, b) =>
          Date.parse(b.end_date) - Date.parse(b.start_date) - (Date.parse(a.end_date) - Date.parse(a.start_date)),
      )[0]!;
  const metricsOf = async (m: Measurement) =>
    (await send('writer', 'GET', `/api/v1/measurement-metrics?measurement=${m.id}`)).json<MetricsResponse>().data;
  const lookupId = (resource: 'media-partner', name: string) =>
    (app.db.low.data.collections[resource] as unknown as { id: string; name: string }[]).find((r) => r.name === name)!
      .id;
  const map = (payload: object) =>
    send('root', 'POST', '/api/v1/name-mapping', { account: NORTHWIND, target: null, ...payload });

  it('need a lookup row for lookup types and a clean name for placements and creatives; one per raw name', async () => {
    const noTarget = await map({ type: 'media-partner', source_name: 'FBK' });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json<ErrorBody>().issues).toEqual([
      { path: 'target', message: 'choose the media partner it means' },
    ]);
    const noName = await map({ type: 'creative', source_name: 'v2_final' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<ErrorBody>().issues?.[0]?.path).toBe('clean_name');
    expect((await map({ type: 'creative', source_name: 'v2_final', clean_name: 'Hero 30s' })).statusCode).toBe(201);
    const twice = await map({ type: 'creative', source_name: ' V2_FINAL ', clean_name: 'Other' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().issues?.[0]?.path).toBe('source_name');
    const byWriter = await send('writer', 'POST', '/api/v1/name-mapping', {
      account: NORTHWIND,
      type: 'creative',
      source_name: 'x',
      clean_name: 'y',
    });
    expect(byWriter.statusCode).toBe(403);
  });

  it('change what a dashboard breakdown shows, at once and for the existing delivery', async () => {
    const m = busiest();
    const before = await metricsOf(m);
    const raw = before.breakdowns.creative[0]!;
    const created = await map({ type: 'creative', source_name: raw.key, clean_name: 'Hero film (clean)' });
    expect(created.statusCode).toBe(201);
    const after = await metricsOf(m);
    const keys = after.breakdowns.creative.map((e) => e.key);
    expect(keys).toContain('Hero film (clean)');
    expect(keys).not.toContain(raw.key);
    expect(after.breakdowns.creative.find((e) => e.key === 'Hero film (clean)')!.impressions).toBe(raw.impressions);
    expect(after.totals.impressions).toBe(before.totals.impressions);

    // A lookup mapping merges one media partner into another; renaming the lookup renames it.
    const [first, second] = before.breakdowns.media_partner;
    expect(second?.key).toBeDefined();
    expect([first?.key, second?.key]).not.toContain('All others');
    if (first && second) {
      const id = (
        await map({ type: 'media-partner', source_name: second.key, target: lookupId('media-partner', first.key) })
      ).json<{ data: { id: string } }>().data.id;
      const merged = await metricsOf(m);
      expect(merged.breakdowns.media_partner.map((e) => e.key)).not.toContain(second.key);
      expect(merged.breakdowns.media_partner.find((e) => e.key === first.key)!.impressions).toBe(
        first.impressions + second.impressions,
      );
      // Deleting the mapping brings the raw name back.
      expect((await send('root', 'DELETE', `/api/v1/name-mapping?id=${id}`)).statusCode).toBeLessThan(300);
      expect((await metricsOf(m)).breakdowns.media_partner.map((e) => e.key)).toContain(second.key);
    }

    // Reports group by the same clean names.
    const report = await send(
      'writer',
      'GET',
      `/api/v1/report-data?account=${NORTHWIND}&measurement=${m.id}&start_date=${after.start_date}&end_date=${after.end_date}&group_by=creative`,
    );
    expect(report.statusCode).toBe(200);
    const groups = report.json<{ data: { rows: { keys: string[] }[] } }>().data.rows.map((r) => r.keys[0]);
    expect(groups).toContain('Hero film (clean)');
    expect(groups).not.toContain(raw.key);
  });

  it('give imported rows their clean names, keeping the raw names beside', async () => {
    const m = busiest();
    await map({ type: 'placement', source_name: 'instagram feed', clean_name: 'Instagram · Feed' });
    await map({ type: 'creative', source_name: 'Spring Reel 1', clean_name: 'Spring Reel (15s)' });
    const config = (
      app.db.low.data.collections['import-job-config'] as unknown as {
        id: string;
        account: string | null;
        upload_template: string | null;
      }[]
    ).find((c) => c.upload_template && (c.account === null || c.account === NORTHWIND))!;
    const lines = ['Date,Ad name,Placement,Device,Impressions,Amount spent (GBP)'];
    for (let i = 0; i < 6; i += 1) lines.push(`${m.start_date},Spring Reel ${i % 3},Instagram Feed,Mobile,1000,4.00`);
    const upload = await send('writer', 'POST', '/api/v1/import-job/upload', {
      measurement: m.id,
      import_job_config: config.id,
      file_name: 'mapped.csv',
      csv: `${lines.join('\n')}\n`,
    });
    expect(upload.statusCode).toBe(201);
    for (let i = 0; i < 6; i += 1) await app.inject({ method: 'POST', url: '/api/v1/import-job/advance' });
    const stored = (app.db.low.data.collections['metric-import-row'] as unknown as Record<string, unknown>[]).filter(
      (row) => row.measurement === m.id,
    );
    expect(stored).toHaveLength(6);
    expect(new Set(stored.map((row) => row.domain))).toEqual(new Set(['Instagram · Feed']));
    expect(stored.filter((row) => row.creative === 'Spring Reel (15s)')).toHaveLength(2);
    expect(stored.find((row) => row.creative === 'Spring Reel (15s)')?.source_names).toEqual({
      domain: 'Instagram Feed',
      creative: 'Spring Reel 1',
    });
    const metrics = await metricsOf(m);
    expect(metrics.breakdowns.domain.map((e) => e.key)).not.toContain('Instagram Feed');
  });
});
