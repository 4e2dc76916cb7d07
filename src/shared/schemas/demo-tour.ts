/**
 * GET /api/v1/demo/tour (demo and test modes only): the figures the demo script in the user guide
 * (/documentation/demo) quotes, read from the running store so that the script never disagrees
 * with the screens it sends a presenter to. Each part names the persona who shows it.
 */
import { z } from 'zod';
import { IMPORT_JOB_STATES } from './import-job.ts';
import { MEASUREMENT_STATUSES } from './measurement.ts';

const Persona = z.object({ email: z.string(), name: z.string(), account_name: z.string() });

const countsOf = <const Keys extends readonly [string, ...string[]]>(keys: Keys) =>
  z.object(
    Object.fromEntries(keys.map((key) => [key, z.number().int().nonnegative()])) as Record<Keys[number], z.ZodNumber>,
  );

export const DemoTourSchema = z.object({
  /** The server's today (the sandbox clock's), the day the figures are for. */
  today: z.iso.date(),
  agency: z.object({
    persona: Persona,
    measurements: countsOf(MEASUREMENT_STATUSES),
    saved_reports: z.array(z.string()),
  }),
  /** The measurement behind the agency's newest active deal: the dashboard the tour opens. */
  featured: z
    .object({
      measurement: z.object({
        id: z.string(),
        name: z.string(),
        start_date: z.string(),
        end_date: z.string(),
        impressions: z.number(),
        apm: z.number().nullable(),
      }),
      activation: z.object({
        name: z.string(),
        deal_id: z.string().nullable(),
        platform: z.string(),
        min_apm: z.number().nullable(),
      }),
    })
    .nullable(),
  spotlight: z.object({
    persona: Persona,
    studies: z.number().int().nonnegative(),
    assets: z.number().int().nonnegative(),
    /** The most noticed asset of a complete study. */
    best_asset: z.object({ id: z.string(), name: z.string(), noticed_pct: z.number(), dwell_s: z.number() }).nullable(),
  }),
  imports: z.object({ persona: Persona, counts: countsOf(IMPORT_JOB_STATES) }),
});
export type DemoTour = z.infer<typeof DemoTourSchema>;
