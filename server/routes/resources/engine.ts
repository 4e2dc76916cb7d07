/**
 * The resource lifecycle both APIs share, /api/v1/{resource} (resources.ts) and
 * /api/spotlight/{resource} (spotlight/resources.ts): one engine, driven by declarations.
 *
 * Every write runs the same steps in the same order:
 *
 *   read       the row the call names, if the caller may see it (404 otherwise: a hidden row and
 *              a missing one answer alike)
 *   authorise  may the caller change this row at all, before its body is looked at
 *   version    If-Match against the row's ETag (concurrency.ts: the one rule, 412 when stale)
 *   validate   the body, and the row it makes, with the resource's rules (nothing is written yet)
 *   write      one store write (the store records it in the audit trail)
 *   record     what the write sets off (mail, ended sessions, swept files)
 *   answer     the row as the client sees it, with its new ETag; 204 for a delete
 *
 * What differs between the two APIs (where each call lives, how an id is named, how a one-row
 * answer is wrapped) is data, a `ResourceApi`; what differs between resources (who may write,
 * derived fields, checks) is the resource's `ResourceSteps`. Lists differ too much to share more
 * than their place: each API pages its own way (the steps' `list`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { HttpError } from '../../http-errors.ts';
import type { StoredRow } from '../../store/repositories.ts';
import { etagOf, ifMatchHolds } from './concurrency.ts';

/** A resource's calls, in the order the engine registers them. */
export const CALLS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type Call = (typeof CALLS)[number];

export interface Place {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
}

/** How one API lays out and answers its calls: the same for each of its resources. */
export interface ResourceApi {
  /** Where each call of a resource lives; a call without a place is not served. */
  places(resource: string): Partial<Record<Call, Place>>;
  /** The id a read, update or delete names (a 400 when the request names none). */
  idOf(request: FastifyRequest): string;
  /** The body of a one-row answer (a read, a create, an update). */
  envelope(row: unknown): unknown;
}

/**
 * One resource's steps, which the engine runs in the lifecycle's order. `Ctx` is what the steps
 * need to know of the request (who asks, in which account or company), made once per call.
 */
export interface ResourceSteps<Ctx> {
  /** The route options of a call: access policy, guard hook, the schema the document shows. */
  options(call: Call): RouteShorthandOptions;
  context(request: FastifyRequest): Ctx;
  /** A list call's whole answer (each API's list body and paging are its own). */
  list(ctx: Ctx, request: FastifyRequest, reply: FastifyReply): unknown;
  /** read: the row `id` names if the caller may see it; throws 404 otherwise. */
  find(ctx: Ctx, id: string): StoredRow;
  /** authorise a create on its raw body (a 403 before any complaint about the body). */
  mayCreate?(ctx: Ctx, body: unknown): void;
  /** authorise a change (update or delete) of the stored row, before its body is looked at. */
  mayChange?(ctx: Ctx, row: StoredRow): void;
  /** The answer when If-Match does not name the row's current version (412, the API's own text). */
  stale(row: StoredRow): HttpError;
  /** validate and write a new row: 201, or 200 when the create joined an existing record. */
  create(ctx: Ctx, body: unknown): Promise<{ row: StoredRow; status: 200 | 201 }>;
  /** validate: the changed row (the body over the stored one), complete and checked, not written. */
  change(ctx: Ctx, current: StoredRow, body: unknown): StoredRow | Promise<StoredRow>;
  /** write: store the changed row. */
  replace(next: StoredRow): Promise<StoredRow | undefined>;
  /** validate and write a delete: its checks, then the store write(s). */
  remove(ctx: Ctx, row: StoredRow): Promise<void>;
  /** record: what a create (before: null) or update sets off once stored. */
  afterWrite?(ctx: Ctx, row: StoredRow, before: StoredRow | null): void | Promise<void>;
  /** record: what must not outlive a deleted row. */
  afterDelete?(ctx: Ctx, row: StoredRow): void | Promise<void>;
  /** answer: the row as the client gets it (derived fields added, stored-only ones left out). */
  view(ctx: Ctx, row: StoredRow): unknown;
  /** The row as stored now, for the ETag of an answer (hooks may have written after the write). */
  stored(id: string): StoredRow | undefined;
}

/** Registers the calls `api` places for `resource`, each running the lifecycle with `steps`. */
export function serveResource<Ctx>(
  app: FastifyInstance,
  api: ResourceApi,
  resource: string,
  steps: ResourceSteps<Ctx>,
): void {
  const places = api.places(resource);
  const route = (call: Call, handler: (request: FastifyRequest, reply: FastifyReply) => unknown) => {
    const place = places[call];
    if (place) app.route({ ...steps.options(call), method: place.method, url: place.url, handler });
  };
  const tag = (reply: FastifyReply, row: StoredRow) => reply.header('etag', etagOf(steps.stored(row.id) ?? row));

  /** read, authorise and version: the stored row a change may start from. */
  const changeable = (request: FastifyRequest) => {
    const ctx = steps.context(request);
    const row = steps.find(ctx, api.idOf(request));
    steps.mayChange?.(ctx, row);
    if (!ifMatchHolds(request, row)) throw steps.stale(row);
    return { ctx, row };
  };

  route('list', (request, reply) => steps.list(steps.context(request), request, reply));

  route('read', (request, reply) => {
    const ctx = steps.context(request);
    const row = steps.find(ctx, api.idOf(request));
    tag(reply, row);
    return api.envelope(steps.view(ctx, row));
  });

  route('create', async (request, reply) => {
    const ctx = steps.context(request);
    steps.mayCreate?.(ctx, request.body);
    const { row, status } = await steps.create(ctx, request.body);
    await steps.afterWrite?.(ctx, row, null);
    // The new row's version, so an update needs no read first.
    tag(reply.code(status), row);
    return api.envelope(steps.view(ctx, row));
  });

  route('update', async (request, reply) => {
    const { ctx, row: current } = changeable(request);
    const next = await steps.change(ctx, current, request.body);
    const saved = (await steps.replace(next)) ?? next;
    await steps.afterWrite?.(ctx, saved, current);
    tag(reply, saved);
    return api.envelope(steps.view(ctx, saved));
  });

  route('delete', async (request, reply) => {
    const { ctx, row } = changeable(request);
    await steps.remove(ctx, row);
    await steps.afterDelete?.(ctx, row);
    return reply.code(204).send();
  });
}
