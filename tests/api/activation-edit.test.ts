/**
 * Editing and deleting activations through the API: the settings of a draft or paused activation
 * change together (PUT /api/v1/activation/with-list?id=), a new minimum APM re-derives its allow
 * list, and every write is checked against the state, the role, the account and the version it
 * was read at; a refused write changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activationMessages, allowListName } from '../../src/shared/activations.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildSeededApp, injectAs, type InjectMethod, FOREIGN, OWN, ROW_IDS, type Persona } from '../helpers/seed.ts';

interface Row extends Record<string, unknown> {
  id: string;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const id = (resource: string, owner: 'own' | 'foreign' | 'global') => ROW_IDS[resource]?.[owner] as string;
const vendor = () => id('third-party-macro-vendor', 'global');
const message = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

const call = (persona: Persona, method: InjectMethod, url: string, payload?: object, ifMatch?: string) =>
  injectAs(app, persona, method, url, payload, ifMatch);

/** An activation made as the guided form makes it (its own allow list), at min APM 0. */
async function guided(status: 'draft' | 'active' = 'draft', account: 'own' | 'foreign' = 'own') {
  const response = await call(account === 'own' ? 'writer' : 'super', 'POST', '/api/v1/activation/with-list', {
    name: 'Autumn deal',
    measurement: id('measurement', account),
    vendor: vendor(),
    min_apm: 0,
    status,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { activation: Row; domain_list: Row } }>().data;
}

/** The activation's ETag, as a page that opened it holds it. */
async function versionOf(activationId: string, persona: Persona = 'writer'): Promise<string> {
  const response = await call(persona, 'GET', `/api/v1/activation?id=${activationId}`);
  expect(response.statusCode).toBe(200);
  return String(response.headers.etag);
}

async function preview(minApm: number): Promise<string[]> {
  const response = await call(
    'reader',
    'GET',
    `/api/v1/measurement-domains?measurement=${id('measurement', 'own')}&min_apm=${minApm}`,
  );
  return response.json<{ data: { qualifying: { domains: string[] } } }>().data.qualifying.domains;
}

/** A minimum APM at which some but not all of the measurement's domains qualify. */
async function middleApm(): Promise<number> {
  const all = await call(
    'reader',
    'GET',
    `/api/v1/measurement-domains?measurement=${id('measurement', 'own')}&min_apm=0`,
  );
  const apms = all
    .json<{ data: { entries: { apm: number | null; listable: boolean }[] } }>()
    .data.entries.filter((e) => e.listable && e.apm !== null)
    .map((e) => e.apm as number)
    .sort((a, b) => a - b);
  return Math.ceil(apms[Math.floor(apms.length / 2)]!);
}

const settings = (activationId: string, body: object, ifMatch?: string, persona: Persona = 'writer') =>
  call(persona, 'PUT', `/api/v1/activation/with-list?id=${activationId}`, body, ifMatch);

const snapshot = () => JSON.stringify([app.repositories.activation.all(), app.repositories['domain-list'].all()]);

describe('changing the settings of an activation', () => {
  it('renames, moves platform and re-derives its own allow list in place; the answer carries the new version', async () => {
    const { activation, domain_list: list } = await guided();
    const minApm = await middleApm();
    const expected = await preview(minApm);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan((list.domains as string[]).length);

    const response = await settings(
      activation.id,
      { name: 'Winter deal', vendor: vendor(), min_apm: minApm },
      await versionOf(activation.id),
    );
    expect(response.statusCode, response.body).toBe(200);
    const stored = app.repositories.activation.byId(activation.id)!;
    expect(stored).toMatchObject({ name: 'Winter deal', min_apm: minApm, domain_list: list.id, status: 'draft' });
    expect(app.repositories['domain-list'].byId(list.id)).toMatchObject({
      name: allowListName('Winter deal'),
      domains: expected,
    });
    expect(response.json<{ data: { domain_list: Row } }>().data.domain_list.domains).toEqual(expected);
    expect(response.headers.etag).toBe(await versionOf(activation.id));
  });

  it('changes a paused activation too, keeping its deal id', async () => {
    const { activation } = await guided('active');
    await call('writer', 'PUT', `/api/v1/activation?id=${activation.id}`, { status: 'paused' });
    const response = await settings(
      activation.id,
      { name: 'Paused and renamed', vendor: vendor(), min_apm: 0 },
      await versionOf(activation.id),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(app.repositories.activation.byId(activation.id)).toMatchObject({
      name: 'Paused and renamed',
      status: 'paused',
      deal_id: activation.deal_id,
    });
  });

  it('makes a new allow list when its list is shared with another activation, and leaves that one alone', async () => {
    const { activation, domain_list: list } = await guided();
    const other = await call('writer', 'POST', '/api/v1/activation', {
      account: OWN,
      name: 'Sharing deal',
      measurement: id('measurement', 'own'),
      domain_list: list.id,
      vendor: vendor(),
      min_apm: 0,
    });
    expect(other.statusCode).toBe(201);
    const minApm = await middleApm();
    const response = await settings(activation.id, { name: 'Autumn deal', vendor: vendor(), min_apm: minApm });
    expect(response.statusCode, response.body).toBe(200);
    const made = response.json<{ data: { domain_list: Row } }>().data.domain_list;
    expect(made.id).not.toBe(list.id);
    expect(made).toMatchObject({ name: allowListName('Autumn deal'), type: 'allow', domains: await preview(minApm) });
    expect(app.repositories.activation.byId(activation.id)?.domain_list).toBe(made.id);
    expect(app.repositories['domain-list'].byId(list.id)?.domains).toEqual(list.domains);
  });

  it('refuses an active or ended activation (409), saying what to do; nothing changes', async () => {
    const { activation } = await guided('active');
    const before = snapshot();
    const body = { name: 'Live rename', vendor: vendor(), min_apm: 0 };
    const live = await settings(activation.id, body, await versionOf(activation.id));
    expect(live.statusCode).toBe(409);
    expect(message(live)).toBe(activationMessages.settingsLocked);
    // The engine's PUT holds the same rule.
    const engine = await call('writer', 'PUT', `/api/v1/activation?id=${activation.id}`, { name: 'Live rename' });
    expect(engine.statusCode).toBe(409);
    expect(message(engine)).toBe(activationMessages.settingsLocked);
    expect(snapshot()).toBe(before);

    await call('writer', 'PUT', `/api/v1/activation?id=${activation.id}`, { status: 'ended' });
    const ended = await settings(activation.id, body);
    expect(ended.statusCode).toBe(409);
    expect(message(ended)).toBe(activationMessages.ended);
  });

  it('refuses a stale version (412) and changes nothing; the current one goes through', async () => {
    const { activation } = await guided();
    const read = await versionOf(activation.id);
    // Someone else renames it meanwhile.
    expect((await settings(activation.id, { name: 'Theirs', vendor: vendor(), min_apm: 0 }, read)).statusCode).toBe(
      200,
    );
    const before = snapshot();
    const stale = await settings(activation.id, { name: 'Mine', vendor: vendor(), min_apm: 5 }, read);
    expect(stale.statusCode).toBe(412);
    expect(message(stale)).toBe(messages.api.changedBySomeoneElse('activation'));
    expect(snapshot()).toBe(before);
    const fresh = await settings(
      activation.id,
      { name: 'Mine', vendor: vendor(), min_apm: 0 },
      await versionOf(activation.id),
    );
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a bad minimum APM with a message on the field, and a minimum no domain reaches', async () => {
    const { activation } = await guided();
    const before = snapshot();
    for (const min_apm of [-1, 'lots', 1_000_001]) {
      const response = await settings(activation.id, { name: 'Bad', vendor: vendor(), min_apm });
      expect(response.statusCode, JSON.stringify(min_apm)).toBe(400);
      expect(message(response)).toMatch(/^min_apm: /);
    }
    const none = await settings(activation.id, { name: 'Bad', vendor: vendor(), min_apm: 1_000_000 });
    expect(none.statusCode).toBe(400);
    expect(message(none)).toBe(`min_apm: ${activationMessages.noQualifyingDomains(1_000_000)}`);
    const unknown = await settings(activation.id, { name: 'Bad', vendor: 'ffffffffffffffffffffffff', min_apm: 0 });
    expect(unknown.statusCode).toBe(400);
    const extra = await settings(activation.id, { name: 'Bad', vendor: vendor(), min_apm: 0, status: 'active' });
    expect(extra.statusCode).toBe(400);
    expect(snapshot()).toBe(before);
  });

  it('refuses readers (403) and other accounts, and answers 404 for an unknown id', async () => {
    const { activation } = await guided();
    const foreign = await guided('draft', 'foreign');
    const before = snapshot();
    const body = { name: 'Not yours', vendor: vendor(), min_apm: 0 };
    const reader = await settings(activation.id, body, undefined, 'reader');
    expect(reader.statusCode).toBe(403);
    expect(message(reader)).toBe(messages.access.writeRefused);
    const other = await settings(foreign.activation.id, body);
    expect(other.statusCode).toBe(403);
    expect(message(other)).toBe(messages.access.foreignAccount);
    expect((await settings('ffffffffffffffffffffffff', body)).statusCode).toBe(404);
    expect(snapshot()).toBe(before);
    expect(FOREIGN).not.toBe(OWN);
  });
});

describe('deleting an activation', () => {
  it('deletes a draft and an ended one; refuses an active or paused one (409) until it is ended', async () => {
    const draft = (await guided()).activation;
    expect((await call('writer', 'DELETE', `/api/v1/activation?id=${draft.id}`)).statusCode).toBe(204);
    expect(app.repositories.activation.byId(draft.id)).toBeUndefined();

    const live = (await guided('active')).activation;
    for (const status of ['active', 'paused']) {
      if (status === 'paused') await call('writer', 'PUT', `/api/v1/activation?id=${live.id}`, { status });
      const refused = await call('writer', 'DELETE', `/api/v1/activation?id=${live.id}`);
      expect(refused.statusCode).toBe(409);
      expect(message(refused)).toBe(activationMessages.deleteRefused(status as 'active' | 'paused'));
      expect(app.repositories.activation.byId(live.id)?.status).toBe(status);
    }
    await call('writer', 'PUT', `/api/v1/activation?id=${live.id}`, { status: 'ended' });
    expect((await call('writer', 'DELETE', `/api/v1/activation?id=${live.id}`)).statusCode).toBe(204);
  });

  it('refuses a stale version (412) and a reader (403), deleting nothing', async () => {
    const { activation } = await guided();
    const read = await versionOf(activation.id);
    await settings(activation.id, { name: 'Changed meanwhile', vendor: vendor(), min_apm: 0 });
    const stale = await call('writer', 'DELETE', `/api/v1/activation?id=${activation.id}`, undefined, read);
    expect(stale.statusCode).toBe(412);
    const reader = await call('reader', 'DELETE', `/api/v1/activation?id=${activation.id}`);
    expect(reader.statusCode).toBe(403);
    expect(app.repositories.activation.byId(activation.id)?.name).toBe('Changed meanwhile');
    const fresh = await call(
      'writer',
      'DELETE',
      `/api/v1/activation?id=${activation.id}`,
      undefined,
      await versionOf(activation.id),
    );
    expect(fresh.statusCode).toBe(204);
  });
});
