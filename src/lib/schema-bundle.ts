/**
 * What the browser parses responses with, gathered in one module so it can be loaded as one lazy
 * chunk (see schemas.ts). Everything here comes from src/shared/schemas.
 */
import type { ZodType } from 'zod';
import { isResourceName, resources } from '../shared/schemas/index.ts';

export { accountRow } from '../shared/schemas/account.ts';
export { contractRow } from '../shared/schemas/contract.ts';
export { measurementRow } from '../shared/schemas/measurement.ts';
export { userRow } from '../shared/schemas/user.ts';
export { resources, isResourceName };

/** The row schema of a resource under /api/v1, or undefined for names the registry does not know. */
export function schemaFor(resource: string): ZodType | undefined {
  return isResourceName(resource) ? resources[resource].row : undefined;
}

/** How a record is named (spec §2 "Breadcrumbs"): one rule for the whole app. */
export { recordTitle as titleOf } from '../shared/record-title.ts';
