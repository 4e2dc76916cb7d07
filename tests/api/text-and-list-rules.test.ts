/**
 * One rule for every text field and one for every domain list (issue 51, item 7), as a client
 * meets them: a user name with NUL or a lone surrogate is refused on every route that writes
 * one (the profile, PUT /user, an invitation), and so is any free text the registry takes, however
 * deep (an upload template's column names); line breaks and tabs stay allowed. A domain list with
 * no entries is refused on POST and PUT /domain-list as the upload already refuses it, and an
 * activation does not go live on an empty list (one stored before the rule).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationMessages } from '../../src/shared/activations.ts';
import { EMPTY_LIST } from '../../src/shared/domains.ts';
import { CONTROL_CHARACTER_MESSAGE, LONE_SURROGATE_MESSAGE } from '../../src/shared/schemas/common.ts';
import { as, buildSeededApp, OWN, PERSONA_IDS, ROW_IDS } from '../helpers/seed.ts';
import type { Persona } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

const data = () => JSON.stringify(app.db.low.data.collections);
/** A JSON body as a client writes it: the escapes \u0000 and \ud800 reach the server as those characters. */
const send = (persona: Persona, method: 'POST' | 'PUT', url: string, body: string) =>
  app.inject({ method, url, payload: body, headers: { ...as(app, persona), 'content-type': 'application/json' } });
const message = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

describe('the text rule', () => {
  const broken = [
    ['\\u0000', CONTROL_CHARACTER_MESSAGE],
    ['\\u001b[31m', CONTROL_CHARACTER_MESSAGE],
    ['\\ud800', LONE_SURROGATE_MESSAGE],
  ] as const;

  it('refuses NUL, other control characters and lone surrogates in user names, on every route that writes one', async () => {
    const before = data();
    for (const [escape, text] of broken) {
      const profile = await send(
        'reader',
        'POST',
        '/api/v1/user/update-current-user',
        `{"first_name":"Re${escape}der"}`,
      );
      expect(profile.statusCode, escape).toBe(400);
      expect(message(profile)).toBe(`first_name: ${text}`);

      const engine = await send(
        'super',
        'PUT',
        `/api/v1/user?id=${PERSONA_IDS.reader}`,
        `{"last_name":"Read${escape}"}`,
      );
      expect(engine.statusCode, escape).toBe(400);
      expect(message(engine)).toBe(`last_name: ${text}`);

      const invite = await send(
        'admin',
        'POST',
        '/api/v1/account-users/invite',
        `{"account":"${OWN}","first_name":"New${escape}","last_name":"User","email":"rule@x.test","role":"read"}`,
      );
      expect(invite.statusCode, escape).toBe(400);
      expect(message(invite)).toBe(`first_name: ${text}`);
    }
    expect(data()).toBe(before);
  });

  it('holds for free text deep in a row (an upload template column) and leaves ids, tabs and line breaks alone', async () => {
    const template = ROW_IDS['upload-template']?.own as string;
    const deep = await send(
      'super',
      'PUT',
      `/api/v1/upload-template?id=${template}`,
      '{"columns":[{"source":"Imp\\u0000ressions","target":"impressions"}]}',
    );
    expect(deep.statusCode).toBe(400);
    expect(message(deep)).toBe(`columns.0.source: ${CONTROL_CHARACTER_MESSAGE}`);

    const project = ROW_IDS.project?.own as string;
    const lines = await send('super', 'PUT', `/api/v1/project?id=${project}`, '{"description":"One\\r\\n\\tTwo"}');
    expect(lines.statusCode, lines.body).toBe(200);
    expect(app.repositories.project.byId(project)?.description).toBe('One\r\n\tTwo');
  });
});

describe('the list rule', () => {
  it('refuses an empty domain list on POST and PUT /domain-list, and stores nothing', async () => {
    const before = data();
    const create = await send(
      'admin',
      'POST',
      '/api/v1/domain-list',
      JSON.stringify({ account: OWN, name: 'Nothing', type: 'allow', domains: [] }),
    );
    expect(create.statusCode).toBe(400);
    expect(message(create)).toBe(`domains: ${EMPTY_LIST}`);
    const list = ROW_IDS['domain-list']?.own as string;
    const emptied = await send('admin', 'PUT', `/api/v1/domain-list?id=${list}`, '{"domains":[]}');
    expect(emptied.statusCode).toBe(400);
    expect(message(emptied)).toBe(`domains: ${EMPTY_LIST}`);
    expect(data()).toBe(before);
  });

  it('does not let an activation go live on an empty list stored before the rule', async () => {
    const list = await app.repositories['domain-list'].insert({
      id: 'ee0000000000000000000001',
      created_at: '2026-01-01T00:00:00.000Z',
      account: OWN,
      name: 'Old empty list',
      type: 'allow',
      domains: [],
    });
    const activation = ROW_IDS.activation?.own as string;
    const draft = await send('admin', 'PUT', `/api/v1/activation?id=${activation}`, `{"domain_list":"${list.id}"}`);
    expect(draft.statusCode, draft.body).toBe(200);
    const live = await send('admin', 'PUT', `/api/v1/activation?id=${activation}`, '{"status":"active"}');
    expect(live.statusCode).toBe(409);
    expect(message(live)).toBe(activationMessages.emptyList('Old empty list'));
    expect(app.repositories.activation.byId(activation)).toMatchObject({ status: 'draft', deal_id: null });

    const born = await send(
      'admin',
      'POST',
      '/api/v1/activation',
      JSON.stringify({
        account: OWN,
        name: 'Live at once',
        measurement: null,
        domain_list: list.id,
        vendor: null,
        min_apm: null,
        status: 'active',
      }),
    );
    expect(born.statusCode, born.body).toBe(409);
    expect(message(born)).toBe(activationMessages.emptyList('Old empty list'));
  });
});
