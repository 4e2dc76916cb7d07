/**
 * The Spotlight resources (spec §7, decisions.md §5), each with the same five calls:
 *
 *   POST /api/spotlight/{resource}                list: {page_num, results_per_page, order_by, filter_name} → {data, count}
 *   GET  /api/spotlight/{resource}/{id}/details   one record, with an ETag
 *   POST /api/spotlight/{resource}/create         create → 201 {data}
 *   POST /api/spotlight/{resource}/{id}/edit      edit (If-Match honoured: 412 when stale) → {data}
 *   POST /api/spotlight/{resource}/{id}/delete    delete (If-Match honoured) → 204
 *
 * Records are scoped to the company the guard resolved: another company's record is not found.
 * The calls run on the resource engine of both APIs (../resources/engine.ts): where Spotlight puts
 * them and how it answers is SPOTLIGHT_API; what differs per resource (who may write, derived
 * fields, checks before a write) sits in the table below, not in the routes.
 */
import type { FastifyInstance, FastifySchema, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { canAccessAccount, lowestRole } from '../../../src/shared/access.ts';
import { messages } from '../../../src/shared/messages.ts';
import type { User } from '../../../src/shared/schemas/index.ts';
import { errorResponse } from '../../../src/shared/schemas/auth.ts';
import {
  brief,
  briefCreate,
  briefEdit,
  companyCreate,
  companyEdit,
  spotlightCompany,
  spotlightListBodyOf,
  spotlightListResponse,
  spotlightUser,
  spotlightUserCreate,
  spotlightUserEdit,
  stim,
  stimCreate,
  stimEdit,
  type SpotlightResource,
} from '../../../src/shared/schemas/spotlight.ts';
import { badRequest, HttpError, invalidField, notFound } from '../../http-errors.ts';
import { newId, type StoredRow } from '../../store/repositories.ts';
import { etagOf } from '../resources/concurrency.ts';
import { serveResource, type Call, type ResourceApi } from '../resources/engine.ts';
import { spotlightFiles } from './files.ts';
import { isMember, memberCount, roleIn, without, withRole } from './memberships.ts';
import type { SpotlightRole } from '../../../src/shared/spotlight-rules.ts';
import type { ResourceSpec, SpotlightListInput } from './resource-spec.ts';
import { spotlightContext, spotlightGuard, type SpotlightContext, type SpotlightNeed } from './guard.ts';
import { page } from './listing.ts';
import { spotlightStore, type SpotlightStore } from './store.ts';
import { nowIso } from '../../sandbox/context.ts';
import { checkAreas, checkStudyDelete, checkStudyEdit, draftStudy } from './study-rules.ts';

const idParams = z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id') });
const conflict = (message: string) => new HttpError(409, message);

const now = () => nowIso();
const withNote = (note: string | undefined) => (note ? ` ${note}` : '');
const needs = (create: SpotlightNeed, edit = create, remove = create) => ({ create, edit, delete: remove });

const SPECS: Record<SpotlightResource, ResourceSpec> = {
  brief: {
    title: 'Studies (briefs)',
    noun: 'study',
    row: brief,
    createBody: briefCreate,
    editBody: briefEdit,
    // Spotlight's own roles decide who writes (the LAMP role only has to open the account).
    writes: {
      create: { spotlight: 'spotlight.study.create' },
      edit: { spotlight: 'spotlight.study.edit' },
      delete: { spotlight: 'spotlight.study.delete' },
    },
    visible: (store, ctx) => store.briefs.findBy('company', ctx.company.id),
    nameOf: (row) => String(row.name),
    view: (store, row) => ({ ...row, asset_count: store.stims.findBy('brief', row.id).length }),
    orderValue: (row, field) => row[field],
    async create(store, ctx, input) {
      if (input.status !== 'draft') throw invalidField('status', 'a new study starts as a draft');
      const row = { id: newId(), company: ctx.company.id, ...input, created_at: now() } as StoredRow;
      return { row: await store.briefs.insert(row), status: 201 };
    },
    edit: (store, ctx, current, next, input) => checkStudyEdit(store, ctx, current, next, input),
    collection: (store) => store.briefs,
    notes: { delete: 'The study’s assets are deleted with it, and their uploaded files.' },
    removesFiles: true,
    async remove(store, _ctx, row) {
      checkStudyDelete(store, row);
      // A study's assets go with it: they mean nothing without it.
      for (const asset of [...store.stims.findBy('brief', row.id)]) await store.stims.remove(asset.id);
      await store.briefs.remove(row.id);
    },
  },
  stim: {
    title: 'Assets (stims)',
    noun: 'asset',
    row: stim,
    createBody: stimCreate,
    editBody: stimEdit,
    writes: needs({ spotlight: 'spotlight.asset.write' }),
    visible: (store, ctx) => store.stims.findBy('company', ctx.company.id),
    nameOf: (row) => String(row.name),
    view: (store, row) => ({
      ...row,
      brief_name: String((store.briefs.byId(String(row.brief))?.name as string | undefined) ?? ''),
    }),
    orderValue: (row, field) =>
      field === 'created_at' || field === 'name' || field === 'position'
        ? row[field]
        : (row.results as Record<string, unknown> | null)?.[field],
    async create(store, ctx, input) {
      if (input.type === 'video' && input.duration_s == null) throw badRequest('duration_s: a video needs its length');
      const study = draftStudy(store, ctx, String(input.brief));
      const { url, ...fields } = input;
      const row = {
        id: newId(),
        company: ctx.company.id,
        ...fields,
        duration_s: input.type === 'video' ? input.duration_s : null,
        ...(url ? { source: { kind: 'url', url } } : {}),
        position: store.stims.findBy('brief', study.id).length,
        // Results arrive when the panel has seen the asset.
        results: null,
        created_at: now(),
      } as StoredRow;
      return { row: await store.stims.insert(row), status: 201 };
    },
    collection: (store) => store.stims,
    notes: { delete: 'An uploaded file no other asset uses is removed with it.' },
    removesFiles: true,
    listFilter: {
      note: 'filter_brief lists one study’s assets.',
      apply: (rows, input) => (input.filter_brief ? rows.filter((row) => row.brief === input.filter_brief) : rows),
    },
    async edit(store, ctx, current, next, input) {
      draftStudy(store, ctx, String(current.brief));
      checkAreas(input.areas as { name: string }[] | undefined);
      if (typeof input.position === 'number') next.position = await reorder(store, current, input.position);
    },
    async remove(store, ctx, row) {
      draftStudy(store, ctx, String(row.brief));
      await store.stims.remove(row.id);
    },
  },
  company: {
    title: 'Companies',
    noun: 'company',
    row: spotlightCompany,
    createBody: companyCreate,
    editBody: companyEdit,
    // Companies are made by onboarding or by root users; an account admin may rename theirs.
    writes: needs({ permission: 'spotlight.companies.manage' }, { permission: 'spotlight.company.edit' }),
    // Root users see every company; others the one of the account they are in.
    visible: (store, ctx) => (ctx.root ? store.companies.all() : [ctx.company]),
    nameOf: (row) => String(row.name),
    view: (store, row) => ({
      ...row,
      user_count: memberCount(store.users.all(), row.id),
    }),
    orderValue: (row, field) => row[field],
    collection: (store) => store.companies,
    // A second company for an account; a company that still has studies.
    conflicts: ['create', 'delete'],
    async create(store, _ctx, input, app) {
      const account = app.repositories.account.byId(String(input.account)) as
        { feature_flags: { spotlight_access: boolean } } | undefined;
      if (!account) throw badRequest('account: no account with this id');
      if (!account.feature_flags.spotlight_access)
        throw badRequest('account: this account does not have Spotlight access');
      if (store.companyOfAccount(String(input.account))) throw conflict('This account already has a Spotlight company');
      const row = { id: newId(), ...input, created_at: now() } as StoredRow;
      return { row: await store.companies.insert(row), status: 201 };
    },
    async remove(store, _ctx, row) {
      if (store.briefs.findBy('company', row.id).length)
        throw conflict('A company with studies cannot be deleted; delete its studies first');
      for (const user of store.users.all().filter((u) => isMember(u, row.id)))
        await store.users.update(user.id, { memberships: without(user, row.id) });
      await store.companies.remove(row.id);
    },
  },
  user: {
    title: 'Spotlight users',
    noun: 'Spotlight user',
    row: spotlightUser,
    createBody: spotlightUserCreate,
    editBody: spotlightUserEdit,
    // Account admins manage who is in their company; everyone may read its members.
    writes: needs({ permission: 'spotlight.users.manage' }),
    visible: (store, ctx) => store.users.all().filter((u) => isMember(u, ctx.company.id)),
    nameOf: (row) => String(row.username),
    // The company sees the member's role there, and nothing of their other memberships.
    view: (_store, row, ctx) => {
      const { memberships: _memberships, ...fields } = row;
      return { ...fields, role: roleIn(row, ctx.company.id) };
    },
    orderValue: (row, field) => row[field],
    collection: (store) => store.users,
    notes: {
      create:
        'A LAMP user who already has a Spotlight user is linked to this company instead (200), with the role given here; their roles in other companies stay as they are.',
      edit: 'role changes the membership of this company only.',
      delete: 'Removes the membership of this company (the user goes when no membership is left).',
    },
    // A user already in the company.
    conflicts: ['create'],
    async create(store, ctx, input, app) {
      const lampUser = app.repositories.user.byId(String(input.external_id)) as User | undefined;
      if (!lampUser) throw badRequest('external_id: no LAMP user with this id');
      if (!canAccessAccount(lampUser, ctx.account.id))
        throw badRequest('external_id: this user has no access to the account');
      const role = input.role as SpotlightRole;
      const existing = store.userOf(lampUser.id);
      if (existing) {
        // Linking an existing Spotlight user to this company (what error 1's "link" asks for).
        if (isMember(existing, ctx.company.id)) throw conflict('This user is already a member of the company');
        const row = await store.users.update(existing.id, {
          memberships: withRole(existing, ctx.company.id, role),
          updated_at: now(),
        });
        return { row: row as StoredRow, status: 200 };
      }
      const { role: _role, ...fields } = input;
      const row = {
        id: newId(),
        ...fields,
        memberships: [{ company: ctx.company.id, role }],
        created_at: now(),
      } as StoredRow;
      return { row: await store.users.insert(row), status: 201 };
    },
    // The edit body's role is this company's membership: the stored row has no role of its own.
    edit(_store, ctx, current, next, input) {
      delete next.role;
      if (input.role) next.memberships = withRole(current, ctx.company.id, input.role as SpotlightRole);
    },
    async remove(store, ctx, row) {
      // Removes the membership of this company; a user left with none is deleted.
      const memberships = without(row, ctx.company.id);
      if (memberships.length) await store.users.update(row.id, { memberships, updated_at: now() });
      else await store.users.remove(row.id);
    },
  },
};

/** Where Spotlight puts a resource's five calls (all under its name), and how it answers one row. */
const SPOTLIGHT_API: ResourceApi = {
  places: (resource) => {
    const base = `/api/spotlight/${resource}`;
    return {
      list: { method: 'POST', url: base },
      read: { method: 'GET', url: `${base}/:id/details` },
      create: { method: 'POST', url: `${base}/create` },
      update: { method: 'POST', url: `${base}/:id/edit` },
      delete: { method: 'POST', url: `${base}/:id/delete` },
    };
  },
  idOf: (request) => (request.params as { id: string }).id,
  envelope: (row) => ({ data: row }),
};

/**
 * What each call declares: the token guard (with the role a write needs: the LAMP plugin sees
 * these routes as public, spotlight/guard.ts checks them) and what the API reference says.
 */
function callOptions(
  app: FastifyInstance,
  resource: SpotlightResource,
  spec: ResourceSpec,
): Record<Call, RouteShorthandOptions> {
  const described = (need: SpotlightNeed | undefined, schema: FastifySchema) => ({
    config: { access: 'public' as const },
    onRequest: spotlightGuard(app, need),
    schema: { tags: ['Spotlight'], security: [{ spotlightToken: [] }], ...schema },
  });
  const one = z.object({ data: spec.row });
  return {
    list: described(undefined, {
      summary: `List ${spec.title.toLowerCase()}`,
      description: `Spotlight token and X-Switched-Company required. Paged (page_num from 1), ordered by order_by (field_asc or field_desc), filtered by name.${withNote(spec.listFilter?.note)}`,
      body: spotlightListBodyOf(resource),
      response: { 200: spotlightListResponse(spec.row) },
    }),
    read: described(undefined, {
      summary: `One ${spec.noun}`,
      description: 'Sends an ETag for If-Match on edit and delete.',
      params: idParams,
      response: { 200: one, 404: errorResponse },
    }),
    create: described(spec.writes.create, {
      summary: `Create a ${spec.noun}`,
      description: `Needs role ${lowestRole(spec.writes.create)} in the account.${withNote(spec.notes?.create)}`,
      body: spec.createBody,
      response: { 200: one, 201: one, ...(spec.conflicts?.includes('create') ? { 409: errorResponse } : {}) },
    }),
    update: described(spec.writes.edit, {
      summary: `Edit a ${spec.noun}`,
      description: `Needs role ${lowestRole(spec.writes.edit)} in the account. Partial; unknown fields are refused. If-Match: 412 when the record changed since.${withNote(spec.notes?.edit)}`,
      params: idParams,
      body: spec.editBody,
      response: { 200: one, 404: errorResponse, 412: errorResponse },
    }),
    delete: described(spec.writes.delete, {
      summary: `Delete a ${spec.noun}`,
      description: `Needs role ${lowestRole(spec.writes.delete)} in the account. If-Match: 412 when the record changed since.${withNote(spec.notes?.delete)}`,
      params: idParams,
      response: {
        204: z.null().describe('Deleted'),
        404: errorResponse,
        412: errorResponse,
        ...(spec.conflicts?.includes('delete') ? { 409: errorResponse } : {}),
      },
    }),
  };
}

export function spotlightResourceRoutes(app: FastifyInstance) {
  const store = spotlightStore(app.repositories);
  const files = spotlightFiles(app);
  for (const [resource, spec] of Object.entries(SPECS) as [SpotlightResource, ResourceSpec][]) {
    const options = callOptions(app, resource, spec);
    const collection = spec.collection(store);
    serveResource<SpotlightContext>(app, SPOTLIGHT_API, resource, {
      options: (call) => options[call],
      context: spotlightContext,
      list: (ctx, request) => {
        const input = request.body as SpotlightListInput;
        const visible = spec.visible(store, ctx);
        const rows = spec.listFilter ? spec.listFilter.apply(visible, input) : visible;
        const result = page(
          resource,
          rows,
          input,
          (row) => spec.nameOf(row),
          (row, field) => spec.orderValue(row, field),
        );
        return { data: result.data.map((row) => spec.view(store, row, ctx)), count: result.count };
      },
      // Records are the company's: another company's record is not found.
      find: (ctx, id) => {
        const row = spec.visible(store, ctx).find((r) => r.id === id);
        if (!row) throw notFound(messages.spotlight.notFound(spec.noun));
        return row;
      },
      stale: (row) => new HttpError(412, messages.spotlight.stale, { etag: etagOf(row) }),
      create: (ctx, body) => spec.create(store, ctx, body as Record<string, unknown>, app),
      change: async (ctx, current, body) => {
        const input = body as Record<string, unknown>;
        const next = { ...current, ...input, id: current.id, updated_at: now() };
        await spec.edit?.(store, ctx, current, next, input);
        return next;
      },
      replace: (next) => collection.replace(next),
      remove: (ctx, row) => spec.remove(store, ctx, row),
      // Files go with their assets (files.ts): a deleted asset's upload would otherwise stay on disk.
      afterDelete: async () => {
        if (spec.removesFiles) await files.sweep();
      },
      view: (ctx, row) => spec.view(store, row, ctx),
      stored: (id) => collection.byId(id),
    });
  }
}

/**
 * Moves an asset to `position` among its study's assets and renumbers the others (0, 1, 2 …), so
 * the order stays a plain sequence; returns the asset's own new position.
 */
async function reorder(store: SpotlightStore, asset: StoredRow, position: number): Promise<number> {
  const byPlace = (row: StoredRow) => (typeof row.position === 'number' ? row.position : Number.MAX_SAFE_INTEGER);
  const others = store.stims
    .findBy('brief', String(asset.brief))
    .filter((row) => row.id !== asset.id)
    .sort((a, b) => byPlace(a) - byPlace(b) || (a.id < b.id ? -1 : 1));
  const place = Math.min(position, others.length);
  others.splice(place, 0, asset);
  for (const [index, row] of others.entries())
    if (row.id !== asset.id && row.position !== index) await store.stims.update(row.id, { position: index });
  return place;
}
