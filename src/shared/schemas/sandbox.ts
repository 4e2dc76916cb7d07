/**
 * Payloads of the sandbox and clock test-control calls: the server validates with them,
 * the OpenAPI document describes them, and the test client (tests/support) types its calls by them.
 */
import { z } from 'zod';

export { SANDBOX_HEADER } from '../http-headers.ts';
/** The cookie that names a browser's sandbox (set by POST /api/v1/testing/sandboxes/{name}/attach). */
export const SANDBOX_COOKIE = 'lamp_sandbox';
/** The header that carries LAMP_TEST_CONTROL_TOKEN, for test control from another machine. */
export const TEST_CONTROL_HEADER = 'x-lamp-test-control-token';

/** Letters, digits, '-', '_' and '.', 1–64 characters: safe in a cookie, a header and a log line. */
export const SANDBOX_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export const SandboxNameSchema = z
  .string()
  .regex(SANDBOX_NAME, 'A sandbox name has 1 to 64 letters, digits, dots, dashes or underscores');

export const SandboxParamsSchema = z.object({ name: SandboxNameSchema });

export const SandboxSchema = z.object({
  name: SandboxNameSchema,
  created_at: z.iso.datetime().describe('When the sandbox was created (real time)'),
  last_used_at: z.iso.datetime().describe('When a request last worked in it (real time)'),
});
export type Sandbox = z.infer<typeof SandboxSchema>;

export const SandboxListSchema = z.object({
  data: z.array(SandboxSchema),
  count: z.number().int(),
  limits: z.object({
    max_sandboxes: z.number().int().describe('How many sandboxes may exist at once (LAMP_MAX_SANDBOXES)'),
    max_sandboxes_per_client: z
      .number()
      .int()
      .describe('How many of them one client address may hold (LAMP_MAX_SANDBOXES_PER_CLIENT)'),
    idle_minutes: z.number().describe('A sandbox unused this long is dropped (LAMP_SANDBOX_IDLE_MINUTES)'),
  }),
});
export type SandboxList = z.infer<typeof SandboxListSchema>;

/** PUT /api/v1/testing/clock. */
export const ClockBodySchema = z.strictObject({
  now: z.iso
    .datetime({ offset: true, error: 'must be an ISO date-time such as 2026-11-01T09:00:00Z, or null' })
    .nullable()
    .describe('The moment the clock reads now; null: real time (or, frozen, the current reading)'),
  frozen: z.boolean().default(false).describe('Stopped at that moment, or running on from it'),
});
export type ClockBody = z.input<typeof ClockBodySchema>;

/**
 * POST /api/v1/testing/reset and …/sandboxes/{name}/reset: optional. Without `clock` a reset puts
 * the clock back where the mode starts it (test mode: the fixtures' moment or LAMP_TEST_CLOCK).
 */
export const ResetBodySchema = z
  .strictObject({
    clock: ClockBodySchema.optional().describe(
      'Where the clock stands after the reset, as PUT /api/v1/testing/clock takes it (now: null is the real time)',
    ),
  })
  // A POST without a body arrives as null (server/json-body.ts).
  .nullish();

export const ClockSchema = z.object({
  sandbox: z.string().describe('The sandbox whose clock this is (default: the shared state)'),
  now: z.iso.datetime().describe('What the clock reads now'),
  frozen: z.boolean(),
  real: z.boolean().describe("Following the machine's time: neither set nor frozen (demo mode's default)"),
});
export type ClockAnswer = z.infer<typeof ClockSchema>;

/**
 * POST /api/v1/testing/sessions: a session for a user of the sandbox, without the password
 * (scrypt costs a sign-in hundreds of milliseconds): by e-mail (a persona's) or by id.
 */
export const MintSessionBodySchema = z
  .strictObject({
    email: z.string().trim().toLowerCase().max(254).optional().describe("The user's e-mail (a persona's, say)"),
    user_id: z
      .string()
      .regex(/^[0-9a-f]{24}$/, 'must be a user id (24 hexadecimal digits)')
      .optional()
      .describe("The user's id"),
  })
  .refine((body) => (body.email === undefined) !== (body.user_id === undefined), {
    message: 'name the user by email or by user_id (one of the two)',
    path: [],
  });

export const MintedSessionSchema = z.object({
  sandbox: SandboxNameSchema.describe('The sandbox the session lives in'),
  user_id: z.string(),
  email: z.string(),
  cookie: z
    .object({ name: z.string(), value: z.string() })
    .describe('The session cookie (also set by the answer): send it as Cookie: name=value with the sandbox header'),
  expires_at: z.iso.datetime().describe("When the session ends at the latest, on the sandbox's clock (7 days)"),
});
export type MintedSession = z.infer<typeof MintedSessionSchema>;
