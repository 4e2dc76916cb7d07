/**
 * What the server does for activations and domain lists beyond the resource engine's generic
 * rules (decisions.md §7), for every write however it arrives (the engine's PUT, the create-with-
 * list endpoints): state changes follow the actions of src/shared/activations.ts, the deal id is
 * set when an activation first goes active and never changes after, settings change only as a
 * draft or paused, an ended activation is final, only a draft or ended activation is deleted, and
 * a domain list an activation still uses cannot be deleted.
 */
import {
  ACTIVATION_SETTINGS,
  activationMessages,
  canDelete,
  canEditSettings,
  canMoveTo,
  dealId,
  usesList,
} from '../../../src/shared/activations.ts';
import type { Activation } from '../../../src/shared/schemas/index.ts';
import { badRequest, HttpError } from '../../http-errors.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';
import { nowDate } from '../../sandbox/context.ts';

/** A deal id no other activation has (four random digits; retried on a clash). */
export function newDealId(repositories: Repositories, accountId: string, now = nowDate()): string {
  const account = repositories.account.byId(accountId);
  const name = account?.name ?? '';
  const start = Math.floor(Math.random() * 10_000);
  for (let step = 0; step < 10_000; step += 1) {
    const candidate = dealId(name, now.getUTCFullYear(), start + step * 7_919);
    if (repositories.activation.findBy('deal_id', candidate).length === 0) return candidate;
  }
  throw new HttpError(409, 'No deal id is free for this account this year');
}

/**
 * Completes and checks an activation about to be written (current: null on create). Throws a 4xx
 * that names the problem; changes nothing in the store.
 */
export function prepareActivation(repositories: Repositories, row: StoredRow, current: StoredRow | null): void {
  const next = row as unknown as Activation;
  if (current) {
    const before = current as unknown as Activation;
    const settingsChange = ACTIVATION_SETTINGS.some((field) => before[field] !== next[field]);
    if (before.status === 'ended' && (settingsChange || before.status !== next.status)) {
      throw new HttpError(409, activationMessages.ended);
    }
    // A running deal's settings are what the platform buys on: pause it first.
    if (settingsChange && !canEditSettings(before.status)) {
      throw new HttpError(409, activationMessages.settingsLocked);
    }
    if (!canMoveTo(before.status, next.status)) {
      throw new HttpError(409, activationMessages.transition(before.status, next.status));
    }
  } else if (next.status !== 'draft' && next.status !== 'active') {
    throw badRequest(activationMessages.initialStatus);
  }
  // An activation that names nothing puts nothing to work. A stored one that already names nothing
  // (none in the fixtures) can still change its other fields.
  const empty = (a: Activation) => a.measurement === null && a.domain_list === null && a.vendor === null;
  if (empty(next) && !(current && empty(current as unknown as Activation))) {
    throw badRequest(activationMessages.noReferences);
  }
  // Going live (or, live, moving to another list) needs a list with entries. The input schemas
  // refuse an empty list; one stored before they did must not reach a platform either.
  const was = current as unknown as Activation | null;
  const goesLive = next.status === 'active' && (was?.status !== 'active' || was.domain_list !== next.domain_list);
  const list = goesLive && next.domain_list ? repositories['domain-list'].byId(next.domain_list) : undefined;
  if (list && list.domains.length === 0) throw new HttpError(409, activationMessages.emptyList(list.name));
  row.deal_id = current?.deal_id ?? null;
  if (next.status === 'active' && !row.deal_id) {
    row.deal_id = newDealId(repositories, next.account);
  }
}

/** Refuses (409) to delete an activation whose deal is live or paused: it is ended first. */
export function assertActivationDeletable(_repositories: Repositories, row: StoredRow): void {
  const activation = row as unknown as Activation;
  if (!canDelete(activation.status)) throw new HttpError(409, activationMessages.deleteRefused(activation.status));
}

/** Refuses (409, naming them) to delete a list that activations which have not ended still use. */
export function assertListUnused(repositories: Repositories, list: StoredRow): void {
  const users = repositories.activation.findBy('domain_list', list.id).filter((a) => usesList(a, list.id));
  if (users.length) {
    throw new HttpError(
      409,
      activationMessages.listInUse(
        String(list.name),
        users.map((a) => a.name),
      ),
    );
  }
}
