import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { measurementBody } from '../helpers/bodies.ts';
import { as, buildSeededApp, FOREIGN, injectAs, OWN, PERSONA_IDS, ROW_IDS, type Persona } from '../helpers/seed.ts';

interface List {
  data: Record<string, unknown>[];
  count: number;
}
interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

const get = (persona: Persona, url: string) => injectAs(app, persona, 'GET', url);
const send = (persona: Persona, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: as(app, persona),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('lists', () => {
  it('answer {data, count} with X-Total-Count, and need a session', async () => {
    expect((await app.inject({ url: '/api/v1/measurement' })).statusCode).toBe(401);
    const response = await get('reader', '/api/v1/measurement');
    expect(response.statusCode).toBe(200);
    const body = response.json<List>();
    expect(body.count).toBe(1);
    expect(body.data.map((row) => row.id)).toEqual([ROW_IDS.measurement?.own]);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('return a single item by ?id= as data[0], and an empty list for an id the user may not see', async () => {
    const own = await get('reader', `/api/v1/measurement?id=${ROW_IDS.measurement?.own}`);
    expect(own.json<List>().data[0]?.name).toBe('Spring flight own');
    const foreign = await get('reader', `/api/v1/measurement?id=${ROW_IDS.measurement?.foreign}`);
    expect(foreign.json<List>()).toEqual({ data: [], count: 0 });
  });

  it('filter by account with {id},null, where null means global rows', async () => {
    const both = await get('reader', `/api/v1/report?account=${OWN},null`);
    expect(
      both
        .json<List>()
        .data.map((row) => row.name)
        .sort(),
    ).toEqual(['Global report', 'Report own']);
    const globalOnly = await get('reader', '/api/v1/report?account=null');
    expect(globalOnly.json<List>().data.map((row) => row.name)).toEqual(['Global report']);
    const foreign = await get('reader', `/api/v1/report?account=${FOREIGN}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<ErrorBody>().message).toBe(messages.access.foreignAccount);
  });

  it('use the spec forms of the account filter: accounts, category.account, account._id', async () => {
    expect((await get('root', `/api/v1/contract?accounts=${FOREIGN}`)).json<List>().data[0]?.billing_name).toBe(
      'Billing foreign',
    );
    expect((await get('root', `/api/v1/label-value?category.account=${OWN}`)).json<List>().data[0]?.name).toBe(
      'Label own',
    );
    expect(
      (await get('root', `/api/v1/import-job-status?account._id=${OWN}`)).json<List>().data[0]?.correlation_id,
    ).toBe('corr-own');
    const wrongForm = await get('root', `/api/v1/contract?account=${OWN}`);
    expect(wrongForm.statusCode).toBe(400);
    expect(wrongForm.json<ErrorBody>().message).toMatch(/^account: not a query parameter of contract/);
  });

  it('let root see every account and read users see only theirs', async () => {
    expect((await get('root', '/api/v1/measurement')).json<List>().count).toBe(2);
    expect((await get('super', '/api/v1/account')).json<List>().count).toBe(6);
    const accounts = (await get('admin', '/api/v1/account')).json<List>().data.map((row) => row.id);
    expect(accounts.sort()).toEqual([ACCOUNT_IDS.northwind, ACCOUNT_IDS.contoso].sort());
  });

  it('apply resource filters: measurement, correlation_id, import_job_id, label_ids, category_id, type, vendor, importjob.job_type', async () => {
    const m = ROW_IDS.measurement?.own;
    const cases: [string, number][] = [
      [`/api/v1/measurement-tag?measurement=${m}`, 1],
      [`/api/v1/import-job-status?correlation_id=corr-own`, 1],
      [`/api/v1/import-job-status?import_job_id=${ROW_IDS['import-job']?.own}`, 1],
      [`/api/v1/measurement?label_ids=${ROW_IDS['label-value']?.own}`, 1],
      [`/api/v1/measurement?label_ids=${ROW_IDS['label-value']?.foreign}`, 0],
      [`/api/v1/label-value?category_id=${ROW_IDS['label-category']?.own}`, 1],
      [`/api/v1/label-value?account_category=${OWN}`, 1],
      ['/api/v1/report?type=dashboard', 1],
      [`/api/v1/third-party-macro?vendor=${ROW_IDS['third-party-macro-vendor']?.global}`, 1],
      ['/api/v1/import-job?importjob.job_type=upload', 1],
      ['/api/v1/import-job?importjob.job_type=api', 0],
    ];
    for (const [url, count] of cases) {
      const response = await get('admin', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json<List>().count, url).toBe(count);
    }
  });

  it('search over name-like fields, case-insensitively', async () => {
    expect((await get('reader', '/api/v1/measurement?search=SPRING')).json<List>().count).toBe(1);
    expect((await get('reader', '/api/v1/measurement?search=autumn')).json<List>().count).toBe(0);
    expect((await get('admin', '/api/v1/user?search=writer')).json<List>().data[0]?.email).toBe(
      'writer@northwind.test',
    );
  });

  it('select measurements by flight overlap and by creation time', async () => {
    expect(
      (await get('reader', '/api/v1/measurement?start_date=2026-03-31&end_date=2026-04-30')).json<List>().count,
    ).toBe(1);
    expect((await get('reader', '/api/v1/measurement?start_date=2026-04-01')).json<List>().count).toBe(0);
    expect((await get('reader', '/api/v1/measurement?created_at_gt=2026-01-01')).json<List>().count).toBe(1);
    expect((await get('reader', '/api/v1/measurement?created_at_lt=2026-01-01')).json<List>().count).toBe(0);
  });

  it('sort with desc(field),asc(other), break ties by id, and sort users by first and last name', async () => {
    const users = (await get('admin', '/api/v1/user')).json<List>().data;
    const names = users.map((u) => `${String(u.first_name)} ${String(u.last_name)}`);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const desc = (await get('super', '/api/v1/user?sort=desc(last_name),asc(first_name)')).json<List>().data;
    const keys = desc.map((u) => String(u.last_name).toLowerCase());
    expect(keys).toEqual([...keys].sort().reverse());
    // Equal keys: the id decides, so every page is stable.
    const tied = (await get('super', '/api/v1/account?sort=asc(type)')).json<List>().data;
    for (let i = 1; i < tied.length; i += 1) {
      const [a, b] = [tied[i - 1], tied[i]] as [Record<string, string>, Record<string, string>];
      if (a.type === b.type) expect(String(a.id) < String(b.id)).toBe(true);
    }
  });

  it('page with limit and skip; count is the total', async () => {
    const first = (await get('super', '/api/v1/user?limit=3&skip=0')).json<List>();
    const second = (await get('super', '/api/v1/user?limit=3&skip=3')).json<List>();
    expect(first.count).toBe(10);
    expect(first.data).toHaveLength(3);
    expect(second.data.map((u) => u.id)).not.toContain(first.data[0]?.id);
  });

  it('never show a password hash', async () => {
    const response = await get('super', '/api/v1/user');
    expect(response.body).not.toContain('password_hash');
    expect(response.body).not.toContain('scrypt$');
  });

  it('answer bad parameters with 400 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['/api/v1/measurement?limit=abc', /^limit: /],
      ['/api/v1/measurement?limit=5001', /^limit: /],
      ['/api/v1/measurement?skip=-1', /^skip: /],
      ['/api/v1/measurement?sort=desc(password)', /^sort: cannot sort measurement by 'password'/],
      ['/api/v1/measurement?sort=name', /^sort: /],
      ['/api/v1/measurement?id=123', /^id: /],
      ['/api/v1/measurement?account=xyz', /^account: /],
      ['/api/v1/measurement?start_date=yesterday', /^start_date: /],
      ['/api/v1/measurement?created_at_gt=soon', /^created_at_gt: /],
      ['/api/v1/measurement?bogus=1', /^bogus: not a query parameter/],
      ['/api/v1/measurement?limit=1&limit=2', /^limit: give this parameter once/],
      ['/api/v1/report?type=pie', /^type: /],
    ];
    for (const [url, message] of cases) {
      const response = await get('reader', url);
      expect(response.statusCode, url).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body.error, url).toBe('Bad Request');
      expect(body.message, url).toMatch(message);
    }
  });
});

describe('writes', () => {
  beforeEach(() => app.db.reset());

  it('create (201, {data, count}), update and delete (204) within the own account', async () => {
    const created = await send('writer', 'POST', '/api/v1/measurement', measurementBody(OWN));
    expect(created.statusCode).toBe(201);
    const row = created.json<{ data: Record<string, unknown>; count: number }>().data;
    expect(row).toMatchObject({ account: OWN, name: 'Autumn flight', impressions: 0, apm: null });
    expect(row.id).toMatch(/^[0-9a-f]{24}$/);

    const updated = await send('writer', 'PUT', `/api/v1/measurement?id=${String(row.id)}`, {
      name: 'Autumn flight 2',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ data: Record<string, unknown> }>().data.name).toBe('Autumn flight 2');
    expect((await get('writer', `/api/v1/measurement?id=${String(row.id)}`)).json<List>().data[0]?.name).toBe(
      'Autumn flight 2',
    );

    const deleted = await send('writer', 'DELETE', `/api/v1/measurement?id=${String(row.id)}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await get('writer', `/api/v1/measurement?id=${String(row.id)}`)).json<List>().count).toBe(0);
  });

  it('show an edit in the next page of a list at once (list bodies reuse each row JSON until it changes)', async () => {
    const page = () => get('reader', `/api/v1/measurement?account=${OWN}&sort=asc(name)&limit=25`);
    const before = (await page()).json<List>();
    const id = ROW_IDS.measurement?.own;
    const renamed = await send('writer', 'PUT', `/api/v1/measurement?id=${id}`, { name: 'Renamed flight' });
    expect(renamed.statusCode).toBe(200);
    const after = (await page()).json<List>();
    expect(after.count).toBe(before.count);
    expect(after.data.find((row) => row.id === id)?.name).toBe('Renamed flight');
    expect((await page()).body).toBe(JSON.stringify(after));
  });

  it('refuse unknown and server-owned fields (mass assignment), naming them', async () => {
    const extra = await send('writer', 'POST', '/api/v1/measurement', { ...measurementBody(OWN), apm: 9999 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<ErrorBody>().message).toBe('apm: unknown field');
    const id = ROW_IDS.measurement?.own;
    const sneaky = await send('writer', 'PUT', `/api/v1/measurement?id=${id}`, { id: 'a'.repeat(24), created_at: 'x' });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json<ErrorBody>().message).toMatch(/id, created_at: unknown fields/);
  });

  it('check the whole row after a partial update', async () => {
    const response = await send('writer', 'PUT', `/api/v1/measurement?id=${ROW_IDS.measurement?.own}`, {
      end_date: '2026-02-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe('end_date: end_date must not be before start_date');
  });

  it('keep users out of other accounts: 403 on create there, 404 on rows they cannot see', async () => {
    const create = await send('writer', 'POST', '/api/v1/measurement', measurementBody(FOREIGN));
    expect(create.statusCode).toBe(403);
    expect(create.json<ErrorBody>().message).toBe(messages.access.foreignAccount);
    const update = await send('admin', 'PUT', `/api/v1/measurement?id=${ROW_IDS.measurement?.foreign}`, {
      name: 'mine now',
    });
    expect(update.statusCode).toBe(404);
    const del = await send('admin', 'DELETE', `/api/v1/measurement?id=${ROW_IDS.measurement?.foreign}`);
    expect(del.statusCode).toBe(404);
    // Moving an own row into a foreign account is refused too.
    const move = await send('writer', 'PUT', `/api/v1/measurement?id=${ROW_IDS.measurement?.own}`, {
      account: FOREIGN,
    });
    expect(move.statusCode).toBe(403);
  });

  it('need the write role of the resource in the row account', async () => {
    expect((await send('reader', 'POST', '/api/v1/measurement', measurementBody(OWN))).statusCode).toBe(403);
    expect(
      (await send('writer', 'POST', '/api/v1/label-category', { account: OWN, name: 'Campaign' })).statusCode,
    ).toBe(403);
    expect((await send('admin', 'POST', '/api/v1/label-category', { account: OWN, name: 'Campaign' })).statusCode).toBe(
      201,
    );
    // admin@northwind reads Contoso but cannot write there.
    const contoso = await send('admin', 'POST', '/api/v1/label-category', { account: ACCOUNT_IDS.contoso, name: 'X' });
    expect(contoso.statusCode).toBe(403);
    expect(contoso.json<ErrorBody>().message).toBe(messages.access.writeRefused);
  });

  it('let only root write global rows and only super write lookups', async () => {
    const report = { account: null, name: 'Global 2', type: 'table', description: '', metrics: [], dimensions: [] };
    expect((await send('admin', 'POST', '/api/v1/report', report)).statusCode).toBe(403);
    expect((await send('root', 'POST', '/api/v1/report', report)).statusCode).toBe(201);
    expect((await send('root', 'POST', '/api/v1/model', { name: 'New model' })).statusCode).toBe(403);
    expect((await send('super', 'POST', '/api/v1/model', { name: 'New model' })).statusCode).toBe(201);
    expect((await send('reader', 'PUT', `/api/v1/report?id=${ROW_IDS.report?.global}`, { name: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('fill a label value category from its category_id', async () => {
    const response = await send('admin', 'POST', '/api/v1/label-value', {
      name: 'Blue',
      category_id: ROW_IDS['label-category']?.own,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: Record<string, unknown> }>().data.category).toEqual({
      id: ROW_IDS['label-category']?.own,
      name: 'Brand own',
      account: OWN,
    });
    const foreign = await send('admin', 'POST', '/api/v1/label-value', {
      name: 'Red',
      category_id: ROW_IDS['label-category']?.foreign,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<ErrorBody>().message).toBe('category_id: no such label category');
  });
});

describe('user writes: nobody gives what they do not have', () => {
  beforeEach(() => app.db.reset());
  const newUser = (extra: Record<string, unknown> = {}) => ({
    account: OWN,
    first_name: 'Nina',
    last_name: 'North',
    email: 'nina@northwind.test',
    super_admin: false,
    access_grants: [{ id: OWN, type: 'account', role: 'write' }],
    root_account_access_grants: [],
    viewed_marketing_consent: false,
    marketing_consent: false,
    ...extra,
  });

  it('lets an admin create a user in the own account, without a password and unverified', async () => {
    const response = await send('admin', 'POST', '/api/v1/user', newUser());
    expect(response.statusCode).toBe(201);
    const body = response.json<{ data: Record<string, unknown> }>().data;
    expect(body).toMatchObject({ email: 'nina@northwind.test', email_verified: false });
    expect(body).not.toHaveProperty('password_hash');
    const again = await send('admin', 'POST', '/api/v1/user', newUser());
    expect(again.statusCode).toBe(409);
  });

  it('refuses super_admin, root grants, grants above the own role and grants elsewhere', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ super_admin: true }, /^super_admin: /],
      [{ root_account_access_grants: [{ id: OWN, type: 'account', role: 'root' }] }, /^root_account_access_grants: /],
      [{ access_grants: [{ id: OWN, type: 'account', role: 'root' }] }, /^access_grants: /],
      [{ access_grants: [{ id: ACCOUNT_IDS.contoso, type: 'account', role: 'read' }] }, /^access_grants: /],
      [{ access_grants: [{ id: FOREIGN, type: 'account', role: 'read' }] }, /^access_grants: /],
    ];
    for (const [extra, message] of cases) {
      const response = await send('admin', 'POST', '/api/v1/user', newUser(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(403);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect((await send('writer', 'POST', '/api/v1/user', newUser())).statusCode).toBe(403);
  });

  it('refuses an admin promoting a user to super admin, or editing a root user', async () => {
    expect(
      (await send('admin', 'PUT', `/api/v1/user?id=${PERSONA_IDS.writer}`, { super_admin: true })).statusCode,
    ).toBe(403);
    expect(
      (await send('admin', 'PUT', `/api/v1/user?id=${PERSONA_IDS.writer}`, { first_name: 'Wren' })).statusCode,
    ).toBe(200);
    expect((await send('admin', 'PUT', `/api/v1/user?id=${PERSONA_IDS.root}`, { first_name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await send('root', 'PUT', `/api/v1/user?id=${PERSONA_IDS.super}`, { first_name: 'X' })).statusCode).toBe(
      403,
    );
    expect(
      (await send('super', 'PUT', `/api/v1/user?id=${PERSONA_IDS.writer}`, { super_admin: true })).statusCode,
    ).toBe(200);
  });

  it('lets nobody delete themselves', async () => {
    expect((await send('admin', 'DELETE', `/api/v1/user?id=${PERSONA_IDS.admin}`)).statusCode).toBe(409);
  });
});
