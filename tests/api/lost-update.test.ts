/**
 * No silent lost updates: two people open the same measurement; the first
 * saves; the second's save, sent with the version they opened, is refused with 412 and changes
 * nothing. They may reload, or overwrite with If-Match: *.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { resources, type ResourceName } from '../../src/shared/schemas/index.ts';
import { as, buildSeededApp, OWN, PERSONA_IDS, ROW_IDS } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const id = () => ROW_IDS.measurement?.own as string;
const open = (persona: 'writer' | 'admin') =>
  app.inject({ url: `/api/v1/measurement?id=${id()}&account=${OWN}`, headers: as(app, persona) });
const save = (persona: 'writer' | 'admin', etag: string | undefined, name: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/measurement?id=${id()}`,
    headers: { ...as(app, persona), ...(etag ? { 'if-match': etag } : {}) },
    payload: { name },
  });

describe('optimistic concurrency', () => {
  it('gives a single row its version as an ETag, and a new one after each change', async () => {
    const first = await open('writer');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await open('admin')).headers.etag).toBe(etag);
    const saved = await save('writer', etag, 'Renamed');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBeDefined();
    expect(saved.headers.etag).not.toBe(etag);
    // The tag a save answers is the row as now stored: the next save from the same form works.
    expect((await open('admin')).headers.etag).toBe(saved.headers.etag);
    expect((await save('writer', saved.headers.etag as string, 'Renamed again')).statusCode).toBe(200);
  });

  it('refuses a weak tag even when it names the current version (If-Match compares strongly)', async () => {
    const etag = (await open('writer')).headers.etag as string;
    expect((await save('writer', `W/${etag}`, 'Weakly tagged')).statusCode).toBe(412);
    expect((await save('writer', etag, 'Strongly tagged')).statusCode).toBe(200);
  });

  it('refuses a save based on a stale version with 412, and keeps the first save', async () => {
    const writerTag = (await open('writer')).headers.etag as string;
    const adminTag = (await open('admin')).headers.etag as string;
    expect((await save('admin', adminTag, 'Admin was first')).statusCode).toBe(200);
    const stale = await save('writer', writerTag, 'Writer overwrites');
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ message: string }>().message).toBe(messages.api.changedBySomeoneElse('measurement'));
    expect(app.repositories.measurement.byId(id())?.name).toBe('Admin was first');
  });

  it('loses no update over 100 rounds of two people saving the same version', async () => {
    let lost = 0;
    for (let round = 0; round < 100; round += 1) {
      const [a, b] = await Promise.all([open('writer'), open('admin')]);
      const results = await Promise.all([
        save('writer', a.headers.etag as string, `writer ${round}`),
        save('admin', b.headers.etag as string, `admin ${round}`),
      ]);
      const accepted = results.filter((response) => response.statusCode === 200);
      expect(accepted).toHaveLength(1);
      expect(results.filter((response) => response.statusCode === 412)).toHaveLength(1);
      const stored = app.repositories.measurement.byId(id())?.name;
      if (stored !== accepted[0]?.json<{ data: { name: string } }>().data.name) lost += 1;
    }
    expect(lost).toBe(0);
  });

  it('lets the second person overwrite on purpose with If-Match: *', async () => {
    const stale = (await open('writer')).headers.etag as string;
    await save('admin', stale, 'Admin');
    expect((await save('writer', stale, 'Writer')).statusCode).toBe(412);
    expect((await save('writer', '*', 'Writer overwrites')).statusCode).toBe(200);
    expect(app.repositories.measurement.byId(id())?.name).toBe('Writer overwrites');
  });

  it('honours If-Match on DELETE too', async () => {
    const stale = (await open('writer')).headers.etag as string;
    await save('admin', stale, 'Changed');
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/v1/measurement?id=${id()}`,
      headers: { ...as(app, 'writer'), 'if-match': stale },
    });
    expect(refused.statusCode).toBe(412);
    expect(app.repositories.measurement.byId(id())).toBeDefined();
    const fresh = (await open('writer')).headers.etag as string;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/measurement?id=${id()}`,
      headers: { ...as(app, 'writer'), 'if-match': fresh },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('answers 404, not 412, for a row the user may not see', async () => {
    const foreign = ROW_IDS.measurement?.foreign as string;
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/measurement?id=${foreign}`,
      headers: { ...as(app, 'writer'), 'if-match': '"nope"' },
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps writes without If-Match working (older clients)', async () => {
    expect((await save('writer', undefined, 'No tag')).statusCode).toBe(200);
  });
});

/**
 * Every resource of the registry: a detail GET answers the row's ETag, and
 * a PUT or DELETE sent with a version that is no longer current is refused with 412 and changes
 * nothing: saved reports, activations, domain lists, accounts, name mappings, users and the rest.
 * Iterating the registry means a new resource is covered without anyone adding a row here.
 */
describe('optimistic concurrency on every resource', () => {
  /** One seeded row of each resource: the seed's own or global row; accounts and users are the personas'. */
  const rows = () =>
    (Object.keys(resources) as ResourceName[]).flatMap((name) => {
      const ids = { ...ROW_IDS[name], ...SEEDED_ELSEWHERE[name] };
      const id = ids.own ?? ids.global;
      return id ? [{ name, id }] : [];
    });
  const SEEDED_ELSEWHERE: Partial<Record<ResourceName, { own: string }>> = {
    account: { own: OWN },
    user: { own: PERSONA_IDS.writer },
  };

  it('has a seeded row of every resource', () => {
    expect(rows().map((row) => row.name)).toEqual(Object.keys(resources));
  });

  it('answers an ETag on each detail GET, refuses a stale PUT and DELETE with 412, and takes the current version', async () => {
    for (const { name, id } of rows()) {
      const url = `/api/v1/${name}?id=${id}`;
      const read = await app.inject({ url, headers: as(app, 'super') });
      expect(read.statusCode, name).toBe(200);
      const etag = read.headers.etag as string;
      expect(etag, `${name}: ETag on GET ?id=`).toMatch(/^"[\w-]+"$/);
      const before = JSON.stringify(app.repositories[name].byId(id));

      const write = (method: 'PUT' | 'DELETE', version: string) =>
        app.inject({
          method,
          url,
          headers: { ...as(app, 'super'), 'if-match': version },
          ...(method === 'PUT' ? { payload: {} } : {}),
        });
      const stalePut = await write('PUT', '"stale"');
      expect(stalePut.statusCode, `${name}: stale PUT`).toBe(412);
      expect(stalePut.json<{ message: string }>().message).toBe(messages.api.changedBySomeoneElse(name));
      expect((await write('DELETE', '"stale"')).statusCode, `${name}: stale DELETE`).toBe(412);
      expect(JSON.stringify(app.repositories[name].byId(id)), `${name}: unchanged`).toBe(before);
      // The version just read is current: the write is not refused as a conflict.
      expect((await write('PUT', etag)).statusCode, `${name}: PUT with the current version`).not.toBe(412);
    }
  });
});

describe('replacing a domain list by upload', () => {
  const upload = (etag: string | undefined, text: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/domain-list/upload',
      headers: { ...as(app, 'writer'), ...(etag ? { 'if-match': etag } : {}) },
      payload: { id: ROW_IDS['domain-list']?.own, text },
    });

  it('refuses a stale version with 412 and keeps the entries; the current one goes through with a new ETag', async () => {
    const id = ROW_IDS['domain-list']?.own as string;
    const opened = await app.inject({ url: `/api/v1/domain-list?id=${id}`, headers: as(app, 'writer') });
    const etag = opened.headers.etag as string;
    const first = await upload(etag, 'first.example');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const stale = await upload(etag, 'second.example');
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ message: string }>().message).toBe(messages.api.changedBySomeoneElse('domain-list'));
    expect(app.repositories['domain-list'].byId(id)?.domains).toEqual(['first.example']);
    expect((await upload(first.headers.etag as string, 'third.example')).statusCode).toBe(200);
  });
});
