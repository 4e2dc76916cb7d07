import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

/** How the columns of an uploaded file map onto metric fields; global when account is null. */
export const uploadTemplateRow = z.object({
  ...baseRow,
  account: objectId.nullable(),
  name,
  file_type: z.enum(['csv', 'xlsx']),
  columns: z
    .array(
      z.strictObject({
        source: z.string().trim().min(1).max(200),
        target: z.string().trim().min(1).max(100),
      }),
    )
    .max(200),
});

export const { create: uploadTemplateCreate, update: uploadTemplateUpdate } = inputsFor(uploadTemplateRow);
