import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

/** Extra key/value parameters appended to a measurement's tags; global when account is null. */
export const customParameterTemplateRow = z.object({
  ...baseRow,
  account: objectId.nullable(),
  name,
  parameters: z
    .array(
      z.strictObject({
        key: z.string().trim().min(1).max(100),
        value: z.string().max(500),
      }),
    )
    .max(100),
});

export const { create: customParameterTemplateCreate, update: customParameterTemplateUpdate } =
  inputsFor(customParameterTemplateRow);
