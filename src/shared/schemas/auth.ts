import { z } from 'zod';
import { messages } from '../messages.ts';
import { emailField } from './user.ts';

/**
 * GET /api/v1/session: whether the request's cookie names a live session. Public, and 200 either
 * way, so that a page that only needs to know (the login page) does not cause a 401.
 */
export const sessionState = z.object({ signed_in: z.boolean() });

/** POST /api/v1/auth body (spec §7). */
export const loginRequest = z.strictObject({
  email: emailField,
  password: z
    .string({ error: messages.validation.passwordRequired })
    .min(1, messages.validation.passwordRequired)
    .max(1024),
});

/** Login response (spec §3): success, and action_required when the e-mail is not verified. */
export const loginResponse = z.union([
  z.object({ success: z.literal(true) }),
  z.object({ success: z.literal(false), action_required: z.literal('email_verification') }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** One bad input field of a 400: its dotted path ('' for the body as a whole) and what is wrong. */
export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;

/**
 * The API's error body (server/plugins/errors.ts). A 400 (and a 409 about a field, such as an
 * e-mail clash) carries `issues`, one per bad field, so a form shows each beside its field.
 */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(fieldIssue).optional(),
});
