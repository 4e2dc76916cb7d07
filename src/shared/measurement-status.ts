/**
 * The words every screen uses for a measurement's status: badges, the sidebar's tree, the
 * measurement picker and the demo script all read them here, and the order lists show them in. Apart from the zod schemas
 * (schemas/measurement.ts) so that the shell's first-load bundle does not pull zod in for them.
 */
import type { MEASUREMENT_STATUSES } from './schemas/measurement.ts';

/** The order lists and the sidebar tree show statuses in: what runs now first. */
export const MEASUREMENT_STATUS_ORDER = [
  'live',
  'paused',
  'draft',
  'completed',
] as const satisfies readonly (typeof MEASUREMENT_STATUSES)[number][];

export const MEASUREMENT_STATUS_LABELS = {
  draft: 'Draft',
  live: 'Live',
  paused: 'Paused',
  completed: 'Completed',
} as const satisfies Record<(typeof MEASUREMENT_STATUSES)[number], string>;

/** A status's label; an unknown one (an older row) as it is, capitalised. */
export function measurementStatusLabel(status: string): string {
  return (
    (MEASUREMENT_STATUS_LABELS as Record<string, string>)[status] ?? status.charAt(0).toUpperCase() + status.slice(1)
  );
}
