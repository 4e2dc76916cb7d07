import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../src/shared/constants.ts';
import type { EMAIL_KINDS, OutboxMessage as SentMessage } from '../../src/shared/schemas/self-service.ts';
import { LINK_PATHS, linkQuery, linkState, type LinkPurpose } from '../auth/links.ts';
import { newId } from '../store/repositories.ts';
import { now as clockNow, nowIso } from '../sandbox/context.ts';

/**
 * The outbox (decisions.md §3): every e-mail the product would send is stored here and nothing
 * leaves the system. Demo and test runs read it through /api/v1/testing/outbox and the /outbox
 * page to follow a link end to end.
 */
export const OUTBOX_COLLECTION = 'outbox-message';

export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface OutboxMessage {
  [key: string]: unknown;
  id: string;
  created_at: string;
  /** Outbox rows are global, not owned by an account. */
  account: null;
  kind: SentMessage['kind'];
  user: string;
  /** One address, or several joined by ', ' (a scheduled report's one mail to its recipients). */
  to: string;
  subject: string;
  text: string;
  /** The link in the e-mail, relative to the site (what a test follows), and the absolute form. */
  link: string;
  url: string;
  attachments?: SentMessage['attachments'];
}

export interface LinkUser {
  id: string;
  email: string;
  first_name?: string;
}

function repository(app: FastifyInstance) {
  return app.repositories.collection(OUTBOX_COLLECTION, null);
}

/** Newest first; `to` filters by recipient (case-insensitive). */
export function readOutbox(app: FastifyInstance, to?: string): OutboxMessage[] {
  const wanted = to?.trim().toLowerCase();
  const rows = repository(app).all() as unknown as OutboxMessage[];
  const addressedTo = (message: OutboxMessage) =>
    message.to
      .toLowerCase()
      .split(', ')
      .some((address) => address === wanted);
  return rows.filter((message) => !wanted || addressedTo(message)).toReversed();
}

export async function clearOutbox(app: FastifyInstance): Promise<void> {
  const outbox = repository(app);
  for (const { id } of [...outbox.all()]) await outbox.remove(id);
}

/**
 * A header's value on one line: control characters (CR and LF above all, which would start a
 * header of the sender's choosing, such as Bcc) and the Unicode line separators become a space.
 * Header values carry what people typed (a report's name in a subject), so every one passes here.
 */
export function headerValue(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/** Every e-mail is stored through here: its header values (recipients, subject, file names) on one line. */
async function store(app: FastifyInstance, message: OutboxMessage): Promise<OutboxMessage> {
  const stored: OutboxMessage = {
    ...message,
    to: headerValue(message.to),
    subject: headerValue(message.subject),
    ...(message.attachments && {
      attachments: message.attachments.map((file) => ({
        ...file,
        filename: headerValue(file.filename),
        content_type: headerValue(file.content_type),
      })),
    }),
  };
  await repository(app).insert(stored);
  return stored;
}

/** Stores an e-mail that is not a link e-mail (a scheduled report): nothing leaves the system. */
export async function sendEmail(
  app: FastifyInstance,
  message: Pick<OutboxMessage, 'kind' | 'user' | 'to' | 'subject' | 'text' | 'link' | 'url' | 'attachments'>,
) {
  return store(app, { id: newId(), created_at: nowIso(), account: null, ...message });
}

/** Each e-mail's words and the link it carries: a signed link of a purpose, or (null) the sign-in page. */
const COPY: Record<EmailKind, { purpose: LinkPurpose | null; subject: string; body: string }> = {
  'reset-password': {
    purpose: 'reset',
    subject: `Reset your ${PRODUCT_NAME} password`,
    body: 'Someone asked to reset the password of your account. If it was you, open this link within one hour to choose a new password; it works once:',
  },
  'login-link': {
    purpose: 'login',
    subject: `Confirm your ${PRODUCT_NAME} e-mail address`,
    body: 'Open this link within 24 hours to confirm your e-mail address and sign in:',
  },
  invitation: {
    purpose: 'login',
    subject: `You have been invited to ${PRODUCT_NAME}`,
    body: 'An account has been created for you. Open this link within 24 hours to confirm your e-mail address, sign in and choose your password:',
  },
  // An e-mail change: the link goes to the new address; the old one is told.
  'email-change': {
    purpose: 'login',
    subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
    body: `Your ${PRODUCT_NAME} e-mail address is being changed to this one. Open this link within 24 hours to confirm it and sign in; until then you sign in with your previous address:`,
  },
  'email-change-notice': {
    purpose: null,
    subject: `Your ${PRODUCT_NAME} e-mail address is being changed`,
    body: `The e-mail address of your ${PRODUCT_NAME} account is being changed to {new}. Nothing changes until that address confirms it: you keep signing in with this one. If you did not ask for this, sign in and tell your administrator or support at once:`,
  },
};

/**
 * Builds the e-mail with its signed link and stores it. `time` is the link's issue time; only the
 * test-control API passes one (to make an expired link), everything else issues links now.
 * The absolute URL in the text starts with the configured public base URL (LAMP_PUBLIC_URL).
 */
export async function sendLinkEmail(
  app: FastifyInstance,
  options: { kind: EmailKind; user: LinkUser; time?: number; newEmail?: string },
): Promise<OutboxMessage> {
  const { kind, user } = options;
  const copy = COPY[kind];
  const time = options.time ?? clockNow();
  // Bound to the stored user as they are now (not to `user.email`, which may be a pending address).
  const stored = app.repositories.user.byId(user.id);
  const state = stored ? linkState(stored) : '';
  const claims = { purpose: copy.purpose ?? 'login', userId: user.id, time, email: user.email, state };
  const link = copy.purpose ? `${LINK_PATHS[copy.purpose]}?${linkQuery(app.config.linkSecret, claims)}` : '/login';
  // Never the request's Host or X-Forwarded-Host: a forged one would send the user elsewhere.
  const url = `${app.config.publicUrl}${link}`;
  const greeting = user.first_name ? `Hello ${user.first_name},` : 'Hello,';
  const message: OutboxMessage = {
    id: newId(),
    created_at: nowIso(),
    account: null,
    kind,
    user: user.id,
    to: user.email,
    subject: copy.subject,
    text: `${greeting}\n\n${copy.body.replace('{new}', options.newEmail ?? '')}\n\n${url}\n\n${copy.purpose ? 'If you did not expect this e-mail, you can ignore it.\n\n' : ''}${PRODUCT_NAME}`,
    link,
    url,
  };
  return store(app, message);
}
