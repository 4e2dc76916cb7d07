/**
 * What the app parses first, the signed-in user and the accounts they may use, in a chunk of its
 * own with zod; the registry's schemas (schema-bundle.ts) come in a second chunk, evaluated in a
 * task of its own (schemas.ts says why).
 */
export { accountRow } from '../shared/schemas/account.ts';
export { userRow } from '../shared/schemas/user.ts';
