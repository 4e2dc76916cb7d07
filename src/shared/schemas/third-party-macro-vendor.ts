import { z } from 'zod';
import { baseRow, inputsFor, name } from './common.ts';

/** A lookup row for ad servers and platforms (DV360, CM360, The Trade Desk, Xandr, ...). */
export const thirdPartyMacroVendorRow = z.object({
  ...baseRow,
  name,
  website: z.url({ protocol: /^https$/ }).nullable(),
});

export const { create: thirdPartyMacroVendorCreate, update: thirdPartyMacroVendorUpdate } =
  inputsFor(thirdPartyMacroVendorRow);
