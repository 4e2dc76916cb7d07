/**
 * The audit trail, as a client reads it through GET /api/v1/audit-event: every write
 * leaves its records (one per row changed, with the route's verb and the right before and after),
 * a refused write none, no secret ever, and each account's admins only their own account's trail.
 *
 * The engine's routes come from the registry, the other write routes from the app's route table:
 * a new write route without a row in NAMED_ROUTES fails the test ("add a row").
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { RESOURCE_NAMES, resources, type ResourceName } from '../../src/shared/schemas/index.ts';
import type { AuditEvent } from '../../src/shared/schemas/audit-event.ts';
import { REDACTED } from '../../src/shared/schemas/test-traffic.ts';
import { pruneAuditTrail } from '../../server/plugins/audit.ts';
import { copyOf } from '../contract/resources.ts';
import {
  as,
  asIn,
  buildSeededApp,
  EMAILS,
  FOREIGN,
  injectAs,
  OWN,
  PASSWORD,
  PERSONA_IDS,
  ROW_IDS,
} from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

/** Every record, oldest first, as super reads them (all accounts). */
async function trail(): Promise<AuditEvent[]> {
  const answer = await injectAs(app, 'super', 'GET', '/api/v1/audit-event?sort=asc(at)&limit=5000');
  expect(answer.statusCode).toBe(200);
  return answer.json<{ data: AuditEvent[] }>().data;
}

/** The records a request leaves, and its answer. */
async function recordsOf(request: () => Promise<{ statusCode: number; body: string }>) {
  const before = (await trail()).length;
  const answer = await request();
  return { answer, records: (await trail()).slice(before) };
}

const seededRow = (name: ResourceName) => {
  const ids = ROW_IDS[name] ?? {};
  const id = name === 'account' ? OWN : name === 'user' ? PERSONA_IDS.reader : (ids.own ?? ids.global);
  return app.repositories[name].byId(id as string) as unknown as Record<string, unknown>;
};

/** An update body: a new value for the first name-like field the update takes, else nothing. */
function editOf(name: ResourceName, row: Record<string, unknown>) {
  const definition = resources[name];
  const updatable = Object.keys((definition.update as unknown as { shape: object }).shape);
  const field = [...definition.titleFields, ...definition.searchFields].find(
    (key) => updatable.includes(key) && typeof row[key] === 'string',
  );
  return field ? { [field]: `${String(row[field]).slice(0, 150)} (audited)` } : {};
}

describe('every write of the engine', () => {
  it.each(RESOURCE_NAMES)('%s: a create, an update and a delete leave one record each', async (name) => {
    const url = `/api/v1/${name}`;
    const body = copyOf(resources[name], seededRow(name), 1);
    if (name === 'label-value') body.category_id = ROW_IDS['label-category']?.own;
    const created = await recordsOf(() => injectAs(app, 'super', 'POST', url, body));
    expect(created.answer.statusCode, created.answer.body).toBe(201);
    const row = (JSON.parse(created.answer.body) as { data: Record<string, unknown> & { id: string } }).data;
    expect(created.records).toHaveLength(1);
    expect(created.records[0]).toMatchObject({
      resource: name,
      record_id: row.id,
      action: 'create',
      before: null,
      actor: { id: PERSONA_IDS.super, email: EMAILS.super },
    });
    for (const [key, value] of Object.entries(body))
      if (!/password|secret|token/i.test(key)) expect(created.records[0]!.after?.[key], key).toEqual(value);

    const edit = editOf(name, row);
    const updated = await recordsOf(() => injectAs(app, 'super', 'PUT', `${url}?id=${row.id}`, edit));
    expect(updated.answer.statusCode, updated.answer.body).toBe(200);
    expect(updated.records).toHaveLength(1);
    const [field] = Object.keys(edit);
    expect(updated.records[0]).toMatchObject({
      resource: name,
      record_id: row.id,
      action: 'update',
      // Only the changed fields: updated_at says nothing the record's time does not.
      before: field ? { [field]: row[field] } : {},
      after: edit,
    });

    const deleted = await recordsOf(() => injectAs(app, 'super', 'DELETE', `${url}?id=${row.id}`));
    expect(deleted.answer.statusCode, deleted.answer.body).toBe(204);
    expect(deleted.records).toHaveLength(1);
    expect(deleted.records[0]).toMatchObject({ resource: name, record_id: row.id, action: 'delete', after: null });
    expect(deleted.records[0]!.before).toMatchObject({ id: row.id, ...edit });
  });

  it('leaves no record for a refused write (403, 400, 409, 412)', async () => {
    const label = ROW_IDS['label-value']?.own;
    const refused: [number, () => Promise<{ statusCode: number; body: string }>][] = [
      [403, () => injectAs(app, 'reader', 'PUT', `/api/v1/label-value?id=${label}`, { name: 'Nope' })],
      [400, () => injectAs(app, 'admin', 'PUT', `/api/v1/label-value?id=${label}`, { name: '' })],
      [409, () => injectAs(app, 'admin', 'DELETE', `/api/v1/label-value?id=${label}`)],
      [409, () => injectAs(app, 'admin', 'DELETE', `/api/v1/user?id=${PERSONA_IDS.admin}`)],
      [412, () => injectAs(app, 'admin', 'PUT', `/api/v1/label-value?id=${label}`, { name: 'Stale' }, '"stale"')],
    ];
    for (const [status, request] of refused) {
      const { answer, records } = await recordsOf(request);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(records).toEqual([]);
    }
  });
});

interface NamedRoute {
  request: () => InjectOptions;
  status: number;
  /** The records it leaves: one action per row changed. */
  actions: string[];
}

let invited = 0;
const asAdmin = (options: InjectOptions): InjectOptions => ({ ...options, headers: as(app, 'admin') });
/** An admin's upload of a file for Northwind's seeded measurement. */
const uploadTo = (url: string, fields: () => Record<string, unknown>) => () =>
  asAdmin({ method: 'POST', url, payload: { measurement: ROW_IDS.measurement?.own, ...fields() } });

/** The write routes outside the engine (test control excepted): one row each. */
const NAMED_ROUTES: Record<string, NamedRoute> = {
  // Signing in stamps last_login_at: a record of the visit, the server's own, not a change.
  'POST /api/v1/auth': {
    request: () => ({ method: 'POST', url: '/api/v1/auth', payload: { email: EMAILS.reader, password: PASSWORD } }),
    status: 200,
    actions: [],
  },
  // Sign-out ends a session: sessions are not records, so the trail has nothing to say.
  'POST /api/v1/unauth': {
    request: () => ({ method: 'POST', url: '/api/v1/unauth' }),
    status: 200,
    actions: [],
  },
  'POST /api/v1/account-users/invite': {
    request: () =>
      asAdmin({
        method: 'POST',
        url: '/api/v1/account-users/invite',
        payload: {
          account: OWN,
          first_name: 'Audit',
          last_name: 'Invitee',
          email: `audit-${(invited += 1)}@x.test`,
          role: 'read',
        },
      }),
    status: 201,
    actions: ['invite'],
  },
  'POST /api/v1/account-users/bulk': {
    request: () =>
      asAdmin({
        method: 'POST',
        url: '/api/v1/account-users/bulk',
        payload: {
          account: OWN,
          rows: [{ first_name: 'Audit', last_name: 'Bulk', email: `audit-${(invited += 1)}@x.test`, role: 'read' }],
        },
      }),
    status: 201,
    actions: ['bulk'],
  },
  'PUT /api/v1/account-users/role': {
    request: () =>
      asAdmin({
        method: 'PUT',
        url: '/api/v1/account-users/role',
        payload: { user: PERSONA_IDS.reader, account: OWN, role: 'write' },
      }),
    status: 200,
    actions: ['role'],
  },
  'POST /api/v1/account-users/grant': {
    request: () => ({
      method: 'POST',
      url: '/api/v1/account-users/grant',
      headers: as(app, 'super'),
      payload: { user: PERSONA_IDS.partner, account: OWN, role: 'read' },
    }),
    status: 201,
    actions: ['grant'],
  },
  'DELETE /api/v1/account-users': {
    request: () => ({
      method: 'DELETE',
      url: `/api/v1/account-users?user=${PERSONA_IDS.partner}&account=${OWN}`,
      headers: as(app, 'super'),
    }),
    status: 204,
    // The grant lives in the user's row, which stays: an update of it.
    actions: ['update'],
  },
  'POST /api/v1/user/update-current-user': {
    request: () =>
      asAdmin({ method: 'POST', url: '/api/v1/user/update-current-user', payload: { first_name: 'Audited' } }),
    status: 200,
    actions: ['update-current-user'],
  },
  'POST /api/v1/reset-password': {
    request: () =>
      asAdmin({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { current_password: PASSWORD, new_password: PASSWORD },
      }),
    status: 200,
    actions: ['update'],
  },
  'POST /api/v1/forgotten-password': {
    request: () => ({ method: 'POST', url: '/api/v1/forgotten-password', payload: { email: 'nobody@example.test' } }),
    status: 200,
    actions: [],
  },
  'POST /api/v1/domain-list/upload': {
    request: () =>
      asAdmin({
        method: 'POST',
        url: '/api/v1/domain-list/upload',
        payload: { id: ROW_IDS['domain-list']?.own, text: 'domain\naudit.example.org\n' },
      }),
    status: 200,
    actions: ['upload'],
  },
  'POST /api/v1/activation/with-list': {
    request: () =>
      asAdmin({
        method: 'POST',
        url: '/api/v1/activation/with-list',
        payload: {
          name: 'Audit deal',
          measurement: ROW_IDS.measurement?.own,
          vendor: ROW_IDS['third-party-macro-vendor']?.global,
          min_apm: 0,
        },
      }),
    status: 201,
    actions: ['create', 'create'],
  },
  'PUT /api/v1/activation/with-list': {
    request: () =>
      asAdmin({
        method: 'PUT',
        url: `/api/v1/activation/with-list?id=${ROW_IDS.activation?.own}`,
        payload: { name: 'Audit deal 2', vendor: ROW_IDS['third-party-macro-vendor']?.global, min_apm: 0 },
      }),
    status: 200,
    // The activation's own list is new (the seeded one has none), and the activation changes.
    actions: ['create', 'update'],
  },
  'POST /api/v1/measurement-tag/upload': {
    request: uploadTo('/api/v1/measurement-tag/upload', () => ({
      upload_template: ROW_IDS['upload-template']?.own,
      file_name: 'tags.csv',
      csv: 'Placement,Creative\nHome MPU,Spring 300x250\n',
    })),
    status: 200,
    actions: ['upload'],
  },
  // The seeded configs have no upload template: refused, so nothing recorded.
  'POST /api/v1/import-job/upload': {
    request: uploadTo('/api/v1/import-job/upload', () => ({
      import_job_config: ROW_IDS['import-job-config']?.own,
      file_name: 'delivery.csv',
      csv: 'Date,Impressions\n2026-01-01,100\n',
    })),
    status: 400,
    actions: [],
  },
  // The import jobs' clock: the server's own processing.
  'POST /api/v1/import-job/advance': {
    request: () => ({ method: 'POST', url: '/api/v1/import-job/advance' }),
    status: 200,
    actions: [],
  },
  'POST /api/v1/report-schedule/run': {
    request: () =>
      asAdmin({ method: 'POST', url: `/api/v1/report-schedule/run?id=${ROW_IDS['report-schedule']?.own}` }),
    status: 201,
    actions: [],
  },
};

describe('every write route outside the engine', () => {
  const writes = () =>
    app.routeTable
      .filter(({ method, url }) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(method) && url.startsWith('/api/v1/'))
      .filter(({ url }) => !url.startsWith('/api/v1/testing/') && !RESOURCE_NAMES.some((n) => url === `/api/v1/${n}`))
      .map(({ method, url }) => `${method} ${url}`);

  it('has a row here ("add a row" for a new one)', () => {
    expect(writes().filter((key) => !(key in NAMED_ROUTES))).toEqual([]);
  });

  it.each(Object.keys(NAMED_ROUTES))('%s records its verb, once per row changed', async (key) => {
    const route = NAMED_ROUTES[key]!;
    const { answer, records } = await recordsOf(() => app.inject(route.request()));
    expect(answer.statusCode, answer.body).toBe(route.status);
    expect(records.map((record) => record.action)).toEqual(route.actions);
  });
});

describe('what a record never holds', () => {
  it('has no password hash, password, token or secret value, only "[redacted]"', async () => {
    const records = await trail();
    // The password change above: recorded as a change, without either hash.
    const reset = records.find((record) => record.action === 'update' && 'password_hash' in (record.after ?? {}));
    expect(reset).toMatchObject({
      resource: 'user',
      before: { password_hash: REDACTED },
      after: { password_hash: REDACTED },
    });
    const hashes = app.repositories.user
      .all()
      .map((user) => user.password_hash)
      .filter(Boolean);
    const text = JSON.stringify(records);
    for (const hash of hashes) expect(text).not.toContain(hash);
    expect(text).not.toContain(PASSWORD);
    for (const record of records)
      for (const side of [record.before, record.after])
        for (const [key, value] of Object.entries(side ?? {}))
          if (/password|secret|token/i.test(key)) expect(value, key).toBe(REDACTED);
  });
});

describe('paging the trail', () => {
  it('takes whole numbers only, as the list routes do: an empty, exponent or hex skip or limit is a 400', async () => {
    for (const query of ['skip=', 'skip=1e3', 'skip=0x10', 'limit=', 'limit=2.5', 'limit=0', 'limit=5001']) {
      const answer = await injectAs(app, 'super', 'GET', `/api/v1/audit-event?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json<{ message: string }>().message, query).toMatch(/must be a whole number from/);
    }
    expect((await injectAs(app, 'super', 'GET', '/api/v1/audit-event?skip=0&limit=5000')).statusCode).toBe(200);
  });

  it('takes exactly the skip and limit its document describes, bounds included', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        { get: { parameters: { name: string; schema: { pattern?: string; maxLength?: number } }[] } }
      >;
    }>();
    const parameters = document.paths['/api/v1/audit-event']?.get.parameters ?? [];
    const samples: Record<string, string[]> = {
      skip: ['0', '7', '999999999', '0999999999', '1000000000', '1000000001', '9999999999', '00000000000', '-1'],
      limit: ['0', '00', '1', '0005', '999', '4999', '5000', '05000', '5001', '10000', '0000000001', '00000000001'],
    };
    for (const [name, values] of Object.entries(samples)) {
      const schema = parameters.find((parameter) => parameter.name === name)?.schema;
      expect(schema?.pattern, name).toBeDefined();
      for (const value of values) {
        const described =
          new RegExp(schema?.pattern as string).test(value) && value.length <= (schema?.maxLength ?? Infinity);
        const answer = await injectAs(app, 'super', 'GET', `/api/v1/audit-event?${name}=${value}`);
        expect(answer.statusCode === 200, `${name}=${value}`).toBe(described);
      }
    }
  });
});

describe('who reads which trail', () => {
  it('root reads the selected account only; an admin of the account is refused with the access text', async () => {
    await injectAs(app, 'tailspinAdmin', 'PUT', `/api/v1/label-value?id=${ROW_IDS['label-value']?.foreign}`, {
      name: 'Tailspin audited',
    });
    const own = await injectAs(app, 'root', 'GET', `/api/v1/audit-event?account=${OWN}&limit=5000`);
    const rows = own.json<{ data: AuditEvent[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.account === OWN)).toBe(true);
    expect(own.headers['x-total-count']).toBe(String(rows.length));

    // An account's own admins are refused as the /admin pages refuse them, with the same text.
    for (const [persona, account] of [
      ['admin', OWN],
      ['tailspinAdmin', FOREIGN],
    ] as const) {
      const refused = await injectAs(app, persona, 'GET', `/api/v1/audit-event?account=${account}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(messages.access.userError);
    }
    // Root names one account; super names several, or none for every account's.
    const several = `/api/v1/audit-event?account=${OWN},${FOREIGN}&limit=5000`;
    expect((await injectAs(app, 'root', 'GET', several)).statusCode).toBe(400);
    const both = (await injectAs(app, 'super', 'GET', several)).json<{ data: AuditEvent[] }>();
    expect(new Set(both.data.map((row) => row.account))).toEqual(new Set([OWN, FOREIGN]));
  });

  it('filters by actor, resource, action, record and days, and exports the same view as CSV', async () => {
    const query = `account=${FOREIGN}&actor=${PERSONA_IDS.tailspinAdmin}&resource=label-value&action=update`;
    const list = (await injectAs(app, 'root', 'GET', `/api/v1/audit-event?${query}`)).json<{ data: AuditEvent[] }>();
    expect(list.data.map((row) => row.after)).toEqual([{ name: 'Tailspin audited' }]);
    const id = list.data[0]!.record_id;
    const today = list.data[0]!.at.slice(0, 10);
    const byRecord = await injectAs(app, 'root', 'GET', `/api/v1/audit-event?account=${FOREIGN}&record_id=${id}`);
    expect(byRecord.json<{ count: number }>().count).toBe(1);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const later = await injectAs(app, 'root', 'GET', `/api/v1/audit-event?account=${FOREIGN}&from=${tomorrow}`);
    expect(later.json<{ count: number }>().count).toBe(0);
    const within = await injectAs(app, 'root', 'GET', `/api/v1/audit-event?${query}&from=${today}&to=${today}`);
    expect(within.json<{ count: number }>().count).toBe(1);
    const csv = await injectAs(app, 'root', 'GET', `/api/v1/audit-event/export?${query}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor,actor_id,account,switched_account,resource,record_id,action,before,after,request_id,client_address',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(EMAILS.tailspinAdmin);
    expect((await injectAs(app, 'root', 'GET', '/api/v1/audit-event?action=Bad!')).statusCode).toBe(400);
  });

  it('has no write route: 405 naming GET', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const answer = await injectAs(app, 'super', method, '/api/v1/audit-event', {});
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toContain('GET');
    }
  });
});

describe('sandboxes', () => {
  it('keep their own trail, which a reset empties', async () => {
    const label = `/api/v1/label-value?id=${ROW_IDS['label-value']?.own}`;
    const inSandbox = (persona: 'admin' | 'super', method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: asIn(app, persona, 'audit-box'), ...(payload ? { payload } : {}) });
    const outside = (await trail()).length;
    expect((await inSandbox('admin', 'PUT', label, { name: 'Boxed' })).statusCode).toBe(200);
    const boxed = (await inSandbox('super', 'GET', '/api/v1/audit-event')).json<{ data: AuditEvent[] }>();
    expect(boxed.data.map((row) => row.after)).toEqual([{ name: 'Boxed' }]);
    expect(await trail(), 'the default state records nothing of it').toHaveLength(outside);
    expect((await inSandbox('super', 'POST', '/api/v1/testing/reset')).statusCode).toBe(200);
    expect((await inSandbox('super', 'GET', '/api/v1/audit-event')).json<{ count: number }>().count).toBe(0);
  });
});

describe('retention', () => {
  it('prunes records older than LAMP_AUDIT_DAYS and keeps the rest', async () => {
    const pruned = await buildSeededApp({ auditDays: 30 });
    try {
      await injectAs(pruned, 'admin', 'PUT', `/api/v1/label-value?id=${ROW_IDS['label-value']?.own}`, { name: 'A' });
      await injectAs(pruned, 'admin', 'PUT', `/api/v1/label-value?id=${ROW_IDS['label-value']?.own}`, { name: 'B' });
      const trailOf = () => pruned.repositories.collection('audit-event').all();
      expect(trailOf()).toHaveLength(2);
      // The first record back-dated past the retention, as if written 31 days ago.
      const [old] = trailOf();
      await pruned.repositories
        .collection('audit-event')
        .replace({ ...old!, at: new Date(Date.now() - 31 * 86_400_000).toISOString() });
      expect(await pruneAuditTrail(pruned, 30)).toBe(1);
      expect(trailOf().map((row) => (row.after as { name: string }).name)).toEqual(['B']);
    } finally {
      await pruned.close();
    }
  });
});
