import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

/** An ad-server tag of a measurement, built from a third-party macro. */
export const measurementTagRow = z.object({
  ...baseRow,
  account: objectId,
  measurement: objectId,
  name,
  third_party_macro: objectId.nullable(),
  /** The tag's markup or URL as trafficked. */
  tag: z.string().max(10_000),
});

export const { create: measurementTagCreate, update: measurementTagUpdate } = inputsFor(measurementTagRow);
