/** What a delete would meet, read before the user confirms it (the delete refuses with the same counts). */
import { z } from 'zod';
import { IN_USE_GUARDED } from '../reference-usage.ts';
import { objectId } from '../schemas/common.ts';
import { RESOURCE_NAMES, type ResourceName } from '../schemas/index.ts';
import { endpoint } from './endpoint.ts';

const byId = z.strictObject({ id: objectId });

export const usageEndpoints = {
  rowUsage: endpoint('rowUsage', {
    query: z.strictObject({ resource: z.enum(IN_USE_GUARDED), id: objectId }),
    answer: z.object({
      data: z.object({
        resource: z.enum(IN_USE_GUARDED),
        id: objectId,
        uses: z.array(
          z.object({ resource: z.enum(RESOURCE_NAMES as [ResourceName, ...ResourceName[]]), count: z.number().int() }),
        ),
      }),
    }),
    tags: ['resources'],
    summary: 'What points at a lookup, template or project row',
  }),
  labelUsage: endpoint('labelUsage', {
    query: byId,
    answer: z.object({
      data: z.object({ id: objectId, measurements: z.number().int(), saved_reports: z.number().int() }),
    }),
    tags: ['labels'],
    summary: 'What carries a label',
  }),
  categoryUsage: endpoint('categoryUsage', {
    query: byId,
    answer: z.object({ data: z.object({ id: objectId, values: z.number().int() }) }),
    tags: ['labels'],
    summary: 'What carries a label category',
  }),
};
