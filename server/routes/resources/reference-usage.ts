/**
 * Rows other rows still point at (src/shared/reference-usage.ts): the counts the delete rule
 * refuses with (resource-behaviour.ts), and the read the UI asks before the user confirms:
 * GET /api/v1/row-usage?resource=&id= → {data: {resource, id, uses: [{resource, count}]}}.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { canWriteRow } from '../../../src/shared/row-access.ts';
import { messages } from '../../../src/shared/messages.ts';
import {
  inUseMessage,
  refersTo,
  referringFields,
  type InUseGuarded,
  type ReferenceUse,
} from '../../../src/shared/reference-usage.ts';
import { errorResponse, resources, type ResourceName, type User } from '../../../src/shared/schemas/index.ts';
import { forbidden, HttpError, notFound } from '../../http-errors.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';
import { canSeeRow } from './resource-rules.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/** How many rows of each resource point at `id` (only the resources that do). */
export function referenceUses(repositories: Repositories, target: ResourceName, id: string): ReferenceUse[] {
  const counts = new Map<ResourceName, number>();
  for (const use of referringFields(target)) {
    const rows = repositories[use.resource].all() as readonly Record<string, unknown>[];
    const count = rows.filter((row) => refersTo(row, use, target, id)).length;
    if (count > 0) counts.set(use.resource, (counts.get(use.resource) ?? 0) + count);
  }
  return [...counts].map(([resource, count]) => ({ resource, count }));
}

/** The delete check of a guarded resource: a 409 giving the counts while anything points at the row. */
export const refuseWhileReferenced =
  (target: InUseGuarded) =>
  (repositories: Repositories, row: StoredRow): void => {
    const uses = referenceUses(repositories, target, row.id);
    if (uses.length > 0) throw new HttpError(409, inUseMessage(target, uses));
  };

export function referenceUsageRoutes(app: FastifyInstance) {
  routeFrom(
    app,
    endpoints.rowUsage,
    {
      config: { access: 'authenticated' },
      description:
        'Read before a delete, which refuses (409) while other rows point at the row. Only for a user who may delete the row.',
      responses: { 403: errorResponse, 404: errorResponse },
    },
    (request) => {
      const user = request.user as User;
      const { resource, id } = request.query;
      const definition = resources[resource];
      const row = app.repositories[resource].byId(id);
      if (!row || !canSeeRow(user, definition, row)) throw notFound(messages.api.notFound(resource));
      // The counts span accounts (a lookup is global): only for whoever may delete the row.
      if (!canWriteRow(user, definition, row)) throw forbidden(messages.access.accountError);
      return { data: { resource, id, uses: referenceUses(app.repositories, resource, id) } };
    },
  );
}

export const referenceUsagePlugin = routePlugin('reference-usage', referenceUsageRoutes);
