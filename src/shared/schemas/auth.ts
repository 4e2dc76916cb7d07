import { z } from 'zod';
import { messages } from '../messages.ts';
import { email } from './user.ts';

/** POST /api/v1/auth body (spec §7). */
export const loginRequest = z.strictObject({
  email: z.string({ error: messages.validation.emailRequired }).pipe(email),
  password: z
    .string({ error: messages.validation.passwordRequired })
    .min(1, messages.validation.passwordRequired)
    .max(1024),
});
export type LoginRequest = z.input<typeof loginRequest>;

/** Login response (spec §3): success, and action_required when the e-mail is not verified. */
export const loginResponse = z.union([
  z.object({ success: z.literal(true) }),
  z.object({ success: z.literal(false), action_required: z.literal('email_verification') }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * The API's error body (server/plugins/errors.ts): the status, its reason phrase and a message the
 * UI can show as it is; a 400 may also name each bad field in `issues`.
 */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A list answer (spec §7): a page of rows and the total that matched. */
export function listResponse<Row extends z.ZodType>(row: Row) {
  return z.object({ data: z.array(row), count: z.number().int().nonnegative() });
}
