/**
 * Who a scheduled report's run may mail, decided at every run (timed or by hand), not only when the
 * schedule is saved: access changes after the save (a grant removed, a user moved to another
 * account, an admin demoted), and a report's figures are the account's business.
 *
 *   - The schedule's owner (its maker) must still have access to the report's account, and see
 *     the report; otherwise the run sends nothing (`refusal`).
 *   - A recipient who is a LAMP user is mailed only while they have access to the account.
 *   - Any other address is mailed only while the owner may send reports outside the account
 *     (`reports.manage`, the rule the schedule was saved under).
 *
 * Everyone not mailed is `skipped`, with the reason in words a person reads (src/shared/messages.ts).
 */
import { can, canAccessAccount, effectiveRole } from '../../../src/shared/access.ts';
import { messages } from '../../../src/shared/messages.ts';
import { resources, type User } from '../../../src/shared/schemas/index.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';
import { canSeeRow } from '../resources/resource-rules.ts';

export interface SkippedRecipient {
  address: string;
  reason: string;
}

export interface RecipientCheck {
  /** The owner to tell about skipped recipients (null: the schedule records none, or they are gone). */
  owner: User | null;
  /** Why the run sends nothing at all, or null. */
  refusal: string | null;
  /** The addresses the run mails. */
  send: string[];
  skipped: SkippedRecipient[];
}

/** The schedule's owner: its maker, else the report's (older schedules recorded none). */
function ownerIdOf(schedule: StoredRow, report: StoredRow): string | null {
  if (typeof schedule.created_by === 'string') return schedule.created_by;
  return typeof report.created_by === 'string' ? report.created_by : null;
}

export function checkRecipients(repositories: Repositories, schedule: StoredRow, report: StoredRow): RecipientCheck {
  const account = String(schedule.account);
  const accountName = repositories.account.byId(account)?.name ?? account;
  const ownerId = ownerIdOf(schedule, report);
  const owner = ownerId ? ((repositories.user.byId(ownerId) as User | undefined) ?? null) : null;
  const addresses = [...new Set((schedule.recipients as string[]).map((address) => address.trim().toLowerCase()))];
  if (ownerId && !owner) return { owner: null, refusal: messages.schedules.ownerGone, send: [], skipped: [] };
  if (owner && (!canAccessAccount(owner, account) || !canSeeRow(owner, resources['saved-report'], report)))
    return { owner, refusal: messages.schedules.ownerLostAccess(accountName), send: [], skipped: [] };

  const mayMailOutside = !!owner && can(effectiveRole(owner, account), 'reports.manage');
  const users = repositories.user.all();
  const send: string[] = [];
  const skipped: SkippedRecipient[] = [];
  for (const address of addresses) {
    const user = users.find((candidate) => candidate.email.toLowerCase() === address);
    if (user && !canAccessAccount(user, account))
      skipped.push({ address, reason: messages.schedules.recipientLostAccess(address, accountName) });
    else if (!user && !mayMailOutside)
      skipped.push({ address, reason: messages.schedules.recipientOutside(address, accountName) });
    else send.push(address);
  }
  return { owner, refusal: send.length ? null : messages.schedules.noneLeft, send, skipped };
}
