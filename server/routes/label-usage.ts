/**
 * What deleting a label or a label category would meet, read before the user confirms (the
 * delete itself refuses with the same counts: resource-behaviour.ts):
 * GET /api/v1/label-value/usage?id= → {data: {id, measurements, saved_reports}};
 * GET /api/v1/label-category/usage?id= → {data: {id, values}}.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../src/shared/messages.ts';
import { objectId, resources, type User } from '../../src/shared/schemas/index.ts';
import { notFound, parseOr400 } from '../http-errors.ts';
import { categoryUsage, labelUsage } from './resource-behaviour.ts';
import { canSeeRow } from './resource-rules.ts';

const usageQuery = z.strictObject({ id: objectId });

export function labelUsageRoutes(app: FastifyInstance) {
  const visible = (request: FastifyRequest, name: 'label-value' | 'label-category') => {
    const { id } = parseOr400(usageQuery, request.query, 'query');
    const row = app.repositories[name].byId(id);
    if (!row || !canSeeRow(request.user as User, resources[name], row)) throw notFound(messages.api.notFound(name));
    return row.id;
  };
  app.get('/api/v1/label-value/usage', { config: { access: 'authenticated' } }, (request) => {
    const id = visible(request, 'label-value');
    return { data: { id, ...labelUsage(app.repositories, id) } };
  });
  app.get('/api/v1/label-category/usage', { config: { access: 'authenticated' } }, (request) => {
    const id = visible(request, 'label-category');
    return { data: { id, ...categoryUsage(app.repositories, id) } };
  });
}
