/**
 * Activations and domain lists through the API: account isolation, the write role,
 * lamp_access, referenced ids in the same account, state actions and the deal id, delete refused
 * while a list is in use, the domain preview against the metrics endpoint's breakdown, creating an
 * activation with its list as one operation, and uploads reported by line with nothing saved.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { DEAL_ID_PATTERN } from '../../src/shared/activations.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildSeededApp, injectAs, OWN, ROW_IDS, type InjectMethod, type Persona } from '../helpers/seed.ts';

interface Row extends Record<string, unknown> {
  id: string;
}
interface One {
  data: Row;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const id = (resource: string, owner: 'own' | 'foreign' | 'global') => ROW_IDS[resource]?.[owner] as string;
const call = (persona: Persona, method: InjectMethod, url: string, payload?: object) =>
  injectAs(app, persona, method, url, payload);
const message = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

async function newActivation(persona: Persona = 'writer', extra: object = {}) {
  const response = await call(persona, 'POST', '/api/v1/activation', {
    account: OWN,
    name: 'Spring deal',
    measurement: id('measurement', 'own'),
    domain_list: id('domain-list', 'own'),
    vendor: id('third-party-macro-vendor', 'global'),
    min_apm: 800,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<One>().data;
}

const setStatus = (activation: string, status: string, persona: Persona = 'writer') =>
  call(persona, 'PUT', `/api/v1/activation?id=${activation}`, { status });

describe('activation states and the deal id', () => {
  it('starts as a draft without a deal id; going active sets one that pause, resume and end keep', async () => {
    const draft = await newActivation();
    expect(draft).toMatchObject({ status: 'draft', deal_id: null });

    const active = (await setStatus(draft.id, 'active')).json<One>().data;
    expect(active.status).toBe('active');
    expect(String(active.deal_id)).toMatch(DEAL_ID_PATTERN);
    expect(String(active.deal_id)).toMatch(/^NOR-ATT-\d{4}-\d{4}$/);

    for (const status of ['paused', 'active', 'paused', 'ended']) {
      const response = await setStatus(draft.id, status);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<One>().data).toMatchObject({ status, deal_id: active.deal_id });
    }
  });

  it('refuses moves no action makes, and any change once ended; nothing changes', async () => {
    const draft = await newActivation();
    const paused = await setStatus(draft.id, 'paused');
    expect(paused.statusCode).toBe(409);
    expect(message(paused)).toBe('status: an activation that is draft cannot become paused');

    await setStatus(draft.id, 'ended');
    for (const body of [{ status: 'active' }, { name: 'Renamed' }, { min_apm: 1 }]) {
      const response = await call('writer', 'PUT', `/api/v1/activation?id=${draft.id}`, body);
      expect(response.statusCode).toBe(409);
      expect(message(response)).toBe('This activation has ended and can no longer change');
    }
    const stored = app.repositories.activation.byId(draft.id);
    expect(stored).toMatchObject({ status: 'ended', name: 'Spring deal', deal_id: null });
  });

  it('takes no deal id from a client, and starts only as draft or active', async () => {
    const forged = await call('writer', 'POST', '/api/v1/activation', {
      account: OWN,
      name: 'Forged',
      measurement: null,
      domain_list: null,
      vendor: null,
      min_apm: null,
      deal_id: 'NOR-ATT-2026-0001',
    });
    expect(forged.statusCode).toBe(400);
    expect(message(forged)).toContain('deal_id: unknown field');
    const paused = await call('writer', 'POST', '/api/v1/activation', {
      account: OWN,
      name: 'Paused',
      measurement: null,
      domain_list: null,
      vendor: null,
      min_apm: null,
      status: 'paused',
    });
    expect(paused.statusCode).toBe(400);
    const live = await newActivation('writer', { status: 'active' });
    expect(String(live.deal_id)).toMatch(DEAL_ID_PATTERN);
    const put = await call('writer', 'PUT', `/api/v1/activation?id=${live.id}`, { deal_id: 'NOR-ATT-2026-0001' });
    expect(put.statusCode).toBe(400);
  });

  it('gives every activation its own deal id', async () => {
    const ids = new Set<unknown>();
    for (let i = 0; i < 30; i += 1) ids.add((await newActivation('writer', { status: 'active' })).deal_id);
    const fixtures = app.repositories.activation.all().map((a) => a.deal_id);
    expect(ids.size).toBe(30);
    expect(fixtures.filter(Boolean).length).toBe(new Set(fixtures.filter(Boolean)).size);
  });
});

describe('who may do what', () => {
  it('lets readers see activations and lists but not create, change or delete them', async () => {
    const activation = await newActivation();
    expect((await call('reader', 'GET', `/api/v1/activation?account=${OWN}`)).statusCode).toBe(200);
    expect((await call('reader', 'GET', `/api/v1/domain-list?account=${OWN}`)).statusCode).toBe(200);
    for (const response of [
      await setStatus(activation.id, 'active', 'reader'),
      await call('reader', 'DELETE', `/api/v1/domain-list?id=${id('domain-list', 'own')}`),
      await call('reader', 'POST', '/api/v1/domain-list/upload', {
        account: OWN,
        name: 'Reader list',
        type: 'allow',
        text: 'a.com',
      }),
      await call('reader', 'POST', '/api/v1/activation/with-list', {
        name: 'Reader deal',
        measurement: id('measurement', 'own'),
        vendor: id('third-party-macro-vendor', 'global'),
        min_apm: 0,
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(message(response)).toBe(messages.access.writeRefused);
    }
    expect(app.repositories.activation.byId(activation.id)?.status).toBe('draft');
  });

  it('keeps other accounts out: their rows are not found, their ids cannot be referenced', async () => {
    const foreignList = id('domain-list', 'foreign');
    expect((await call('writer', 'GET', `/api/v1/domain-list?id=${foreignList}`)).json<{ count: number }>().count).toBe(
      0,
    );
    expect((await call('writer', 'DELETE', `/api/v1/domain-list?id=${foreignList}`)).statusCode).toBe(404);
    expect((await call('writer', 'GET', `/api/v1/domain-list/download?id=${foreignList}`)).statusCode).toBe(403);
    const borrowed = await call('writer', 'POST', '/api/v1/activation', {
      account: OWN,
      name: 'Borrowed',
      measurement: id('measurement', 'own'),
      domain_list: foreignList,
      vendor: null,
      min_apm: null,
    });
    expect(borrowed.statusCode).toBe(400);
    expect(message(borrowed)).toBe(`domain_list: no domain list with id ${foreignList}`);
    // Root sees the foreign list, but an own activation still may not point at it.
    const rootBorrowed = await call('root', 'POST', '/api/v1/activation', {
      account: OWN,
      name: 'Borrowed by root',
      measurement: null,
      domain_list: foreignList,
      vendor: null,
      min_apm: null,
    });
    expect(message(rootBorrowed)).toBe(`domain_list: domain list ${foreignList} belongs to another account`);
    const preview = await call(
      'writer',
      'GET',
      `/api/v1/measurement-domains?measurement=${id('measurement', 'foreign')}`,
    );
    expect(preview.statusCode).toBe(403);
  });

  it('refuses everything in an account without lamp_access with the User Error text', async () => {
    const fabrikam = ACCOUNT_IDS.fabrikam;
    for (const response of [
      await call('selfserve', 'GET', `/api/v1/activation?account=${fabrikam}`),
      await call('selfserve', 'GET', `/api/v1/domain-list?account=${fabrikam}`),
      await call('selfserve', 'POST', '/api/v1/domain-list', {
        account: fabrikam,
        name: 'No access',
        type: 'allow',
        domains: ['a.com'],
      }),
      await call('selfserve', 'POST', '/api/v1/domain-list/upload', {
        account: fabrikam,
        name: 'No access',
        type: 'allow',
        text: 'a.com',
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(message(response)).toBe(messages.access.userError);
    }
    expect(app.repositories['domain-list'].all().some((l) => l.account === fabrikam)).toBe(false);
  });
});

describe('domain lists', () => {
  it('refuses to delete a list an activation uses, naming it; an ended activation no longer holds it', async () => {
    const activation = await newActivation();
    const list = id('domain-list', 'own');
    const refused = await call('writer', 'DELETE', `/api/v1/domain-list?id=${list}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      "The domain list 'Domains own' is used by the activation 'Spring deal': end it or choose another list first",
    );
    expect(app.repositories['domain-list'].byId(list)).toBeDefined();
    await setStatus(activation.id, 'ended');
    expect((await call('writer', 'DELETE', `/api/v1/domain-list?id=${list}`)).statusCode).toBe(204);
  });

  it('normalises and merges entries sent as JSON, and names a bad one by position', async () => {
    const created = await call('writer', 'POST', '/api/v1/domain-list', {
      account: OWN,
      name: 'JSON list',
      type: 'block',
      domains: ['https://www.Example.com/path', 'example.com', 'com.king.candycrush'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<One>().data.domains).toEqual(['example.com', 'com.king.candycrush']);
    const bad = await call('writer', 'POST', '/api/v1/domain-list', {
      account: OWN,
      name: 'Bad JSON list',
      type: 'block',
      domains: ['ok.com', 'not ok'],
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe("domains.1: 'not ok' is not a domain or app bundle id");
  });

  it('creates from an uploaded CSV, reporting duplicates, and downloads the same entries', async () => {
    const upload = await call('writer', 'POST', '/api/v1/domain-list/upload', {
      account: OWN,
      name: 'Upload list',
      type: 'allow',
      file_name: 'sites.csv',
      text: 'Domain\ntheguardian.com\nMETRO.co.uk\ntheguardian.com\ncom.itv.itvx\n',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const body = upload.json<{ data: Row; duplicates: number; header: boolean }>();
    expect(body).toMatchObject({ duplicates: 1, header: true });
    expect(body.data.domains).toEqual(['theguardian.com', 'metro.co.uk', 'com.itv.itvx']);
    const download = await call('reader', 'GET', `/api/v1/domain-list/download?id=${body.data.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Upload-list.csv"');
    expect(download.body).toBe('domain\r\ntheguardian.com\r\nmetro.co.uk\r\ncom.itv.itvx\r\n');
  });

  it('refuses an upload with bad lines, listing every one, and saves nothing (new list or replaced entries)', async () => {
    const before = app.repositories['domain-list'].count();
    const text = 'domain\nok.com\nbad one\nfine.co.uk\nalso bad\n';
    const refused = await call('writer', 'POST', '/api/v1/domain-list/upload', {
      account: OWN,
      name: 'Bad upload',
      type: 'allow',
      text,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "Line 3: 'bad one' is not a domain or app bundle id (and 1 more line). Nothing was saved.",
      lines: [
        { line: 3, message: "'bad one' is not a domain or app bundle id" },
        { line: 5, message: "'also bad' is not a domain or app bundle id" },
      ],
    });
    expect(app.repositories['domain-list'].count()).toBe(before);

    const list = id('domain-list', 'own');
    const replace = await call('writer', 'POST', '/api/v1/domain-list/upload', { id: list, text });
    expect(replace.statusCode).toBe(400);
    expect(app.repositories['domain-list'].byId(list)?.domains).toEqual(['example.com']);
    const replaced = await call('writer', 'POST', '/api/v1/domain-list/upload', {
      id: list,
      name: 'Renamed',
      text: 'x.com\ny.com',
    });
    expect(replaced.statusCode).toBe(200);
    expect(app.repositories['domain-list'].byId(list)).toMatchObject({ name: 'Renamed', domains: ['x.com', 'y.com'] });
  });

  it('holds the 50,000-entry limit on uploads and JSON alike', async () => {
    const many = Array.from({ length: 50_001 }, (_, i) => `s${i}.example.com`);
    const upload = await call('writer', 'POST', '/api/v1/domain-list/upload', {
      account: OWN,
      name: 'Too long',
      type: 'allow',
      text: many.join('\n'),
    });
    expect(upload.statusCode).toBe(400);
    expect(message(upload)).toContain('The list has 50,001 entries; a domain list holds at most 50,000');
    const json = await call('writer', 'POST', '/api/v1/domain-list', {
      account: OWN,
      name: 'Too long',
      type: 'allow',
      domains: many,
    });
    expect(json.statusCode).toBe(400);
    const exact = await call('writer', 'POST', '/api/v1/domain-list/upload', {
      account: OWN,
      name: 'Exactly full',
      type: 'allow',
      text: many.slice(0, 50_000).join('\n'),
    });
    expect(exact.statusCode).toBe(201);
  });

  it('needs account, name and type to make a new list', async () => {
    const response = await call('writer', 'POST', '/api/v1/domain-list/upload', { account: OWN, text: 'a.com' });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('name: required; type: required');
  });
});

describe('the domain preview and creating with a list', () => {
  const measurement = () => id('measurement', 'own');

  it("counts the metrics endpoint's own domain breakdown at or above the minimum", async () => {
    const metrics = (
      await call('reader', 'GET', `/api/v1/measurement-metrics?measurement=${measurement()}&breakdown_limit=500`)
    ).json<{
      data: {
        breakdowns: { domain: { key: string; apm: number | null; impressions: number }[] };
        totals: { impressions: number };
      };
    }>().data;
    const domains = metrics.breakdowns.domain;
    expect(domains.length).toBeGreaterThan(1);
    const apms = domains.map((d) => d.apm ?? 0).sort((a, b) => a - b);
    const threshold = Math.round(apms[Math.floor(apms.length / 2)]!);
    const preview = (
      await call('reader', 'GET', `/api/v1/measurement-domains?measurement=${measurement()}&min_apm=${threshold}`)
    ).json<{ data: { qualifying: { count: number; impressions: number; share: number } } }>().data;
    const expected = domains.filter((d) => d.apm !== null && d.apm >= threshold && /\./.test(d.key));
    expect(preview.qualifying.count).toBe(expected.length);
    expect(preview.qualifying.impressions).toBe(expected.reduce((sum, d) => sum + d.impressions, 0));
    expect(preview.qualifying.share).toBeCloseTo(preview.qualifying.impressions / metrics.totals.impressions);
  });

  it('refuses a bad minimum and an unknown measurement', async () => {
    expect(
      (await call('reader', 'GET', `/api/v1/measurement-domains?measurement=${measurement()}&min_apm=-1`)).statusCode,
    ).toBe(400);
    expect(
      (await call('reader', 'GET', `/api/v1/measurement-domains?measurement=${measurement()}&min_apm=lots`)).statusCode,
    ).toBe(400);
    expect(
      (await call('reader', 'GET', '/api/v1/measurement-domains?measurement=ffffffffffffffffffffffff')).statusCode,
    ).toBe(404);
  });

  it('creates the allow list and the activation together, active with a deal id', async () => {
    const response = await call('writer', 'POST', '/api/v1/activation/with-list', {
      name: 'Guided deal',
      measurement: measurement(),
      vendor: id('third-party-macro-vendor', 'global'),
      min_apm: 0,
      status: 'active',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { activation, domain_list: list } = response.json<{ data: { activation: Row; domain_list: Row } }>().data;
    expect(list).toMatchObject({ account: OWN, name: 'Guided deal – allow list', type: 'allow' });
    expect(activation).toMatchObject({ account: OWN, domain_list: list.id, status: 'active', min_apm: 0 });
    expect(String(activation.deal_id)).toMatch(DEAL_ID_PATTERN);
    const preview = (
      await call('writer', 'GET', `/api/v1/measurement-domains?measurement=${measurement()}&min_apm=0`)
    ).json<{ data: { qualifying: { domains: string[] } } }>().data;
    expect(app.repositories['domain-list'].byId(list.id)?.domains).toEqual(preview.qualifying.domains);
    expect(app.repositories.activation.byId(activation.id)).toBeDefined();
  });

  it('creates neither when no domain qualifies or the platform is unknown', async () => {
    const lists = app.repositories['domain-list'].count();
    const activations = app.repositories.activation.count();
    const none = await call('writer', 'POST', '/api/v1/activation/with-list', {
      name: 'Impossible',
      measurement: measurement(),
      vendor: id('third-party-macro-vendor', 'global'),
      min_apm: 1_000_000,
    });
    expect(none.statusCode).toBe(400);
    expect(message(none)).toBe('No domain of this measurement reaches an APM of 1,000,000: lower the minimum APM');
    const vendor = await call('writer', 'POST', '/api/v1/activation/with-list', {
      name: 'Nowhere',
      measurement: measurement(),
      vendor: 'ffffffffffffffffffffffff',
      min_apm: 0,
    });
    expect(vendor.statusCode).toBe(400);
    expect(message(vendor)).toBe('vendor: no third party macro vendor with id ffffffffffffffffffffffff');
    expect([app.repositories['domain-list'].count(), app.repositories.activation.count()]).toEqual([
      lists,
      activations,
    ]);
  });
});

describe('the API description', () => {
  it('documents the preview beside the metrics endpoint, and the other activation routes, from their schemas', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { description?: string; parameters?: { name?: string; in?: string }[] }>>;
    }>();
    const preview = doc.paths['/api/v1/measurement-domains']?.get;
    // Its own query parameters; the headers every operation takes are references.
    expect(preview?.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['measurement', 'min_apm']);
    expect(preview?.description).toContain('account feature lamp_access');
    expect(doc.paths['/api/v1/measurement-metrics']?.get).toBeDefined();
    expect(doc.paths['/api/v1/activation/with-list']?.post?.description).toContain('permission activation.write');
    expect(doc.paths['/api/v1/domain-list/upload']?.post).toBeDefined();
    expect(doc.paths['/api/v1/domain-list/download']?.get).toBeDefined();
  });
});
