/**
 * The lifecycle of a study and what it allows (src/shared/spotlight-rules.ts), checked before any
 * write: a field locked in the study's state, a move other than the next one, fielding without an
 * asset, deleting a study with results, an asset write on a study that is no longer a draft. Each
 * refusal is a 4xx naming the field at fault where there is one, and nothing is written.
 */
import { messages } from '../../../src/shared/messages.ts';
import {
  assetsEditable,
  canSpotlight,
  STUDY_EDITABLE,
  STUDY_NEXT,
  type StudyStatus,
} from '../../../src/shared/spotlight-rules.ts';
import { datesInOrder } from '../../../src/shared/schemas/common.ts';
import { badRequest, forbidden, HttpError, invalidField } from '../../http-errors.ts';
import type { StoredRow } from '../../store/repositories.ts';
import type { SpotlightContext } from './guard.ts';
import type { SpotlightStore } from './store.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function checkStudyEdit(
  store: SpotlightStore,
  ctx: SpotlightContext,
  current: StoredRow,
  next: StoredRow,
  input: Record<string, unknown>,
): void {
  if (!datesInOrder(next as { start_date?: string; end_date?: string }))
    throw invalidField('end_date', messages.validation.endBeforeStart);
  const status = current.status as StudyStatus;
  for (const [field, value] of Object.entries(input)) {
    if (field === 'status' || same(value, current[field])) continue;
    if (!STUDY_EDITABLE[status].includes(field))
      throw invalidField(field, messages.spotlight.studyFieldLocked(status), 409);
  }
  const wanted = input.status as StudyStatus | undefined;
  if (!wanted || wanted === status) return;
  if (!canSpotlight(ctx.spotlightRole, 'spotlight.study.status')) throw forbidden(messages.access.writeRefused);
  if (STUDY_NEXT[status] !== wanted)
    throw invalidField('status', messages.spotlight.studyMoveRefused(status, wanted), 409);
  if (wanted === 'fielding' && store.stims.findBy('brief', current.id).length === 0)
    throw invalidField('status', messages.spotlight.studyNeedsAssets, 409);
}

export function checkStudyDelete(store: SpotlightStore, row: StoredRow): void {
  if (store.stims.findBy('brief', row.id).some((asset) => asset.results))
    throw new HttpError(409, messages.spotlight.studyHasResults);
}

/** The draft study an asset write belongs to (another company's study is not found). */
export function draftStudy(store: SpotlightStore, ctx: SpotlightContext, briefId: string): StoredRow {
  const study = store.briefs.byId(briefId);
  if (!study || study.company !== ctx.company.id) throw badRequest('brief: no study with this id in this company');
  const status = study.status as StudyStatus;
  if (!assetsEditable(status)) throw new HttpError(409, messages.spotlight.assetsLocked(status));
  return study;
}

/** Areas must lie inside the creative, which the schema checks; their names must differ. */
export function checkAreas(areas: readonly { name: string }[] | undefined): void {
  if (!areas) return;
  const seen = new Set<string>();
  areas.forEach((area, index) => {
    const key = area.name.trim().toLowerCase();
    if (seen.has(key)) throw invalidField(`areas.${index}.name`, 'another area has this name');
    seen.add(key);
  });
}
