import { z } from 'zod';
import { baseRow, name, objectId } from './common.ts';

/**
 * A label value (spec §3: category (with account), category_id). The row carries a copy of its
 * category's id, name and account, which the server fills from category_id; the list's account
 * filter is `category.account` (spec §7).
 */
export const labelValueRow = z.object({
  ...baseRow,
  name,
  category_id: objectId,
  category: z.object({ id: objectId, name, account: objectId }),
});
export type LabelValue = z.infer<typeof labelValueRow>;

export const labelValueCreate = z.strictObject({ name, category_id: objectId });
export const labelValueUpdate = labelValueCreate.partial();
