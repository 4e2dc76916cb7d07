/**
 * The audit trail's records, made where rows are written: the repositories ask
 * `auditRecords` for the records of a write and put them in the same store write (one log line)
 * as the rows, so a kill keeps both or neither, and no route has to remember to record.
 *
 * What a record says about the request (who, which account, the route's verb, the request id
 * and the client's address) comes from the request's context, entered for every request by
 * server/plugins/audit.ts. Writes outside a request (start-up, timers) and the server's own work
 * (asServerWork: a sign-in's last-login stamp) are not a person's change and are not recorded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ACTIVATION_ACTIONS, ACTIVATION_TRANSITIONS } from '../../src/shared/activations.ts';
import { ownersOf } from '../../src/shared/row-access.ts';
import type { AccountPath } from '../../src/shared/schemas/index.ts';
import { AUDIT_RESOURCE, type AuditEvent } from '../../src/shared/schemas/audit-event.ts';
import { redactedCopy } from '../sandbox/journal.ts';
import { nowIso } from '../sandbox/context.ts';
import { isServerWork, type Database } from './database.ts';

export { AUDIT_RESOURCE };

/** What the request says about a write, read when the write happens (the session is known by then). */
export interface AuditRequest {
  actor: { id: string; email: string; account: string } | null;
  /** The account the request selected (an access policy's), if any. */
  selectedAccount: string | null;
  /** The route's URL pattern ('/api/v1/account-users/grant') and method. */
  route: string;
  method: string;
  requestId: string;
  clientAddress: string;
}

const storage = new AsyncLocalStorage<() => AuditRequest | null>();

/** Runs `fn` (and everything it starts) as a request whose writes are recorded. */
export function runAudited<T>(request: () => AuditRequest | null, fn: () => T): T {
  return storage.run(request, fn);
}

/** One row's change: before absent on a create, after absent on a delete. */
export interface RowChange {
  before?: Record<string, unknown> & { id: string };
  after?: Record<string, unknown> & { id: string };
}

/** Fields every update changes, which say nothing the record's `at` does not. */
const NOISE = new Set(['updated_at']);

/** The changed fields of an update, each side redacted. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (NOISE.has(key) || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return { before: redactedCopy(was) as Record<string, unknown>, after: redactedCopy(is) as Record<string, unknown> };
}

/**
 * The action a write records: an activation's state change by its action's name; a named route by
 * its verb (the URL's last segment: 'grant', 'invite', 'upload'); the engine's routes, and routes
 * named after what they carry ('with-list'), by what the row underwent.
 */
function actionOf(resource: string, change: RowChange, route: string): string {
  const { before, after } = change;
  if (resource === 'activation' && before && after && before.status !== after.status) {
    const named = ACTIVATION_ACTIONS.find(
      (action) =>
        ACTIVATION_TRANSITIONS[action].to === after.status &&
        (ACTIVATION_TRANSITIONS[action].from as readonly unknown[]).includes(before.status),
    );
    if (named) return named;
  }
  // '/api/v1/{area}/{verb}': a route of an area's own (the engine's are '/api/v1/{resource}').
  const [, , , , verb, more] = route.split('/');
  if (verb && !more && /^[a-z][a-z-]*$/.test(verb) && !verb.startsWith('with-')) return verb;
  return !before ? 'create' : !after ? 'delete' : 'update';
}

/**
 * Where the record of a row with no LAMP owner goes: 'global' (a lookup a super user edits: every
 * account's trail, read by super) or 'selected-account' (Spotlight's studies, assets and users,
 * owned by a company the selected account opens: that account's trail).
 */
export type Ownerless = 'global' | 'selected-account';

/**
 * The accounts whose grants a change of a user's row gives, changes or takes away. A grant is
 * made in the account it is for (an admin there gives it), whoever's row holds it.
 */
function grantAccounts(change: RowChange): string[] {
  const grants = (row: Record<string, unknown> | undefined) => {
    const byAccount = new Map<string, string>();
    for (const field of ['access_grants', 'root_account_access_grants'])
      for (const grant of Array.isArray(row?.[field]) ? (row[field] as unknown[]) : [])
        if (grant && typeof grant === 'object' && typeof (grant as { id?: unknown }).id === 'string')
          byAccount.set(`${field}:${(grant as { id: string }).id}`, JSON.stringify(grant));
    return byAccount;
  };
  const before = grants(change.before);
  const after = grants(change.after);
  const changed = new Set<string>();
  for (const key of new Set([...before.keys(), ...after.keys()]))
    if (before.get(key) !== after.get(key)) changed.add(key.slice(key.indexOf(':') + 1));
  return [...changed];
}

/**
 * The account a change was made in: for a change of grants, the account a grant is for (a
 * grant Northwind's admin gives an outside user is Northwind's record, not the user's home
 * account's); else the selected account if the row is its, else the row's first owner.
 */
function accountOf(
  change: RowChange,
  accountPath: AccountPath,
  request: AuditRequest,
  ownerless: Ownerless,
): string | null {
  const row = (change.after ?? change.before)!;
  const granted = change.before && change.after ? grantAccounts(change) : [];
  const owners = granted.length
    ? granted
    : ownersOf(row, accountPath).filter((owner): owner is string => typeof owner === 'string');
  for (const preferred of [request.selectedAccount, request.actor?.account])
    if (preferred && owners.includes(preferred)) return preferred;
  // A row with no owner of its own (a Spotlight user) is the selected account's, else the actor's.
  return (
    owners[0] ?? (ownerless === 'selected-account' ? (request.selectedAccount ?? request.actor?.account ?? null) : null)
  );
}

/**
 * The records of one write of `resource`'s rows, or none outside a person's request. `newId`
 * is the store's id maker (ids sort by creation).
 */
export function auditRecords(
  resource: string,
  accountPath: AccountPath,
  changes: readonly RowChange[],
  newId: () => string,
  ownerless: Ownerless = 'global',
): AuditEvent[] {
  const request = storage.getStore()?.();
  if (!request || isServerWork()) return [];
  const at = nowIso();
  return changes.map((change) => {
    const row = (change.after ?? change.before)!;
    const account = accountOf(change, accountPath, request, ownerless);
    const diff =
      change.before && change.after
        ? changedFields(change.before, change.after)
        : {
            before: change.before ? (redactedCopy(change.before) as Record<string, unknown>) : null,
            after: change.after ? (redactedCopy(change.after) as Record<string, unknown>) : null,
          };
    return {
      id: newId(),
      at,
      actor: request.actor && { id: request.actor.id, email: request.actor.email },
      account,
      switched_account: request.actor && account && account !== request.actor.account ? account : null,
      resource,
      record_id: row.id,
      action: actionOf(resource, change, request.route),
      ...diff,
      request_id: request.requestId,
      client_address: request.clientAddress,
    };
  });
}

/**
 * Whether the default store holds a trail yet: the retention leaves a store without one as it is
 * (reading the collection through a repository would add an empty one, and a test-mode store must
 * stay the fixtures byte for byte until someone writes).
 */
export function hasAuditTrail(db: Database): boolean {
  return Object.hasOwn(db.low.data.collections, AUDIT_RESOURCE);
}
