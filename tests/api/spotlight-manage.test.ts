/**
 * Managing Spotlight studies and assets (decisions.md §5, src/shared/spotlight-rules.ts): Spotlight's
 * own roles (viewer, editor, manager), the study lifecycle draft → fielding → complete with what
 * may change in each state, deleting a study with results, and areas of interest. Every refusal is
 * a 4xx with a message (on its field where there is one) and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { SESSION_COOKIE, SessionStore } from '../../server/plugins/session.ts';
import { signSpotlightToken } from '../../server/routes/spotlight/token.ts';
import { messages } from '../../src/shared/messages.ts';
import { buildTestApp } from '../helpers/app.ts';
import { injectWith } from '../helpers/http.ts';

type Answer = { statusCode: number; json: <T>() => T };
type Issues = { message: string; issues?: { path: string; message: string }[] };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

const rows = (name: string) => app.db.low.data.collections[name] as Record<string, unknown>[];
const spotlightData = () =>
  JSON.stringify(['spotlight-brief', 'spotlight-stim'].map((name) => app.db.low.data.collections[name]));
const bearer = (userId: string) => ({
  authorization: `Bearer ${signSpotlightToken(app.config.linkSecret, userId, SessionStore.reference(app.sessions.create(userId)))}`,
});
const post = (userId: string, url: string, payload?: object): Promise<Answer> =>
  injectWith(app, '', 'POST', url, { payload, headers: bearer(userId) });

const MANAGER = USER_IDS.contosoPartner;
/** A Contoso user made a member of the company with `role` by the company's manager. */
async function member(role: 'viewer' | 'editor'): Promise<string> {
  const used = new Set(rows('spotlight-user').map((u) => u.external_id));
  const user = (rows('user') as { id: string; account: string }[]).find(
    (u) => u.account === ACCOUNT_IDS.contoso && !used.has(u.id),
  )!;
  const linked = await post(MANAGER, '/api/spotlight/user/create', {
    username: `A ${role}`,
    external_id: user.id,
    role,
  });
  expect(linked.statusCode).toBe(201);
  return user.id;
}

const STUDY = {
  name: 'Frost Cola: winter cans',
  objective: 'Is the new can seen in the feed?',
  context: 'social_feed',
  sample_size: 150,
  cells: 2,
  start_date: '2026-12-01',
  end_date: '2026-12-14',
};
const ASSET = { name: 'Can hero', type: 'image', format: 'Feed 1:1', width: 1080, height: 1080 };

async function draftWithAsset(): Promise<{ study: string; asset: string }> {
  const study = await post(MANAGER, '/api/spotlight/brief/create', STUDY);
  expect(study.statusCode).toBe(201);
  const id = study.json<{ data: { id: string } }>().data.id;
  const asset = await post(MANAGER, '/api/spotlight/stim/create', { ...ASSET, brief: id });
  expect(asset.statusCode).toBe(201);
  return { study: id, asset: asset.json<{ data: { id: string } }>().data.id };
}

async function refused(answer: Answer | Promise<Answer>, status: number, path?: string) {
  const result = await answer;
  expect(result.statusCode).toBe(status);
  const body = result.json<Issues>();
  expect(body.message).toBeTruthy();
  if (path) expect(body.issues?.map((issue) => issue.path)).toContain(path);
  return body;
}

describe('Spotlight roles', () => {
  it('lets an editor create and edit a draft but not launch or delete it; a viewer writes nothing', async () => {
    const editor = await member('editor');
    const viewer = await member('viewer');
    const before = spotlightData();
    const body = await refused(post(viewer, '/api/spotlight/brief/create', STUDY), 403);
    expect(body.message).toBe(messages.access.writeRefused);
    expect(spotlightData()).toBe(before);

    const created = await post(editor, '/api/spotlight/brief/create', STUDY);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect((await post(editor, `/api/spotlight/brief/${id}/edit`, { cells: 3 })).statusCode).toBe(200);
    expect((await post(editor, '/api/spotlight/stim/create', { ...ASSET, brief: id })).statusCode).toBe(201);
    const unchanged = spotlightData();
    await refused(post(editor, `/api/spotlight/brief/${id}/edit`, { status: 'fielding' }), 403);
    await refused(post(editor, `/api/spotlight/brief/${id}/delete`), 403);
    await refused(post(viewer, `/api/spotlight/brief/${id}/edit`, { name: 'Renamed' }), 403);
    expect(spotlightData()).toBe(unchanged);
  });

  it('tells the pages the role with the token', async () => {
    const editor = await member('editor');
    const answer = await app.inject({
      url: `/api/spotlight-auth?id=${editor}&company=${ACCOUNT_IDS.contoso}`,
      headers: { cookie: `${SESSION_COOKIE}=${app.sessions.create(editor)}` },
    });
    expect(answer.json<{ success: boolean; role?: string }>()).toMatchObject({ success: true, role: 'editor' });
  });
});

/**
 * A role is a membership's (decisions.md §5): Contoso's manager, also linked to Fabrikam's
 * company, is made a viewer there by Fabrikam's admin; in Contoso he still manages.
 */
describe('roles per membership', () => {
  const FABRIKAM_ADMIN = USER_IDS.fabrikamSelfServe;
  const companyOf = (account: string) => rows('spotlight-company').find((c) => c.account === account)!.id as string;
  const roleShown = async (account: string, userId: string) => {
    const list = await injectWith(app, '', 'POST', '/api/spotlight/user', {
      payload: { results_per_page: 100 },
      headers: { ...bearer(USER_IDS.super), 'x-switched-company': account },
    });
    expect(list.statusCode).toBe(200);
    return list.json<{ data: { external_id: string; role: string }[] }>().data.find((u) => u.external_id === userId)
      ?.role;
  };

  beforeEach(async () => {
    // Fabrikam's admin (an admin grant on Fabrikam, a member of its company); Contoso's manager
    // may work in Fabrikam too (a read grant there), so Fabrikam's admin may link him.
    const users = app.repositories.user;
    const admin = users.byId(FABRIKAM_ADMIN)!;
    await users.replace({ ...admin, access_grants: [{ id: ACCOUNT_IDS.fabrikam, type: 'account', role: 'admin' }] });
    const manager = users.byId(MANAGER)!;
    await users.replace({
      ...manager,
      access_grants: [...manager.access_grants, { id: ACCOUNT_IDS.fabrikam, type: 'account', role: 'read' }],
    });
    const joined = await injectWith(app, '', 'POST', '/api/spotlight/user/create', {
      payload: { username: 'Sofia Brandt', external_id: FABRIKAM_ADMIN, role: 'editor' },
      headers: { ...bearer(USER_IDS.super), 'x-switched-company': ACCOUNT_IDS.fabrikam },
    });
    expect(joined.statusCode).toBe(201);
  });

  it("lets Fabrikam's admin change the shared member's role in Fabrikam only: in Contoso he still manages", async () => {
    const contoso = companyOf(ACCOUNT_IDS.contoso);
    const managerRow = rows('spotlight-user').find((u) => u.external_id === MANAGER)!;
    const linked = await post(FABRIKAM_ADMIN, '/api/spotlight/user/create', {
      username: 'Pablo Moreno',
      external_id: MANAGER,
      role: 'editor',
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<{ data: { role: string } }>().data.role).toBe('editor');
    const demoted = await post(FABRIKAM_ADMIN, `/api/spotlight/user/${String(managerRow.id)}/edit`, { role: 'viewer' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json<{ data: Record<string, unknown> }>().data).toMatchObject({ role: 'viewer' });
    // What Fabrikam sees of him is his Fabrikam membership, nothing of Contoso's.
    expect(demoted.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('memberships');
    expect(demoted.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('companies');

    expect(await roleShown(ACCOUNT_IDS.fabrikam, MANAGER)).toBe('viewer');
    expect(await roleShown(ACCOUNT_IDS.contoso, MANAGER)).toBe('manager');
    const token = await injectWith(app, '', 'GET', `/api/spotlight-auth?id=${MANAGER}&company=${ACCOUNT_IDS.contoso}`, {
      headers: { cookie: `${SESSION_COOKIE}=${app.sessions.create(MANAGER)}` },
    });
    expect(token.json<{ role?: string }>().role).toBe('manager');
    // And he still does a manager's work in Contoso: creates a study, starts its fielding.
    const study = await post(MANAGER, '/api/spotlight/brief/create', STUDY);
    expect(study.statusCode).toBe(201);
    const id = study.json<{ data: { id: string; company: string } }>().data.id;
    expect(study.json<{ data: { company: string } }>().data.company).toBe(contoso);
    expect((await post(MANAGER, '/api/spotlight/stim/create', { ...ASSET, brief: id })).statusCode).toBe(201);
    expect((await post(MANAGER, `/api/spotlight/brief/${id}/edit`, { status: 'fielding' })).statusCode).toBe(200);

    // Promoting him in Fabrikam, or removing him from it, leaves Contoso's membership as well.
    expect(
      (await post(FABRIKAM_ADMIN, `/api/spotlight/user/${String(managerRow.id)}/edit`, { role: 'manager' })).statusCode,
    ).toBe(200);
    expect((await post(FABRIKAM_ADMIN, `/api/spotlight/user/${String(managerRow.id)}/delete`)).statusCode).toBe(204);
    expect(await roleShown(ACCOUNT_IDS.fabrikam, MANAGER)).toBeUndefined();
    expect(await roleShown(ACCOUNT_IDS.contoso, MANAGER)).toBe('manager');
  });

  it("does not let Contoso's viewer become more in Contoso through Fabrikam", async () => {
    // viewer@fabrikam.test is a viewer of Contoso's company; Fabrikam's admin links her as a manager.
    const vera = rows('spotlight-user').find((u) => u.external_id === USER_IDS.fabrikamViewer)!;
    const linked = await post(FABRIKAM_ADMIN, '/api/spotlight/user/create', {
      username: 'Vera Lindholm',
      external_id: USER_IDS.fabrikamViewer,
      role: 'manager',
    });
    expect(linked.statusCode).toBe(200);
    expect(
      (await post(FABRIKAM_ADMIN, `/api/spotlight/user/${String(vera.id)}/edit`, { role: 'manager' })).statusCode,
    ).toBe(200);
    expect(await roleShown(ACCOUNT_IDS.fabrikam, USER_IDS.fabrikamViewer)).toBe('manager');
    expect(await roleShown(ACCOUNT_IDS.contoso, USER_IDS.fabrikamViewer)).toBe('viewer');
  });
});

describe('the study lifecycle', () => {
  it('starts as a draft and refuses dates out of order on the end date', async () => {
    const before = spotlightData();
    await refused(post(MANAGER, '/api/spotlight/brief/create', { ...STUDY, status: 'fielding' }), 400, 'status');
    await refused(
      post(MANAGER, '/api/spotlight/brief/create', { ...STUDY, start_date: '2026-12-14', end_date: '2026-12-01' }),
      400,
      'end_date',
    );
    const { study } = await draftWithAsset();
    const after = spotlightData();
    await refused(post(MANAGER, `/api/spotlight/brief/${study}/edit`, { start_date: '2027-01-01' }), 400, 'end_date');
    expect(spotlightData()).toBe(after);
    expect(after).not.toBe(before);
  });

  it('fields only with an asset, then fixes the design; completes; never goes back', async () => {
    const empty = await post(MANAGER, '/api/spotlight/brief/create', STUDY);
    const emptyId = empty.json<{ data: { id: string } }>().data.id;
    const body = await refused(
      post(MANAGER, `/api/spotlight/brief/${emptyId}/edit`, { status: 'fielding' }),
      409,
      'status',
    );
    expect(body.message).toContain(messages.spotlight.studyNeedsAssets);

    const { study, asset } = await draftWithAsset();
    await refused(post(MANAGER, `/api/spotlight/brief/${study}/edit`, { status: 'complete' }), 409, 'status');
    const fielding = await post(MANAGER, `/api/spotlight/brief/${study}/edit`, { status: 'fielding' });
    expect(fielding.statusCode).toBe(200);
    expect(fielding.json<{ data: { status: string } }>().data.status).toBe('fielding');

    const before = spotlightData();
    await refused(post(MANAGER, `/api/spotlight/brief/${study}/edit`, { sample_size: 200 }), 409, 'sample_size');
    await refused(post(MANAGER, `/api/spotlight/brief/${study}/edit`, { status: 'draft' }), 409, 'status');
    await refused(post(MANAGER, '/api/spotlight/stim/create', { ...ASSET, brief: study }), 409);
    await refused(post(MANAGER, `/api/spotlight/stim/${asset}/edit`, { name: 'Renamed' }), 409);
    await refused(post(MANAGER, `/api/spotlight/stim/${asset}/delete`), 409);
    expect(spotlightData()).toBe(before);

    // Fieldwork may be extended and the wording changed; then the study closes.
    const extended = await post(MANAGER, `/api/spotlight/brief/${study}/edit`, { end_date: '2026-12-20', name: 'X' });
    expect(extended.statusCode).toBe(200);
    expect((await post(MANAGER, `/api/spotlight/brief/${study}/edit`, { status: 'complete' })).statusCode).toBe(200);
    await refused(post(MANAGER, `/api/spotlight/brief/${study}/edit`, { end_date: '2026-12-30' }), 409, 'end_date');
  });

  it('refuses to delete a study with results, with the reason, and deletes a draft with its assets', async () => {
    const measured = rows('spotlight-stim').find((s) => s.results)!.brief as string;
    const before = spotlightData();
    const body = await refused(post(MANAGER, `/api/spotlight/brief/${measured}/delete`), 409);
    expect(body.message).toBe(messages.spotlight.studyHasResults);
    expect(spotlightData()).toBe(before);

    const { study } = await draftWithAsset();
    expect((await post(MANAGER, `/api/spotlight/brief/${study}/delete`)).statusCode).toBe(204);
    expect(rows('spotlight-stim').some((s) => s.brief === study)).toBe(false);
  });
});

describe('assets of a draft', () => {
  it('stores areas of interest inside the creative and refuses one outside, on its field', async () => {
    const { asset } = await draftWithAsset();
    const inside = [{ name: 'Logo', box: { x: 0.05, y: 0.05, w: 0.2, h: 0.1 } }];
    const saved = await post(MANAGER, `/api/spotlight/stim/${asset}/edit`, { areas: inside });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: { areas: unknown } }>().data.areas).toEqual(inside);

    const before = spotlightData();
    const outside = [{ name: 'Pack', box: { x: 0.8, y: 0.1, w: 0.3, h: 0.2 } }];
    const body = await refused(
      post(MANAGER, `/api/spotlight/stim/${asset}/edit`, { areas: outside }),
      400,
      'areas.0.box.w',
    );
    expect(body.message).toContain(messages.spotlight.areaOutside);
    await refused(
      post(MANAGER, `/api/spotlight/stim/${asset}/edit`, { areas: [...inside, { ...inside[0], box: inside[0]!.box }] }),
      400,
      'areas.1.name',
    );
    expect(spotlightData()).toBe(before);
  });

  it('reorders a study’s assets and lists them in that order', async () => {
    const { study, asset: first } = await draftWithAsset();
    const second = (
      await post(MANAGER, '/api/spotlight/stim/create', { ...ASSET, name: 'Second', brief: study })
    ).json<{
      data: { id: string; position: number };
    }>().data;
    expect(second.position).toBe(1);
    expect((await post(MANAGER, `/api/spotlight/stim/${second.id}/edit`, { position: 0 })).statusCode).toBe(200);
    const list = await post(MANAGER, '/api/spotlight/stim', { filter_brief: study, order_by: 'position_asc' });
    expect(list.json<{ data: { id: string }[] }>().data.map((row) => row.id)).toEqual([second.id, first]);
  });

  it('adds an asset by an https URL and refuses any other address', async () => {
    const { study } = await draftWithAsset();
    const url = 'https://cdn.example.com/can.png';
    const added = await post(MANAGER, '/api/spotlight/stim/create', { ...ASSET, brief: study, url });
    expect(added.statusCode).toBe(201);
    expect(added.json<{ data: { source: unknown } }>().data.source).toEqual({ kind: 'url', url });
    const before = spotlightData();
    await refused(
      post(MANAGER, '/api/spotlight/stim/create', { ...ASSET, brief: study, url: 'javascript:alert(1)' }),
      400,
      'url',
    );
    expect(spotlightData()).toBe(before);
  });
});

describe('the audit trail', () => {
  type Event = {
    resource: string;
    record_id: string;
    action: string;
    account: string | null;
    actor: { id: string } | null;
  };
  /** The trail of Contoso, as a super user reads it through the API. */
  async function contosoTrail(): Promise<Event[]> {
    const answer = await injectWith(app, '', 'GET', `/api/v1/audit-event?account=${ACCOUNT_IDS.contoso}&limit=100`, {
      headers: { cookie: `${SESSION_COOKIE}=${app.sessions.create(USER_IDS.super)}` },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ data: Event[] }>().data;
  }

  it('records a study and its asset in the company’s account, by who made them, and a refused edit not at all', async () => {
    const { study, asset } = await draftWithAsset();
    expect(
      (await post(MANAGER, `/api/spotlight/brief/${study}/edit`, { name: 'Frost Cola: summer cans' })).statusCode,
    ).toBe(200);
    await refused(post(MANAGER, `/api/spotlight/brief/${study}/edit`, { start_date: '2027-01-01' }), 400, 'end_date');
    const events = (await contosoTrail()).filter((e) => e.record_id === study || e.record_id === asset);
    expect(events.map((e) => [e.resource, e.action]).sort()).toEqual(
      [
        ['spotlight-brief', 'create'],
        ['spotlight-brief', 'update'],
        ['spotlight-stim', 'create'],
      ].sort(),
    );
    for (const event of events) {
      expect(event.account).toBe(ACCOUNT_IDS.contoso);
      expect(event.actor?.id).toBe(MANAGER);
    }
  });
});
