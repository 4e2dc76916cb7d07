/**
 * The audit trail (GET /api/v1/audit-event): one record per row a person's request changed,
 * written by the store in the same write as the change (server/store/audit.ts). Records are
 * append-only through the API: there is no route that creates, changes or deletes one.
 *
 * `before` and `after` hold the whole row for a create (after) and a delete (before), only the
 * changed fields for an update; a field named like a password, secret or token holds
 * "[redacted]" instead of its value (the request journal's rule, REDACTED).
 */
import { z } from 'zod';
import { isoDateTime, isoDay, objectId } from './common.ts';
import { MAX_SKIP } from './list-query.ts';

/** The collection's name in the store and the API path's last segment. */
export const AUDIT_RESOURCE = 'audit-event';

const fields = z.record(z.string(), z.unknown());

export const auditEventRow = z.object({
  id: objectId,
  /** When the change was written (the sandbox's clock). */
  at: isoDateTime,
  /** Who asked for it; null for a request without a session (a password reset by link). */
  actor: z.object({ id: objectId, email: z.string() }).nullable(),
  /** The account acted in: the row's account (null for a global row such as a lookup). */
  account: objectId.nullable(),
  /** The account acted in when it is not the actor's own (they switched to it), else null. */
  switched_account: objectId.nullable(),
  resource: z.string(),
  record_id: z.string(),
  action: z.string(),
  before: fields.nullable(),
  after: fields.nullable(),
  request_id: z.string(),
  client_address: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventRow>;

/**
 * A comma-separated list of one or more items, each matching `item` (empty entries ignored). The
 * check is one pattern on the text as sent, so the document states exactly what the server takes.
 */
const csv = (item: string, noun: string) =>
  z
    .string()
    .regex(new RegExp(`^,*(?:${item})(?:,+(?:${item}))*,*$`), `give one or more ${noun}, comma-separated`)
    .transform((text) => text.split(',').filter(Boolean));
const ID = '[0-9a-f]{24}';
/**
 * A whole number as sent: ASCII digits only (z.coerce took '' as 0, and '1e3' or '0x10' as
 * numbers; the list routes' paging refuses those, and so does this), at most ten of them, within
 * its bounds. The pattern itself states the bounds, so the document says exactly what the server
 * takes: a range checked only after the text became a number was invisible to a client reading
 * the document (Schemathesis sent limit=0 as valid). The range is checked again as a number.
 */
const wholeNumber = (pattern: RegExp, min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .max(10, message)
    .regex(pattern, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
};
/** 0 to MAX_SKIP (1000000000): up to nine digits, or ten with a leading zero, or 1000000000 itself. */
const SKIP_TEXT = /^(?:[0-9]{1,9}|0[0-9]{9}|1000000000)$/;
/** 1 to 5000, leading zeros allowed: 1–999, 1000–4999, or 5000. */
const LIMIT_TEXT = /^0*(?:[1-9][0-9]{0,2}|[1-4][0-9]{3}|5000)$/;
const NAME = '[a-z-]{1,60}';

/** GET /api/v1/audit-event: paging, filters (each comma-separated where it names things), newest first. */
export const auditEventQuery = z.strictObject({
  skip: wholeNumber(SKIP_TEXT, 0, MAX_SKIP).default(0),
  limit: wholeNumber(LIMIT_TEXT, 1, 5000).default(25),
  /** Super only: the accounts whose records to list; without it, every account. */
  account: csv(ID, 'account ids').optional(),
  /** The actors' user ids. */
  actor: csv(ID, 'user ids').optional(),
  resource: csv(NAME, 'resource names').optional(),
  action: csv(NAME, 'action names').optional(),
  record_id: csv(ID, 'record ids').optional(),
  /** First and last day (UTC), inclusive. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** Newest first (desc, the default) or oldest first. */
  sort: z.enum(['desc(at)', 'asc(at)']).default('desc(at)'),
});
export type AuditEventQuery = z.infer<typeof auditEventQuery>;

export const auditEventList = z.object({ data: z.array(auditEventRow), count: z.number().int() });
