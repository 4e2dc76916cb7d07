import { z } from 'zod';
import {
  baseRow,
  count,
  dateOrderIssue,
  datesInOrder,
  dayRange,
  inputsFor,
  isoDateTime,
  lazySchema,
  name,
  objectId,
} from './common.ts';

export const MEASUREMENT_STATUSES = ['draft', 'live', 'paused', 'completed'] as const;

/**
 * A measurement (TEAM.md contract): a flight of ads whose attention is measured. Lookup fields
 * hold ids of the lookup tables; `apm` is the whole-flight attention per mille, kept equal to the
 * dashboard's whole-flight aggregate (null until data arrives).
 */
export const measurementRow = z
  .object({
    ...baseRow,
    account: objectId,
    name,
    status: z.enum(MEASUREMENT_STATUSES),
    ...dayRange,
    channels: z.array(objectId),
    formats: z.array(objectId),
    media_partners: z.array(objectId),
    labels: z.array(objectId),
    ad_server: objectId.nullable(),
    custom_parameter_template: objectId.nullable(),
    project: objectId.nullable(),
    contract: objectId.nullable(),
    impressions: count,
    apm: z.number().nonnegative().nullable(),
    updated_at: isoDateTime,
  })
  .refine(datesInOrder, dateOrderIssue());
export type Measurement = z.infer<typeof measurementRow>;

const measurementShape = z.object(measurementRow.shape);
const inputs = inputsFor(measurementShape, ['impressions', 'apm']);
export const measurementCreate = lazySchema(() => inputs.create.refine(datesInOrder, dateOrderIssue()));
/** Partial updates are checked against the stored row by the server (the other date may be stored). */
export const measurementUpdate = lazySchema(() => inputs.update.refine(datesInOrder, dateOrderIssue()));
