/**
 * Demo and test modes only, open to anyone there: the login page's personas, the demo script's
 * figures, and moving import jobs on without waiting for their timer.
 */
import { z } from 'zod';
import { DemoTourSchema } from '../schemas/demo-tour.ts';
import { DemoPersonasResponseSchema } from '../schemas/self-service.ts';
import { endpoint } from './endpoint.ts';

export const demoEndpoints = {
  demoPersonas: endpoint('demoPersonas', {
    answer: DemoPersonasResponseSchema,
    tags: ['demo'],
    summary: 'The demo personas of the login page',
    only: 'demo',
  }),
  demoTour: endpoint('demoTour', {
    answer: DemoTourSchema,
    tags: ['demo'],
    summary: 'The figures the demo script quotes',
    only: 'demo',
  }),
  advanceImportJobs: endpoint('advanceImportJobs', {
    // Strict like every list: a misspelt parameter (stepps=3) is refused, not ignored.
    query: z.strictObject({
      id: z
        .string()
        .regex(/^[0-9a-f]{24}$/)
        .optional(),
      steps: z.coerce.number().int().min(1).max(100).default(1),
      clock: z.enum(['any', 'due']).default('any'),
    }),
    answer: z.object({ data: z.object({ advanced: z.number().int() }) }),
    tags: ['testing'],
    summary: 'Move import jobs one step on (demo and test modes)',
    only: 'demo',
  }),
};
