import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

/** A label category of an account (e.g. Brand, Campaign); its values tag measurements. */
export const labelCategoryRow = z.object({
  ...baseRow,
  account: objectId,
  name,
});
export type LabelCategory = z.infer<typeof labelCategoryRow>;

export const { create: labelCategoryCreate, update: labelCategoryUpdate } = inputsFor(labelCategoryRow);
