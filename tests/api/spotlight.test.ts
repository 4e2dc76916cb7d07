/**
 * The Spotlight service (decisions.md §5) through inject, on the demo fixtures: the auth call's
 * onboarding answers, every service route × token missing / expired / foreign company, the role
 * and membership rules, list paging and ordering, optimistic concurrency, and bad input that
 * changes nothing.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { SESSION_COOKIE, SessionStore } from '../../server/plugins/session.ts';
import { signSpotlightToken, SPOTLIGHT_TOKEN_TTL_MS } from '../../server/routes/spotlight/token.ts';
import { messages } from '../../src/shared/messages.ts';
import { brief, spotlightAuthResponse, stim } from '../../src/shared/schemas/spotlight.ts';
import { SPOTLIGHT_ERROR } from '../../src/shared/spotlight-words.ts';
import { buildTestApp } from '../helpers/app.ts';
import { multipart, png } from '../support/media-files.ts';

type List<T = { id: string }> = { data: T[]; count: number };
type One = { data: { id: string; status?: string; results?: unknown } };
type RankedStim = { results: { noticed_pct: number; norms: { noticed_pct: number } } };
type Ranked = { data: { best: RankedStim[]; worst: RankedStim[]; headline: { studies: number } } };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const session = (userId: string) => ({ cookie: `${SESSION_COOKIE}=${app.sessions.create(userId)}` });
/** A token as the auth call mints it: tied to a live session of the user. */
const token = (userId: string, now = Date.now()) =>
  signSpotlightToken(app.config.linkSecret, userId, SessionStore.reference(app.sessions.create(userId)), now);
const bearer = (userId: string, company?: string) => ({
  authorization: `Bearer ${token(userId)}`,
  ...(company ? { 'x-switched-company': company } : {}),
});
const collections = () =>
  JSON.stringify(
    ['spotlight-company', 'spotlight-user', 'spotlight-brief', 'spotlight-stim'].map(
      (name) => app.db.low.data.collections[name],
    ),
  );
const rows = (name: string) =>
  app.db.low.data.collections[name] as { id: string; company?: string; account?: string }[];
const CONTOSO_COMPANY = () => rows('spotlight-company').find((c) => c.account === ACCOUNT_IDS.contoso)!.id;
const FABRIKAM_COMPANY = () => rows('spotlight-company').find((c) => c.account === ACCOUNT_IDS.fabrikam)!.id;
const contosoRow = (name: string) => rows(name).find((r) => r.company === CONTOSO_COMPANY())!.id;

async function auth(userId: string | null, query: Record<string, string>) {
  const response = await app.inject({
    url: `/api/spotlight-auth?${new URLSearchParams(query).toString()}`,
    headers: userId ? session(userId) : {},
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('GET /api/spotlight-auth', () => {
  it('gives a linked user a token that opens the service', async () => {
    const result = await auth(USER_IDS.contosoPartner, { id: USER_IDS.contosoPartner, company: ACCOUNT_IDS.contoso });
    expect(result.status).toBe(200);
    const body = spotlightAuthResponse.parse(result.body);
    expect(body.success).toBe(true);
    const list = await app.inject({
      method: 'POST',
      url: '/api/spotlight/brief',
      headers: { authorization: `Bearer ${(body as { token: string }).token}` },
      payload: {},
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<List>().count).toBeGreaterThanOrEqual(6);
  });

  it.each([
    ['selfserve@fabrikam.test', USER_IDS.fabrikamSelfServe, ACCOUNT_IDS.fabrikam, SPOTLIGHT_ERROR.noUser],
    ['root@lamp.test on Lamp HQ', USER_IDS.root, ACCOUNT_IDS.lampHq, SPOTLIGHT_ERROR.noCompany],
    ['viewer@fabrikam.test', USER_IDS.fabrikamViewer, ACCOUNT_IDS.fabrikam, SPOTLIGHT_ERROR.notMember],
    [
      'admin@northwind.test (no spotlight_access)',
      USER_IDS.northwindAdmin,
      ACCOUNT_IDS.northwind,
      SPOTLIGHT_ERROR.noAccess,
    ],
  ])('answers %s with its onboarding error id', async (_who, userId, account, errorType) => {
    const result = await auth(userId, { id: userId, company: account });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: false, error_type: errorType });
    expect(typeof result.body.message).toBe('string');
  });

  it('says error 3 in the spec’s words', async () => {
    const result = await auth(USER_IDS.fabrikamViewer, { id: USER_IDS.fabrikamViewer, company: ACCOUNT_IDS.fabrikam });
    expect(result.body.message).toBe(messages.access.spotlightNoAccess);
  });

  it('lets super@lamp.test into every company, without a membership', async () => {
    for (const account of [ACCOUNT_IDS.contoso, ACCOUNT_IDS.fabrikam]) {
      const result = await auth(USER_IDS.super, { id: USER_IDS.super, company: account });
      expect(result.body.success).toBe(true);
    }
  });

  it('refuses no session (401), another user or a foreign account (403) and bad input (400)', async () => {
    expect((await auth(null, { id: USER_IDS.contosoPartner, company: ACCOUNT_IDS.contoso })).status).toBe(401);
    const other = await auth(USER_IDS.contosoPartner, { id: USER_IDS.fabrikamSelfServe, company: ACCOUNT_IDS.contoso });
    expect(other).toMatchObject({ status: 403, body: { success: false, error_type: SPOTLIGHT_ERROR.foreign } });
    const foreign = await auth(USER_IDS.contosoPartner, { id: USER_IDS.contosoPartner, company: ACCOUNT_IDS.fabrikam });
    expect(foreign.status).toBe(403);
    // admin@northwind.test reads Contoso, but Spotlight is for the user's own account unless root.
    const reader = await auth(USER_IDS.northwindAdmin, { id: USER_IDS.northwindAdmin, company: ACCOUNT_IDS.contoso });
    expect(reader.status).toBe(403);
    const bad = await auth(USER_IDS.contosoPartner, { id: 'nope', company: ACCOUNT_IDS.contoso });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/id/);
  });

  it('creates the Spotlight user for error 1, and then links it', async () => {
    const id = USER_IDS.fabrikamSelfServe;
    const created = await auth(id, {
      username: 'Sofia Brandt',
      external_id: id,
      company_name: 'Fabrikam Self-serve',
      company_id: ACCOUNT_IDS.fabrikam,
    });
    expect(created.body).toMatchObject({ success: true, message: messages.spotlight.userCreated });
    expect(rows('spotlight-user').filter((u) => (u as { external_id?: string }).external_id === id)).toHaveLength(1);
    expect((await auth(id, { id, company: ACCOUNT_IDS.fabrikam })).body.success).toBe(true);
    // The existing company was used, not a second one.
    expect(rows('spotlight-company').filter((c) => c.account === ACCOUNT_IDS.fabrikam)).toHaveLength(1);
  });

  it('creates the company for error 4', async () => {
    const id = USER_IDS.root;
    const created = await auth(id, {
      username: 'Rowan Achebe',
      external_id: id,
      company_name: 'Lamp HQ',
      company_id: ACCOUNT_IDS.lampHq,
    });
    expect(created.body.success).toBe(true);
    expect(rows('spotlight-company').filter((c) => c.account === ACCOUNT_IDS.lampHq)).toHaveLength(1);
  });

  it('does not let error 3 create its way in, and changes nothing', async () => {
    const before = collections();
    const id = USER_IDS.fabrikamViewer;
    const result = await auth(id, {
      username: 'Vera',
      external_id: id,
      company_name: 'Fabrikam',
      company_id: ACCOUNT_IDS.fabrikam,
    });
    expect(result.body).toMatchObject({ success: false, error_type: SPOTLIGHT_ERROR.notMember });
    expect(collections()).toBe(before);
  });
});

/** A draft study of Contoso's (its assets may change) and one of its assets. */
const contosoDraft = () =>
  rows('spotlight-brief').find((b) => b.company === CONTOSO_COMPANY() && (b as { status?: string }).status === 'draft')!
    .id;
const draftAsset = () => rows('spotlight-stim').find((s) => (s as { brief?: string }).brief === contosoDraft())!.id;

/** Every service route with a request that succeeds for partner@contoso.test. */
function serviceRequests(): { key: string; request: () => InjectOptions }[] {
  const idFor: Record<string, () => string> = {
    brief: contosoDraft,
    stim: draftAsset,
    company: () => CONTOSO_COMPANY(),
    user: () =>
      rows('spotlight-user').find((u) => (u as { external_id?: string }).external_id === USER_IDS.contosoPartner)!.id,
  };
  const createBodies: Record<string, () => unknown> = {
    brief: () => ({
      name: 'New study',
      context: 'dooh',
      sample_size: 150,
      start_date: '2026-12-01',
      end_date: '2026-12-10',
    }),
    stim: () => ({
      brief: contosoDraft(),
      name: 'New asset',
      type: 'image',
      format: 'Feed 1:1',
      width: 1080,
      height: 1080,
    }),
    company: () => ({ account: ACCOUNT_IDS.lampHq, name: 'Lamp HQ' }),
    user: () => ({ username: 'Someone', external_id: USER_IDS.super }),
  };
  return app.routeTable
    .filter((route) => route.url.startsWith('/api/spotlight/') && route.method !== 'HEAD')
    .map((route) => {
      const resource = route.url.split('/')[3] as string;
      const action = route.url.split('/').at(-1);
      return {
        key: `${route.method} ${route.url}`,
        request: (): InjectOptions => {
          const url = route.url.replace(':id', idFor[resource]?.() ?? '');
          if (route.method === 'GET') return { url };
          if (action === 'upload') {
            const body = multipart(
              { brief: contosoDraft(), name: 'Uploaded', format: 'MPU' },
              { name: 'mpu.png', type: 'image/png', bytes: png(300, 250) },
            );
            return { method: 'POST', url, payload: body.payload, headers: body.headers };
          }
          if (action === 'create') return { method: 'POST', url, payload: createBodies[resource]?.() as object };
          if (action === 'edit') return { method: 'POST', url, payload: {} };
          return { method: 'POST', url, payload: action === 'delete' ? undefined : {} };
        },
      };
    });
}

describe('every /api/spotlight route', () => {
  it('covers the resources, the dashboard lists and the creative', () => {
    const keys = serviceRequests().map((r) => r.key);
    expect(keys).toHaveLength(4 * 5 + 4);
    expect(keys).toContain('GET /api/spotlight/dashboard/data/brief_list/');
  });

  it('answers 401 without a token, 401 with an expired or forged one, 403 for a foreign company; nothing changes', async () => {
    const failures: string[] = [];
    const expired = token(USER_IDS.contosoPartner, Date.now() - SPOTLIGHT_TOKEN_TTL_MS - 1000);
    const forged = `${token(USER_IDS.contosoPartner).split('.')[0]}.AAAA`;
    for (const { key, request } of serviceRequests()) {
      const cases: [string, Record<string, string>, number][] = [
        ['no token', {}, 401],
        ['expired token', { authorization: `Bearer ${expired}` }, 401],
        ['forged token', { authorization: `Bearer ${forged}` }, 401],
        ['foreign company', bearer(USER_IDS.contosoPartner, ACCOUNT_IDS.fabrikam), 403],
        ['account without Spotlight', bearer(USER_IDS.northwindAdmin, ACCOUNT_IDS.northwind), 403],
        ['not a member', bearer(USER_IDS.fabrikamViewer, ACCOUNT_IDS.fabrikam), 403],
        ['malformed company', bearer(USER_IDS.contosoPartner, 'nope'), 400],
      ];
      for (const [name, headers, status] of cases) {
        const before = collections();
        const options = request();
        const response = await app.inject({ ...options, headers: { ...options.headers, ...headers } });
        if (response.statusCode !== status)
          failures.push(`${key} ${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (collections() !== before) failures.push(`${key} ${name}: data changed`);
      }
      // And the same request with a good token gets through (companies are created and deleted by
      // root; a company with studies is kept: 409).
      const rootOnly = key.includes('/company/create') || key.includes('/company/:id/delete');
      const options = request();
      const ok = await app.inject({
        ...options,
        headers: {
          ...options.headers,
          ...bearer(rootOnly ? USER_IDS.super : USER_IDS.contosoPartner, ACCOUNT_IDS.contoso),
        },
      });
      const expected = key.includes('/company/:id/delete') ? 409 : ok.statusCode < 300 ? ok.statusCode : 200;
      if (ok.statusCode !== expected)
        failures.push(`${key} with a good token: ${ok.statusCode} ${ok.body.slice(0, 160)}`);
      await app.db.reset();
    }
    expect(failures).toEqual([]);
  });
});

describe('roles and membership', () => {
  async function memberWithRole(): Promise<string> {
    // A Contoso user with a read grant, made a member of the company by the account's admin.
    const reader = (
      app.db.low.data.collections.user as { id: string; account: string; access_grants: { role: string }[] }[]
    ).find((u) => u.account === ACCOUNT_IDS.contoso && u.access_grants[0]?.role === 'read')!;
    const linked = await app.inject({
      method: 'POST',
      url: '/api/spotlight/user/create',
      headers: bearer(USER_IDS.contosoPartner),
      payload: { username: 'Contoso reader', external_id: reader.id },
    });
    expect(linked.statusCode).toBe(201);
    return reader.id;
  }

  it('lets a read member list and open studies but not write them', async () => {
    const reader = await memberWithRole();
    const list = await app.inject({
      method: 'POST',
      url: '/api/spotlight/brief',
      headers: bearer(reader),
      payload: {},
    });
    expect(list.statusCode).toBe(200);
    const before = collections();
    const create = await app.inject({
      method: 'POST',
      url: '/api/spotlight/brief/create',
      headers: bearer(reader),
      payload: { name: 'x', context: 'ctv', sample_size: 100, start_date: '2026-12-01', end_date: '2026-12-02' },
    });
    expect(create.statusCode).toBe(403);
    const remove = await app.inject({
      method: 'POST',
      url: `/api/spotlight/brief/${contosoRow('spotlight-brief')}/delete`,
      headers: bearer(reader),
    });
    expect(remove.statusCode).toBe(403);
    expect(collections()).toBe(before);
  });

  it('keeps companies apart: another company’s record is not found, root sees every company', async () => {
    const fabrikamBrief = rows('spotlight-brief').find((b) => b.company === FABRIKAM_COMPANY())!.id;
    const mine = await app.inject({
      url: `/api/spotlight/brief/${fabrikamBrief}/details`,
      headers: bearer(USER_IDS.contosoPartner),
    });
    expect(mine.statusCode).toBe(404);
    const root = await app.inject({
      url: `/api/spotlight/brief/${fabrikamBrief}/details`,
      headers: bearer(USER_IDS.super, ACCOUNT_IDS.fabrikam),
    });
    expect(root.statusCode).toBe(200);
    const companies = await app.inject({
      method: 'POST',
      url: '/api/spotlight/company',
      headers: bearer(USER_IDS.super),
      payload: {},
    });
    // super's own account (Lamp HQ) has no company: root needs a company to be selected.
    expect(companies.statusCode).toBe(403);
    const all = await app.inject({
      method: 'POST',
      url: '/api/spotlight/company',
      headers: bearer(USER_IDS.super, ACCOUNT_IDS.contoso),
      payload: {},
    });
    expect(all.json<List>().count).toBe(2);
    const partner = await app.inject({
      method: 'POST',
      url: '/api/spotlight/company',
      headers: bearer(USER_IDS.contosoPartner),
      payload: {},
    });
    expect(partner.json<List>().data.map((c) => c.id)).toEqual([CONTOSO_COMPANY()]);
  });

  it('only root creates or deletes companies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/spotlight/company/create',
      headers: bearer(USER_IDS.contosoPartner),
      payload: { account: ACCOUNT_IDS.lampHq, name: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a token for a user who no longer exists', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/spotlight/brief',
      headers: { authorization: `Bearer ${token('aaaaaaaaaaaaaaaaaaaaaaaa')}` },
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('lists', () => {
  const list = (resource: string, payload: object, headers = bearer(USER_IDS.contosoPartner)) =>
    app.inject({ method: 'POST', url: `/api/spotlight/${resource}`, headers, payload });

  it('pages from 1 with a total count, in a stable order', async () => {
    const all = (await list('brief', { results_per_page: 100, order_by: 'name_asc' })).json<
      List<{ id: string; name: string }>
    >();
    expect(all.count).toBe(8);
    const names = all.data.map((b: { name: string }) => b.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const second = (await list('brief', { page_num: 2, results_per_page: 3, order_by: 'name_asc' })).json<
      List<{ id: string; name: string }>
    >();
    expect(second.count).toBe(8);
    expect(second.data.map((b: { name: string }) => b.name)).toEqual(names.slice(3, 6));
    for (const row of all.data) brief.parse(row);
  });

  it('orders by created_at_desc by default, and by results figures with unmeasured assets last', async () => {
    const briefs = (await list('brief', { results_per_page: 100 })).json<List<{ created_at: string }>>().data;
    expect(briefs.map((b) => b.created_at)).toEqual([...briefs.map((b) => b.created_at)].sort().reverse());
    const stims = (await list('stim', { results_per_page: 100, order_by: 'noticed_pct_desc' })).json<
      List<{ results: { noticed_pct: number } | null }>
    >().data as {
      results: { noticed_pct: number } | null;
    }[];
    const measured = stims.filter((s) => s.results).map((s) => s.results!.noticed_pct);
    expect(measured).toEqual([...measured].sort((a, b) => b - a));
    expect(stims.findIndex((s) => !s.results)).toBe(measured.length);
    for (const row of stims) stim.parse(row);
  });

  it('filters by name, and a study’s assets by filter_brief', async () => {
    const found = (await list('brief', { filter_name: 'VOLT' })).json<List>();
    expect(found.count).toBe(2);
    const study = contosoRow('spotlight-brief');
    const assets = (await list('stim', { filter_brief: study, results_per_page: 100 })).json<List<{ brief: string }>>();
    expect(assets.count).toBeGreaterThanOrEqual(4);
    expect(assets.count).toBeLessThanOrEqual(8);
    expect(assets.data.every((s: { brief: string }) => s.brief === study)).toBe(true);
  });

  it('refuses a bad order, page or field with a message', async () => {
    for (const payload of [{ order_by: 'password_asc' }, { page_num: 0 }, { results_per_page: 1000 }, { extra: 1 }]) {
      const response = await list('brief', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

describe('writes', () => {
  it('creates, edits with If-Match and deletes a study with its assets', async () => {
    const headers = bearer(USER_IDS.contosoPartner);
    const created = await app.inject({
      method: 'POST',
      url: '/api/spotlight/brief/create',
      headers,
      payload: {
        name: 'Winter test',
        context: 'ctv',
        sample_size: 200,
        start_date: '2026-12-01',
        end_date: '2026-12-14',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<One>().data.id;
    expect(created.json<One>().data).toMatchObject({ status: 'draft', cells: 1, asset_count: 0 });
    const asset = await app.inject({
      method: 'POST',
      url: '/api/spotlight/stim/create',
      headers,
      payload: {
        brief: id,
        name: 'Spot',
        type: 'video',
        format: '30 s spot',
        width: 1920,
        height: 1080,
        duration_s: 30,
      },
    });
    expect(asset.statusCode).toBe(201);
    expect(asset.json<One>().data.results).toBeNull();

    const details = await app.inject({ url: `/api/spotlight/brief/${id}/details`, headers });
    const etag = details.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const edited = await app.inject({
      method: 'POST',
      url: `/api/spotlight/brief/${id}/edit`,
      headers: { ...headers, 'if-match': etag },
      payload: { status: 'fielding' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<One>().data.status).toBe('fielding');
    const before = collections();
    const stale = await app.inject({
      method: 'POST',
      url: `/api/spotlight/brief/${id}/edit`,
      headers: { ...headers, 'if-match': etag },
      payload: { status: 'complete' },
    });
    expect(stale.statusCode).toBe(412);
    const staleDelete = await app.inject({
      method: 'POST',
      url: `/api/spotlight/brief/${id}/delete`,
      headers: { ...headers, 'if-match': etag },
    });
    expect(staleDelete.statusCode).toBe(412);
    expect(collections()).toBe(before);

    const removed = await app.inject({ method: 'POST', url: `/api/spotlight/brief/${id}/delete`, headers });
    expect(removed.statusCode).toBe(204);
    expect(rows('spotlight-stim').some((s) => (s as { brief?: string }).brief === id)).toBe(false);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const headers = bearer(USER_IDS.contosoPartner);
    const fabrikamBrief = rows('spotlight-brief').find((b) => b.company === FABRIKAM_COMPANY())!.id;
    const cases: [string, object][] = [
      [
        '/api/spotlight/brief/create',
        { name: '', context: 'ctv', sample_size: 200, start_date: '2026-12-01', end_date: '2026-12-14' },
      ],
      [
        '/api/spotlight/brief/create',
        { name: 'x', context: 'radio', sample_size: 200, start_date: '2026-12-01', end_date: '2026-12-14' },
      ],
      [
        '/api/spotlight/brief/create',
        { name: 'x', context: 'ctv', sample_size: 20, start_date: '2026-12-01', end_date: '2026-12-14' },
      ],
      [
        '/api/spotlight/brief/create',
        { name: 'x', context: 'ctv', sample_size: 200, start_date: '2026-12-10', end_date: '2026-12-01' },
      ],
      [`/api/spotlight/brief/${contosoRow('spotlight-brief')}/edit`, { start_date: '2099-01-01' }],
      [`/api/spotlight/brief/${contosoRow('spotlight-brief')}/edit`, { company: FABRIKAM_COMPANY() }],
      [
        '/api/spotlight/stim/create',
        { brief: fabrikamBrief, name: 'x', type: 'image', format: 'f', width: 100, height: 100 },
      ],
      [
        '/api/spotlight/stim/create',
        { brief: contosoRow('spotlight-brief'), name: 'x', type: 'video', format: 'f', width: 100, height: 100 },
      ],
      ['/api/spotlight/user/create', { username: 'x', external_id: USER_IDS.northwindReader }],
    ];
    const before = collections();
    for (const [url, payload] of cases) {
      const response = await app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(collections()).toBe(before);
  });

  it('is undone by the test reset', async () => {
    const before = collections();
    await app.inject({
      method: 'POST',
      url: '/api/spotlight/brief/create',
      headers: bearer(USER_IDS.contosoPartner),
      payload: {
        name: 'Temporary',
        context: 'ctv',
        sample_size: 200,
        start_date: '2026-12-01',
        end_date: '2026-12-14',
      },
    });
    expect(collections()).not.toBe(before);
    await app.inject({ method: 'POST', url: '/api/v1/testing/reset' });
    expect(collections()).toBe(before);
  });
});

describe('dashboard lists and creatives', () => {
  it('ranks assets against their norm and sums up the company', async () => {
    const response = await app.inject({
      url: '/api/spotlight/dashboard/data/stim_list/',
      headers: bearer(USER_IDS.contosoPartner),
    });
    expect(response.statusCode).toBe(200);
    const { best, worst, headline } = response.json<Ranked>().data;
    expect(best).toHaveLength(5);
    expect(worst).toHaveLength(5);
    const index = (s: { results: { noticed_pct: number; norms: { noticed_pct: number } } }) =>
      s.results.noticed_pct / s.results.norms.noticed_pct;
    expect(index(best[0]!)).toBeGreaterThanOrEqual(index(best[4]!));
    expect(index(worst[0]!)).toBeLessThanOrEqual(index(worst[4]!));
    expect(headline.studies).toBe(8);
    const recent = await app.inject({
      url: '/api/spotlight/dashboard/data/brief_list/',
      headers: bearer(USER_IDS.contosoPartner),
    });
    expect(recent.json<List>().data.length).toBe(5);
  });

  it('serves the creative as SVG, the same every time', async () => {
    const id = contosoRow('spotlight-stim');
    const first = await app.inject({
      url: `/api/spotlight/stim/${id}/creative`,
      headers: bearer(USER_IDS.contosoPartner),
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(first.body).toMatch(/^<svg /);
    const second = await app.inject({
      url: `/api/spotlight/stim/${id}/creative`,
      headers: bearer(USER_IDS.contosoPartner),
    });
    expect(second.body).toBe(first.body);
  });
});

describe('the OpenAPI document', () => {
  it('describes the Spotlight family with its token and bodies', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            tags?: string[];
            security?: unknown;
            requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.components.securitySchemes.spotlightToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = document.paths['/api/spotlight/brief']?.post;
    expect(list?.tags).toEqual(['Spotlight']);
    expect(list?.security).toEqual([{ spotlightToken: [] }]);
    expect(Object.keys(list?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['page_num', 'results_per_page', 'order_by', 'filter_name']),
    );
    for (const path of [
      '/api/spotlight-auth',
      '/api/spotlight/stim/{id}/details',
      '/api/spotlight/stim/{id}/edit',
      '/api/spotlight/company/create',
      '/api/spotlight/user/{id}/delete',
      '/api/spotlight/dashboard/data/stim_list/',
    ])
      expect(document.paths[path], path).toBeDefined();
  });
});
