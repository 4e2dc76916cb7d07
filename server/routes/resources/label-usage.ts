/**
 * What deleting a label or a label category would meet, read before the user confirms (the
 * delete itself refuses with the same counts: resource-behaviour.ts):
 * GET /api/v1/label-value/usage?id= → {data: {id, measurements, saved_reports}};
 * GET /api/v1/label-category/usage?id= → {data: {id, values}}.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { errorResponse, resources, type User } from '../../../src/shared/schemas/index.ts';
import { notFound } from '../../http-errors.ts';
import { categoryUsage, labelUsage } from './resource-behaviour.ts';
import { canSeeRow } from './resource-rules.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

export function labelUsageRoutes(app: FastifyInstance) {
  const visible = (user: User, name: 'label-value' | 'label-category', id: string) => {
    const row = app.repositories[name].byId(id);
    if (!row || !canSeeRow(user, resources[name], row)) throw notFound(messages.api.notFound(name));
    return row.id;
  };
  const options = (what: string) => ({
    config: { access: 'authenticated' as const },
    description: `Read before a delete, which refuses (409) while anything carries the ${what}.`,
    responses: { 404: errorResponse },
  });
  routeFrom(app, endpoints.labelUsage, options('label'), (request) => {
    const id = visible(request.user as User, 'label-value', request.query.id);
    return { data: { id, ...labelUsage(app.repositories, id) } };
  });
  routeFrom(app, endpoints.categoryUsage, options('label category'), (request) => {
    const id = visible(request.user as User, 'label-category', request.query.id);
    return { data: { id, ...categoryUsage(app.repositories, id) } };
  });
}

export const labelUsagePlugin = routePlugin('label-usage', labelUsageRoutes);
