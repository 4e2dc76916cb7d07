/**
 * /api/v1 on the resource engine (engine.ts; spec §7): GET/POST/PUT/DELETE /api/v1/{resource} for
 * every resource of the registry (src/shared/schemas/index.ts). Here: where /api/v1 puts the calls
 * and how it answers (V1_API), and each registry resource's steps, from its definition and its
 * entry of BEHAVIOURS.
 *
 * - Lists answer `{data, count}` and X-Total-Count; `?id=` answers the one row as data[0].
 * - Writes answer `{data: row, count: 1}` (201 on create); DELETE answers 204.
 * - Every query parameter and body is validated: a bad one is a 400 naming it; unknown body
 *   fields are refused (mass assignment); nothing reaches the store half-checked.
 * - Isolation: a user sees and changes only rows of accounts they may work in; global rows
 *   (account null) are readable by everyone and writable by root; each write needs the
 *   resource's write role in the row's account, and user grants and super_admin need more.
 *
 * A route another module registers first for the same method and path (a custom import upload,
 * say) takes precedence: the engine only fills the gaps.
 */
import { routePlugin } from '../../plugins/named.ts';
import { cachedQueryParser } from './query-cache.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, effectiveRole, isAdminAreaPermission, isProductOwnerUser } from '../../../src/shared/access.ts';
import { writeRefusal } from '../../../src/shared/row-access.ts';
import { messages } from '../../../src/shared/messages.ts';
import {
  objectId,
  RESOURCE_NAMES,
  resources,
  type ResourceDefinition,
  type ResourceName,
  type User,
} from '../../../src/shared/schemas/index.ts';
import { badRequest, forbidden, invalidInput, notFound } from '../../http-errors.ts';
import type { ListParams } from '../../../src/shared/list-query-text.ts';
import { listQuerySchema } from '../../../src/shared/schemas/list-query.ts';
import { responseShaper } from '../../response-shape.ts';
import { runList, withSortThen, type ListQuery } from '../../store/query.ts';
import { newId, ownersOf, type Repositories, type StoredRow } from '../../store/repositories.ts';
import { staleVersion } from './concurrency.ts';
import { serveResource, type ResourceApi } from './engine.ts';
import { listSerializer, type PageOf } from './list-body.ts';
import {
  assertCreatorOrAdmin,
  assertReferences,
  canSeeRow,
  FeatureRules,
  visibleAccounts,
  visibleShare,
} from './resource-rules.ts';
import { BEHAVIOURS } from './resource-behaviour.ts';
import type { DeriveContext, EngineMethod } from './behaviour-types.ts';
import { nowIso } from '../../sandbox/context.ts';
import { resourcePath } from '../../../src/shared/endpoints/routes.ts';

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`${name}: give this parameter once`);
  return value;
}

/**
 * The write check for one owner of a row: the shared rule (src/shared/access.ts), with its 403,
 * and the admin area's rule on top.
 */
function assertCanWrite(
  user: User,
  definition: ResourceDefinition,
  owner: string | null,
  productOwners: readonly string[],
) {
  const refusal = writeRefusal(user, definition, owner);
  if (refusal === 'foreign-account') throw forbidden(messages.access.foreignAccount);
  if (refusal === 'role') throw forbidden(messages.access.writeRefused);
  const global = owner === null || definition.accountPath === 'id';
  assertAdminAreaWriter(user, global || isAdminAreaPermission(definition.writePermission), productOwners);
}

/**
 * What only root or super may write (accounts, contracts, projects, the lookups, every global
 * row…) is the admin area's, and /admin needs a product-owner account (spec §5, decisions.md §3):
 * a root user of any other account is refused here as the page refuses them, with the same text.
 */
function assertAdminAreaWriter(user: User, adminArea: boolean, productOwners: readonly string[]) {
  if (adminArea && !isProductOwnerUser(user.account, productOwners)) throw forbidden(messages.access.writeRefused);
}

/**
 * Authorisation before validation: the write check a create can make on its raw body, so that a
 * user without the role gets 403 before any schema complaint (which would describe the schema to
 * someone who may not use it). The accounts the body names are checked as the full check would;
 * a body naming none needs the write role in some account the user may work in. The completed
 * row is checked in full afterwards.
 */
function assertMayCreate(
  user: User,
  definition: ResourceDefinition,
  repositories: Repositories,
  body: unknown,
  productOwners: readonly string[],
) {
  const input = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  let named: (string | null)[];
  if (definition.accountPath === null || definition.accountPath === 'id') named = [null];
  else if (definition.accountPath === 'category.account') {
    // A category the user may not see counts as none: its existence is not for them to learn.
    const found = typeof input.category_id === 'string' ? repositories['label-category'].byId(input.category_id) : null;
    const category = found && canSeeRow(user, resources['label-category'], found) ? found : null;
    named = typeof category?.account === 'string' ? [category.account] : [];
  } else named = ownersOf(input, definition.accountPath).filter((owner) => objectId.safeParse(owner).success);
  for (const owner of named) assertCanWrite(user, definition, owner, productOwners);
  if (named.length > 0) return;
  const accounts = [user.account, ...user.access_grants.map((grant) => grant.id)];
  if (!accounts.some((account) => can(effectiveRole(user, account), definition.writePermission)))
    throw forbidden(messages.access.writeRefused);
  assertAdminAreaWriter(user, isAdminAreaPermission(definition.writePermission), productOwners);
}

/** A row as the API sends it: shaped by the resource's row schema, so no stored-only field leaks. */
function toClient(name: ResourceName, row: StoredRow, context: DeriveContext): StoredRow {
  const derive = BEHAVIOURS[name]?.derive;
  return responseShaper(resources[name].row)(derive ? { ...row, ...derive(row, context) } : row) as StoredRow;
}

/**
 * Which methods of a resource's path the engine registers: all but those its behaviour lists in
 * `customRoutes` (another module serves them). Anything else already registered there stops the
 * start, rather than quietly replacing the engine's handler; a listed method nobody registered
 * stops it too, once every plugin is in.
 */
function ownRoutes(app: FastifyInstance, name: ResourceName, custom: readonly EngineMethod[]) {
  const path = resourcePath(name);
  if (custom.length)
    app.addHook('onReady', (done) => {
      for (const method of custom)
        if (!app.hasRoute({ method, url: path }))
          return done(new Error(`${method} ${path} is listed in customRoutes of ${name}, but no module registers it`));
      done();
    });
  return (method: EngineMethod): boolean => {
    if (custom.includes(method)) return false;
    if (app.hasRoute({ method, url: path }))
      throw new Error(
        `${method} ${path} is registered by another module and by the resource engine: list ${method} in customRoutes of ${name} (server/routes/resources/resource-behaviour.ts) for the engine to leave it`,
      );
    return true;
  };
}

/** Where /api/v1 puts a resource's calls: one path, the method says which; a row is named by ?id=. */
const V1_API: ResourceApi = {
  places: (name) => {
    const url = resourcePath(name);
    // One row is read through the list (GET ?id= answers it as data[0]), so there is no 'read'.
    return {
      list: { method: 'GET', url },
      create: { method: 'POST', url },
      update: { method: 'PUT', url },
      delete: { method: 'DELETE', url },
    };
  },
  idOf: (request) => {
    const query = request.query as Query;
    for (const key of Object.keys(query))
      if (key !== 'id' && key !== 'refresh') throw badRequest(`${key}: not accepted here; give only id`);
    const id = single(query, 'id');
    if (!id) throw badRequest('id: required');
    if (!objectId.safeParse(id).success) throw badRequest('id: must be a 24-character hexadecimal id');
    return id;
  },
  envelope: (row) => ({ data: row, count: 1 }),
};

/** What a step of /api/v1 knows of its call: who asks, and the query they sent. */
interface V1Context {
  user: User;
  query: Query;
}

export function resourceRoutes(app: FastifyInstance, repositories: Repositories) {
  const features = new FeatureRules(repositories);
  const productOwners = app.config.productOwnerAccountIds;
  const context: DeriveContext = { app, repositories };
  for (const name of RESOURCE_NAMES) {
    const definition = resources[name];
    const repository = repositories.collection(name);
    const behaviour = BEHAVIOURS[name] ?? {};
    const rowSchema = behaviour.storedRow ?? definition.row;
    const hasUpdatedAt = 'updated_at' in ((definition.row as unknown as { shape?: object }).shape ?? {});
    const parseQuery = cachedQueryParser(listQuerySchema(name));
    const filters = Object.entries(definition.filters);
    const engineServes = ownRoutes(app, name, behaviour.customRoutes ?? []);
    const writing = (user: User) => ({ ...context, user });

    const validateRow = (row: StoredRow) => {
      const result = rowSchema.safeParse(row);
      if (!result.success) throw invalidInput(result.error);
    };

    /** Fills what the server owns on a new row (ids, times, the table's defaults), then its rules. */
    const complete = (user: User, input: Record<string, unknown>, current: StoredRow | null): StoredRow => {
      const now = nowIso();
      const row: StoredRow = current
        ? { ...current, ...input, id: current.id }
        : { ...input, id: newId(), created_at: now };
      if (hasUpdatedAt) row.updated_at = now;
      if (!current && behaviour.defaults) Object.assign(row, { ...behaviour.defaults(user), ...row });
      behaviour.beforeWrite?.(repositories, row, current, writing(user));
      return row;
    };

    const assertWritable = (user: User, row: StoredRow) => {
      const owners = ownersOf(row, definition.accountPath);
      if (owners.length === 0) throw badRequest('account: required');
      for (const owner of owners) assertCanWrite(user, definition, owner, productOwners);
      features.assertRow(definition, row);
      assertCreatorOrAdmin(user, definition, row);
    };

    /** A new or changed row, checked in full: writable, its references, the resource's rules, its schema. */
    const checked = (user: User, input: Record<string, unknown>, current: StoredRow | null): StoredRow => {
      const row = complete(user, input, current);
      assertWritable(user, row);
      assertReferences(repositories, user, definition, input, row, current);
      behaviour.authorise?.(user, current, row);
      validateRow(row);
      behaviour.beforeStore?.(repositories, row, writing(user));
      return row;
    };

    const listBody = listSerializer((row) => toClient(name, row, context), {
      cache: !BEHAVIOURS[name]?.deriveReadsOthers,
    });
    const sendList = (reply: FastifyReply, rows: StoredRow[], count: number, page?: PageOf) =>
      reply
        .header('x-total-count', String(count))
        .type('application/json; charset=utf-8')
        .send(listBody(rows, count, page));

    const list = ({ user }: V1Context, request: FastifyRequest, reply: FastifyReply) => {
      const params = parseQuery(request) as ListParams<ResourceName> & Record<string, unknown>;
      const visible = visibleAccounts(user);
      const listQuery: ListQuery = {
        filters: [],
        sort: withSortThen(definition, params.sort),
        skip: params.skip,
        limit: params.limit,
        ids: params.id,
        search: params.search || undefined,
        createdAfter: params.created_at_gt,
        createdBefore: params.created_at_lt,
      };

      // Account filter: `{id},null` (null: global rows); without one, every visible account.
      const owners = definition.accountFilter ? params[definition.accountFilter] : undefined;
      if (owners) {
        for (const owner of owners) {
          if (owner === null) {
            if (!features.allowsGlobal(definition, visible)) throw forbidden(messages.access.userError);
            continue;
          }
          if (visible && !visible.has(owner)) throw forbidden(messages.access.foreignAccount);
          if (!features.allows(definition, owner)) throw forbidden(messages.access.userError);
        }
        listQuery.owners = owners;
      } else {
        listQuery.owners = features.listOwners(definition, visible);
      }

      for (const [param, filter] of filters) {
        const values = params[param] as string[] | undefined;
        if (values) listQuery.filters = [...listQuery.filters, { field: filter.field, match: filter.match, values }];
      }
      const { start_date: from, end_date: to } = params as { start_date?: string; end_date?: string };
      if (from || to) listQuery.flight = { from, to };

      const result = runList(repository, definition, listQuery);
      const rows = result.rows.map((row) => visibleShare(repositories, user, definition, row));
      // A page with a row cut down for this user must not be cached for the next one.
      const shared = rows.some((row, index) => row !== result.rows[index]);
      const page = result.order && !shared && { order: result.order, skip: listQuery.skip, limit: listQuery.limit };
      return sendList(reply, rows, result.count, page || undefined);
    };

    // The calls of V1_API the engine serves for this resource: customRoutes leaves the others.
    const served = Object.entries(V1_API.places(name)).filter(([, place]) => engineServes(place.method));
    const api: ResourceApi = { ...V1_API, places: () => Object.fromEntries(served) };
    serveResource<V1Context>(app, api, name, {
      options: () => ({ config: { access: 'authenticated' } }),
      context: (request) => ({ user: request.user as User, query: request.query as Query }),
      list,
      find: ({ user }, id) => {
        const row = repository.byId(id);
        if (!row || !canSeeRow(user, definition, row)) throw notFound(messages.api.notFound(name));
        features.assertRow(definition, row, visibleAccounts(user));
        return row;
      },
      mayCreate: ({ user, query }, body) => {
        if (Object.keys(query).some((key) => key !== 'refresh'))
          throw badRequest('query: POST takes the entity in the body');
        assertMayCreate(user, definition, repositories, body, productOwners);
      },
      // Authorisation before validation: may this user change this row at all?
      mayChange: ({ user }, row) => assertWritable(user, row),
      stale: () => staleVersion(name),
      create: async ({ user }, body) => {
        const parsed = definition.create.safeParse(body ?? {});
        if (!parsed.success) throw invalidInput(parsed.error);
        const row = checked(user, parsed.data, null);
        await repository.insert(row);
        return { row, status: 201 };
      },
      change: ({ user }, current, body) => {
        const parsed = definition.update.safeParse(body ?? {});
        if (!parsed.success) throw invalidInput(parsed.error);
        return checked(user, parsed.data, current);
      },
      replace: (next) => repository.replace(next),
      remove: async ({ user }, row) => {
        behaviour.beforeDelete?.(repositories, row, writing(user));
        behaviour.authorise?.(user, row, null);
        await repository.remove(row.id);
      },
      afterWrite: ({ user }, row, before) => behaviour.afterWrite?.(row, before, writing(user)),
      afterDelete: ({ user }, row) => behaviour.afterDelete?.(row, writing(user)),
      view: (_ctx, row) => toClient(name, row, context),
      stored: (id) => repository.byId(id),
    });
  }
}

export const resourcesPlugin = routePlugin('resources', (app) => resourceRoutes(app, app.repositories), [
  'lamp-entity-tags',
]);
