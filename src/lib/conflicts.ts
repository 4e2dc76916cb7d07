/**
 * Optimistic concurrency for every page: the versions (ETags) this client read, the 412 conflict
 * and the one dialog that asks what to do about it (src/app/shared/ConflictHost.tsx).
 */
import type { ResourceName } from '../shared/schemas/index.ts';
import { ApiError } from './api-error.ts';

/**
 * Optimistic concurrency: no silent lost updates, and no page that can forget.
 *
 * - Every read of one record by id (getOne, getVersioned, a list with ?id=) remembers the ETag the
 *   server answers, keyed by resource and id; a write's answer remembers the new one, a delete
 *   forgets it. The latest read wins, as in an HTTP cache: a page that shows the record again
 *   shows, and then saves over, that version.
 * - update and remove send the remembered version as If-Match, so the server answers 412 when
 *   someone else changed the record meanwhile. A caller may pass its own (`ifMatch`; OVERWRITE
 *   replaces whatever is stored).
 * - A 412 is a ConflictError. With a conflict handler registered (the app's ConflictHost), the
 *   person chooses: Overwrite sends the same write again with If-Match *, and the call succeeds as
 *   if nothing happened; Reload runs the caller's `onReload` (the app's fallback reloads the
 *   page) and Cancel keeps the page as it is; both then throw the ConflictError with its
 *   `choice`, which the error alert skips (the dialog said it all).
 * - A list answer carries no versions. An editor opened from a list reads its record by id first
 *   (useRecord, getOne); a write straight from a list row (a status button, a delete, bulk
 *   delete) goes through updateListed or removeListed, which read the row by id and compare it
 *   with what the list showed before writing. Only a write of a record neither read by id nor
 *   passed as a listed row goes without If-Match.
 */
export interface RecordRef {
  resource: ResourceName;
  id: string;
}

/** If-Match value that overwrites the stored row whatever its version. */
export const OVERWRITE = '*';

export type ConflictChoice = 'overwrite' | 'reload' | 'cancel';

/** The server's "changed by someone else" (412 Precondition Failed). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
  readonly record: RecordRef | null;
  /** What the person chose in the conflict dialog; null when nobody was asked. */
  choice: Exclude<ConflictChoice, 'overwrite'> | null = null;
  constructor(body: unknown, record: RecordRef | null) {
    super(412, body);
    this.record = record;
  }
}

/** Whether an error is the server's "changed by someone else" (412 Precondition Failed). */
export function isConflict(error: unknown): error is ConflictError {
  return error instanceof ConflictError;
}

export interface ConflictHandler {
  /** Shows the conflict dialog; answers the person's choice. */
  ask: (conflict: ConflictError) => Promise<ConflictChoice>;
  /** Reload for a caller that gave no `onReload`. */
  reload: () => void;
}

let conflictHandler: ConflictHandler | null = null;

/** The app registers the one conflict dialog (ConflictHost); without it a 412 simply throws. */
export function setConflictHandler(handler: ConflictHandler | null): void {
  conflictHandler = handler;
}

const versions = new Map<string, string>();
const versionKey = ({ resource, id }: RecordRef) => `${resource}?id=${id}`;

export function remember(record: RecordRef, version: string | null): void {
  if (version) versions.set(versionKey(record), version);
  else versions.delete(versionKey(record));
}

/** The version of a record this client last read or wrote (its ETag), or null. */
export function versionOf(resource: ResourceName, id: string): string | null {
  return versionOfRecord({ resource, id }) ?? null;
}

export function versionOfRecord(record: RecordRef): string | undefined {
  return versions.get(versionKey(record));
}

/** Forgets every remembered version (signing out; tests). */
export function forgetVersions(): void {
  versions.clear();
}

/**
 * Asks the conflict dialog about a write someone else's save overtook. Returns when the person
 * chose Overwrite; otherwise (Reload, Cancel, or no dialog registered) throws the conflict.
 */
export async function askOverwrite(conflict: ConflictError, onReload: (() => void) | undefined): Promise<void> {
  if (!conflictHandler) throw conflict;
  const choice = await conflictHandler.ask(conflict);
  if (choice === 'overwrite') return;
  if (choice === 'reload') {
    if (conflict.record) versions.delete(versionKey(conflict.record));
    (onReload ?? conflictHandler.reload)();
  }
  conflict.choice = choice;
  throw conflict;
}
