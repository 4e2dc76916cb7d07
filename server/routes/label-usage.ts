/**
 * What deleting a label or a label category would meet, read before the user confirms (the
 * delete itself refuses with the same counts: resource-behaviour.ts):
 * GET /api/v1/label-value/usage?id= → {data: {id, measurements, saved_reports}};
 * GET /api/v1/label-category/usage?id= → {data: {id, values}}.
 */
import { routePlugin } from '../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../src/shared/messages.ts';
import { errorResponse, objectId, resources, type User } from '../../src/shared/schemas/index.ts';
import { notFound } from '../http-errors.ts';
import { categoryUsage, labelUsage } from './resource-behaviour.ts';
import { canSeeRow } from './resource-rules.ts';

const usageQuery = z.strictObject({ id: objectId });
const labelAnswer = z.object({
  data: z.object({ id: objectId, measurements: z.number().int(), saved_reports: z.number().int() }),
});
const categoryAnswer = z.object({ data: z.object({ id: objectId, values: z.number().int() }) });

export function labelUsageRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const visible = (user: User, name: 'label-value' | 'label-category', id: string) => {
    const row = app.repositories[name].byId(id);
    if (!row || !canSeeRow(user, resources[name], row)) throw notFound(messages.api.notFound(name));
    return row.id;
  };
  const schema = (what: string, answer: z.ZodType) => ({
    tags: ['labels'],
    summary: `What carries a ${what}`,
    description: `Read before a delete, which refuses (409) while anything carries the ${what}.`,
    querystring: usageQuery,
    response: { 200: answer, 404: errorResponse },
  });
  api.get(
    '/api/v1/label-value/usage',
    { config: { access: 'authenticated' }, schema: schema('label', labelAnswer) },
    (request) => {
      const id = visible(request.user as User, 'label-value', request.query.id);
      return { data: { id, ...labelUsage(app.repositories, id) } };
    },
  );
  api.get(
    '/api/v1/label-category/usage',
    { config: { access: 'authenticated' }, schema: schema('label category', categoryAnswer) },
    (request) => {
      const id = visible(request.user as User, 'label-category', request.query.id);
      return { data: { id, ...categoryUsage(app.repositories, id) } };
    },
  );
}

export const labelUsagePlugin = routePlugin('label-usage', labelUsageRoutes);
