/**
 * Optimistic concurrency for both APIs (/api/v1 and /api/spotlight): no silent lost updates.
 *
 * - A row's version is its ETag: a strong validator derived from the stored row itself (a hash
 *   of its JSON). Every change to a row, by any route (the engine, a profile update, an import
 *   landing figures), gives it a new ETag without anyone having to remember to bump a counter,
 *   and a data file from before this needs no migration.
 * - GET /api/v1/{resource}?id={id} answers the row's ETag; so does a PUT (of the row as stored
 *   when the answer leaves, after any summary the server adds). A compressed answer carries the
 *   tag with its coding added (server/plugins/compression.ts), which If-Match takes as well.
 * - PUT and DELETE (Spotlight: edit and delete) honour If-Match: a tag that is not the row's
 *   current one answers 412 with each API's message (/api/v1: the form's "changed by someone
 *   else: reload or overwrite"; Spotlight: its own, with the current tag); `If-Match: *`
 *   (overwrite) and no If-Match at all (older clients) write as before. Spotlight's details and
 *   writes send the same tags, from the same `etagOf`.
 */
import { codedTag, ENCODINGS } from '../../plugins/compression.ts';
import { namedPlugin } from '../../plugins/named.ts';
import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { isResourceName } from '../../../src/shared/schemas/index.ts';
import { HttpError } from '../../http-errors.ts';
import type { Repository, StoredRow } from '../../store/repositories.ts';

/** The strong ETag of a stored row. */
export function etagOf(row: StoredRow): string {
  return `"${hash('sha256', JSON.stringify(row), 'base64url').slice(0, 27)}"`;
}

/** The entity tags an If-Match header lists ('*' for any), or null when there is none. */
function ifMatchTags(request: FastifyRequest): string[] | null {
  const header = request.headers['if-match'];
  if (header === undefined) return null;
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Whether a write to `row` may go ahead: no If-Match (older clients: last write wins), `*`
 * (overwrite), or a list naming the row's current tag. The one rule of both APIs: If-Match uses
 * strong comparison (RFC 9110 §13.1.1), so a weak tag (`W/"…"`) never matches, and an empty
 * header names no version. Call it after the row was found visible, so that a stale tag never
 * tells apart a hidden row from a missing one.
 */
export function ifMatchHolds(request: FastifyRequest, row: StoredRow): boolean {
  const tags = ifMatchTags(request);
  if (tags === null || tags.includes('*')) return true;
  // The row's tag as sent plain or compressed (each coding's copy has its own: compression.ts).
  const current = etagOf(row);
  return tags.some((tag) => tag === current || ENCODINGS.some((encoding) => tag === codedTag(current, encoding)));
}

/** /api/v1's answer when If-Match does not hold: 412 with the text the form shows. */
export const staleVersion = (resource: string) => new HttpError(412, messages.api.changedBySomeoneElse(resource));

/** Refuses an /api/v1 write whose If-Match does not hold (412). */
export function assertIfMatch(request: FastifyRequest, row: StoredRow, resource: string): void {
  if (!ifMatchHolds(request, row)) throw staleVersion(resource);
}

/**
 * Adds the ETag of the one row a successful GET ?id= or PUT answers, as the row is stored when
 * the answer leaves. Routes added after this plugin are tagged (an onRoute hook sees only later
 * ones); the hook itself is the app's, not the routes', so that the app's later onSend hooks see
 * the tag (compression adds its coding to it: server/plugins/compression.ts).
 */
export function entityTags(app: FastifyInstance, repositoryOf: (url: string) => Repository | undefined): void {
  /** The repository of each tagged route, by its URL (a GET route answers HEAD too). */
  const tagged = new Map<string, Repository>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') && !methods.includes('PUT')) return;
    const repository = repositoryOf(route.url);
    if (repository) tagged.set(route.url, repository);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const repository = reply.statusCode === 200 ? tagged.get(request.routeOptions.url ?? '') : undefined;
    const id =
      repository && TAGGED_METHODS.has(request.method)
        ? (request.query as { id?: unknown } | undefined)?.id
        : undefined;
    if (typeof id === 'string' && !id.includes(',')) {
      const row = repository?.byId(id);
      if (row) void reply.header('etag', etagOf(row));
    }
    done(null, payload);
  });
}

const TAGGED_METHODS = new Set(['GET', 'HEAD', 'PUT']);

/** ETags on the engine's single-row answers: before the engine, as it tags only routes added after it. */
export const entityTagsPlugin = namedPlugin('lamp-entity-tags', ['lamp-store'], (app) =>
  entityTags(app, (url) => {
    const name = url.slice('/api/v1/'.length);
    return url.startsWith('/api/v1/') && isResourceName(name) ? app.repositories[name] : undefined;
  }),
);
