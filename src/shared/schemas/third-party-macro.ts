import { z } from 'zod';
import { baseRow, inputsFor, objectId, text } from './common.ts';

/** An ad-server macro (spec §3: macro, vendor), e.g. ${CACHEBUSTER}; global when account is null. */
export const thirdPartyMacroRow = z.object({
  ...baseRow,
  account: objectId.nullable(),
  macro: z.string().trim().min(1, 'is required').max(200),
  /** A third-party-macro-vendor id. */
  vendor: objectId,
  /** The tag parameter the macro fills. */
  parameter: z.string().trim().min(1).max(100),
  description: text,
});

export const { create: thirdPartyMacroCreate, update: thirdPartyMacroUpdate } = inputsFor(thirdPartyMacroRow);
