import { z } from 'zod';
import { ROLE_ORDER } from '../constants.ts';
import { messages } from '../messages.ts';
import { baseRow, inputsFor, isoDateTime, JS_SPACE, objectId } from './common.ts';

/** A grant: a role on an account (type 'account'), or on something else the product may add. */
export const grant = z.strictObject({
  id: objectId,
  type: z.enum(['account', 'other']),
  role: z.enum(ROLE_ORDER),
});

const SPACE = JS_SPACE;
/**
 * An e-mail as a request may send it: the address, with spaces around it that the server trims.
 * The document states this one, so it accepts exactly what the server accepts.
 */
export const EMAIL_INPUT = new RegExp(`^[${SPACE}]*[^${SPACE}@]+@[^${SPACE}@]+\\.[^${SPACE}@]+[${SPACE}]*$`);

/** Up to 254 characters as sent; trimmed, lower-cased, and then `name@domain.tld`. */
const emailOf = (text: z.ZodString) =>
  text
    .max(254)
    .trim()
    .min(1, messages.validation.emailRequired)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.validation.invalidEmailFormat)
    // overwrite, not transform: still a string, so the document can describe the answer's e-mails too.
    .overwrite((value) => value.toLowerCase())
    .meta({ format: 'email', pattern: EMAIL_INPUT.source });

export const email = emailOf(z.string());
/** An e-mail field of a request: a missing one (or not a string) is "required", as an empty one. */
export const emailField = emailOf(z.string({ error: messages.validation.emailRequired }));

const firstName = z.string().trim().min(1, messages.validation.firstNameRequired).max(100);
const lastName = z.string().trim().min(1, messages.validation.lastNameRequired).max(100);

/** The user as the API shows it (spec §3 "Current user"): never a password hash. */
export const userRow = z.object({
  ...baseRow,
  account: objectId,
  first_name: firstName,
  last_name: lastName,
  email,
  super_admin: z.boolean(),
  access_grants: z.array(grant),
  root_account_access_grants: z.array(grant),
  viewed_marketing_consent: z.boolean(),
  marketing_consent: z.boolean(),
  email_verified: z.boolean(),
  /**
   * True until the user has set a password of their own (the new-user flow reads it). The server
   * keeps it; absent on users made before it existed.
   */
  first_login: z.boolean().optional(),
  last_login_at: isoDateTime.nullable().optional(),
  /**
   * A new e-mail address waiting for its confirmation link to be followed. Until then
   * `email` stays the address that signs in and receives links. The server keeps it.
   */
  pending_email: email.nullable().optional(),
});
export type User = z.infer<typeof userRow>;

/** What the store keeps: the public row plus the password hash (server only). */
export const storedUserRow = userRow.extend({ password_hash: z.string().nullable() });
export type StoredUser = z.infer<typeof storedUserRow>;

/** The signed-in user is a user row (GET /api/v1/current-user answers `userRow`). */
export type CurrentUser = User;

/**
 * Create and update through the generic engine. The password, the e-mail verification, the
 * first-login flag, the login time and a pending e-mail are never set here (they have their own flows); who may
 * set super_admin and grants is the server's rule (resource engine), not the schema's.
 */
export const { create: userCreate, update: userUpdate } = inputsFor(userRow, [
  'email_verified',
  'first_login',
  'last_login_at',
  'pending_email',
]);
