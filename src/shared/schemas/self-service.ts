/**
 * Payloads of the sign-in self-service calls (lamp-spec.md §7): forgotten and reset password,
 * login links, the current user's own update, and the demo/test outbox. The server validates
 * with them; the OpenAPI document and the client read the same definitions.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { objectId, withTextRule } from './common.ts';
import { emailField } from './user.ts';

const v = messages.validation;
export const EmailSchema = emailField;

/** POST /api/v1/forgotten-password, form-encoded. */
export const ForgottenPasswordBodySchema = z.object({ email: EmailSchema });

/** One answer whatever the address, so the call cannot tell who has an account. */
export const SuccessResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });

const NewPasswordSchema = z
  .string({ error: v.newPasswordRequired })
  .min(1, v.newPasswordRequired)
  .max(256, 'The password is too long');

/** POST /api/v1/reset-password with a link from a reset e-mail. */
export const LinkResetBodySchema = z.object({
  mac: z.string().min(1),
  time: z.coerce.number().int(),
  user_id: objectId,
  new_password: NewPasswordSchema,
});

/** POST /api/v1/reset-password by a signed-in user who knows the current password. */
export const ChangePasswordBodySchema = z.object({
  current_password: z.string({ error: v.currentPasswordRequired }).min(1, v.currentPasswordRequired),
  new_password: NewPasswordSchema,
});

export const ResetPasswordBodySchema = z.union([LinkResetBodySchema, ChangePasswordBodySchema]);

/** GET /api/v1/login-link */
export const LoginLinkQuerySchema = z.object({
  m: z.string().min(1),
  u: objectId,
  t: z.coerce.number().int(),
  e: z.string().min(1),
});

/**
 * POST /api/v1/user/update-current-user (spec §7): the only fields a user may change on their
 * own record. Anything else (roles, grants, account, verification) is refused, not ignored.
 */
// Strict: an unknown field is a 400 naming it, not silently dropped. Names follow the text rule.
export const UpdateCurrentUserBodySchema = withTextRule(
  z.strictObject({
    first_name: z.string().trim().min(1, v.firstNameRequired).max(100).optional(),
    last_name: z.string().trim().min(1, v.lastNameRequired).max(100).optional(),
    email: EmailSchema.optional(),
    viewed_marketing_consent: z.boolean().optional(),
    marketing_consent: z.boolean().optional(),
  }),
);
export type UpdateCurrentUserBody = z.infer<typeof UpdateCurrentUserBodySchema>;

/** The e-mails whose link test control may issue at a chosen time (each goes to the user's e-mail). */
export const LINK_EMAIL_KINDS = ['reset-password', 'login-link', 'invitation'] as const;
/**
 * Every e-mail the product sends: those, plus the two of an e-mail change: the
 * confirmation link to the new address, and the notice to the old one.
 */
export const EMAIL_KINDS = [...LINK_EMAIL_KINDS, 'email-change', 'email-change-notice'] as const;

/** The e-mails that carry no link of their own to sign in with: a scheduled report. */
export const REPORT_EMAIL_KIND = 'scheduled-report';
/** The mail to a schedule's owner naming the recipients a run left out, and why. */
export const REPORT_NOTICE_EMAIL_KIND = 'scheduled-report-notice';

/** A file sent with an e-mail (a scheduled report's CSV), as text. */
export const OutboxAttachmentSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  content: z.string(),
});

export const OutboxMessageSchema = z.object({
  id: objectId,
  created_at: z.string(),
  account: z.null(),
  kind: z.enum([...EMAIL_KINDS, REPORT_EMAIL_KIND, REPORT_NOTICE_EMAIL_KIND]),
  user: objectId,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Path and query of the link, relative to the site. */
  link: z.string(),
  url: z.string(),
  attachments: z.array(OutboxAttachmentSchema).optional(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxListSchema = z.object({ data: z.array(OutboxMessageSchema), count: z.number().int() });

export const OutboxQuerySchema = z.object({ to: z.string().optional() });

/** POST /api/v1/testing/outbox/links: issue a link at an explicit time (e.g. an expired one). */
export const TestLinkBodySchema = z.object({
  kind: z.enum(LINK_EMAIL_KINDS),
  email: EmailSchema,
  time: z.number().int().optional(),
});

/** GET /api/v1/demo/personas: the one-click sign-in list of the login page (demo and test only). */
export const DemoPersonaSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.string(),
  account_name: z.string(),
  note: z.string(),
});
export const DemoPersonasResponseSchema = z.object({ password: z.string(), data: z.array(DemoPersonaSchema) });
export type DemoPersonasResponse = z.infer<typeof DemoPersonasResponseSchema>;

/**
 * POST /api/v1/testing/users (demo and test only): a throwaway user in the main demo account, so
 * browser tests that change a password or answer the consent question leave the personas alone.
 */
export const TestUserBodySchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1).max(256).nullable().default(null),
  first_name: z.string().trim().min(1).max(100).default('Test'),
  last_name: z.string().trim().min(1).max(100).default('User'),
  email_verified: z.boolean().default(true),
  viewed_marketing_consent: z.boolean().default(true),
  marketing_consent: z.boolean().default(false),
});
